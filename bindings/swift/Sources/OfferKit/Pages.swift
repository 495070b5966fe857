// Hand-written: the pagers as `AsyncSequence`s, so a walk is a loop:
//   for try await page in client.playerOffersPages(playerId: id) { … }
// The generated pagers (`playerOffersPager`, `listingPager`) fetch one page per `nextPage()`;
// a sequence makes its pager when iteration starts (its arguments are checked then, and an
// error ends the loop), fetches a page only when the loop asks for the next one, and drops the
// pager with the iterator: breaking out of the loop fetches nothing more. Cancelling the task
// cancels the page in flight (`CancellationError`).

/// Every page of `playerOffers` for one player, from `options.after` (or the first page).
public struct PlayerOffersPages: AsyncSequence, Sendable {
    public typealias Element = PlayerOffersPage

    let client: OfferClient
    let playerId: String
    let options: PlayerOffersOptions?

    public struct AsyncIterator: AsyncIteratorProtocol {
        let pages: PlayerOffersPages
        var pager: PlayerOffersPager?

        public mutating func next() async throws -> PlayerOffersPage? {
            if pager == nil {
                pager = try pages.client.playerOffersPager(playerId: pages.playerId, options: pages.options)
            }
            return try await pager?.nextPage()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: self, pager: nil)
    }
}

/// Every page of the `GET /v1/offers` listing, `perPage` offers at a time, from page 1.
public struct ListingPages: AsyncSequence, Sendable {
    public typealias Element = ListingPage

    let client: OfferClient
    let perPage: Int64

    public struct AsyncIterator: AsyncIteratorProtocol {
        let pages: ListingPages
        var pager: ListingPager?

        public mutating func next() async throws -> ListingPage? {
            if pager == nil {
                pager = try pages.client.listingPager(perPage: pages.perPage)
            }
            return try await pager?.nextPage()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: self, pager: nil)
    }
}

extension OfferClient {
    /// The pages of `playerOffers` for `playerId`, as an `AsyncSequence`.
    public func playerOffersPages(playerId: String, options: PlayerOffersOptions? = nil) -> PlayerOffersPages {
        PlayerOffersPages(client: self, playerId: playerId, options: options)
    }

    /// The pages of the listing, `perPage` offers each, as an `AsyncSequence`.
    public func listingPages(perPage: Int64) -> ListingPages {
        ListingPages(client: self, perPage: perPage)
    }
}
