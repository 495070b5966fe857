// The pagers as AsyncSequences (full walk, early break, a cursor cycle, endless empty pages, a
// stalled listing) and the listing itself.
import Foundation
import OfferKit
import XCTest

final class PagerTests: XCTestCase {
    func testEveryPageOfPlayerOffersToTheEnd() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let all = try await client.playerOffers(playerId: "pager-player", options: PlayerOffersOptions(limit: 100))
        XCTAssertNil(all.nextCursor)
        XCTAssertGreaterThan(all.items.count, 2)
        var ids: [String?] = []
        var pages = 0
        for try await page in client.playerOffersPages(playerId: "pager-player", options: PlayerOffersOptions(limit: 2)) {
            XCTAssertLessThanOrEqual(page.items.count, 2)
            ids += page.items.map(\.id)
            pages += 1
        }
        XCTAssertEqual(ids, all.items.map(\.id))
        XCTAssertEqual(pages, (all.items.count + 1) / 2)
    }

    func testBreakingOutOfTheLoopFetchesNoMore() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        for try await page in client.playerOffersPages(playerId: "pager-player", options: PlayerOffersOptions(limit: 1)) {
            XCTAssertEqual(page.items.count, 1)
            break
        }
        try await Task.sleep(nanoseconds: 200_000_000)
        let stats = try await sim.stats()
        XCTAssertEqual(stats["graphql"], 1)
    }

    func testBadArgumentsEndTheLoopBeforeAnythingIsSent() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let error = await offerError {
            for try await _ in client.playerOffersPages(playerId: "", options: nil) {}
        }
        XCTAssertEqual(error?.errorKind, .invalidArgument)
        let stats = try await sim.stats()
        XCTAssertEqual(stats["requests"], 0)
    }

    func testACursorCycleEndsTheWalkWithDecode() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        try await sim.mess(["cursor_cycle": true])
        var seen = 0
        let error = await offerError {
            for try await _ in client.playerOffersPages(playerId: "pager-player", options: PlayerOffersOptions(limit: 2)) {
                seen += 1
                XCTAssertLessThan(seen, 10)
            }
        }
        guard case let .Decode(detail, 200) = error else { return XCTFail("the repeating page came with 200: \(String(describing: error))") }
        XCTAssertTrue(detail.contains("cursor"), detail)
        XCTAssertEqual(seen, 2, "cursors A, B, then A again")
        let stats = try await sim.stats()
        XCTAssertEqual(stats["graphql"], 3)
    }

    func testEndlessEmptyPagesStopAtMaxPages() async throws {
        let sim = try await Sim.fresh()
        var config = sim.config(accessToken: try await sim.token())
        config.maxPages = 5
        let client = try OfferClient(config: config)
        try await sim.mess(["endless_empty_pages": true])
        var seen = 0
        let error = await offerError {
            for try await page in client.playerOffersPages(playerId: "pager-player", options: PlayerOffersOptions(limit: 2)) {
                XCTAssertTrue(page.items.isEmpty)
                XCTAssertNotNil(page.nextCursor)
                seen += 1
                XCTAssertLessThan(seen, 50)
            }
        }
        XCTAssertEqual(error?.errorKind, .decode)
        XCTAssertEqual(seen, 5)
    }

    func testTheListingWholeOnePageAndEveryPage() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let whole = try await client.listOffers()
        XCTAssertEqual(whole.offers.count, 50, "the simulator's catalogue")
        XCTAssertNil(whole.pagination)
        let one = try await client.listOffers(options: ListingOptions(perPage: 20, page: 2))
        XCTAssertEqual(one.offers.map(\.id), whole.offers[20..<40].map(\.id))
        XCTAssertEqual(one.pagination?.hasMorePages, true)
        var ids: [String?] = []
        for try await page in client.listingPages(perPage: 20) {
            ids += page.offers.map(\.id)
        }
        XCTAssertEqual(ids, whole.offers.map(\.id))
    }

    func testAStalledListingEndsWithDecode() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        try await sim.mess(["listing_stall": true])
        let error = await offerError {
            for try await _ in client.listingPages(perPage: 20) {}
        }
        XCTAssertEqual(error?.errorKind, .decode)
        XCTAssertEqual(error?.httpStatus, 200, "the stalled page came with 200")
        let stats = try await sim.stats()
        XCTAssertEqual(stats["listing"], 1)
    }
}
