// Queries as an app makes them: offers with their typed fields, 200 concurrent calls, the
// response cache (hits, stale answers bridging an outage, invalidation), skipped malformed
// items, links, raw GraphQL and click URLs.
import Foundation
import OfferKit
import XCTest

final class QueryTests: XCTestCase {
    func testOffersHaveTheirTypedFields() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let offers = try await client.offers(playerId: "player-1", options: OffersOptions(limit: 5))
        XCTAssertEqual(offers.count, 5)
        for offer in offers {
            XCTAssertNotNil(offer.id)
            XCTAssertNotNil(offer.name)
            XCTAssertNotNil(offer.totalPayoutUsd)
            XCTAssertNotNil(offer.creatives)
        }
        let all = try await client.offers(playerId: "player-1")
        XCTAssertGreaterThan(all.count, 5)
        let sorted = try await client.offers(playerId: "player-1", options: OffersOptions(sort: "epc.desc"))
        XCTAssertEqual(Set(sorted.map(\.id)), Set(all.map(\.id)), "the same offers, in another order")
    }

    func test200ConcurrentCalls() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<200 {
                group.addTask { try await client.offers(playerId: "player-\(i % 7)", options: OffersOptions(limit: 2)).count }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(counts, Array(repeating: 2, count: 200))
        let stats = try await sim.stats()
        XCTAssertEqual(stats["graphql"], 200)
    }

    func testTheCacheHitsBridgesAnOutageAndForgets() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client(cacheTtlMs: 60_000)
        let options = OffersOptions(limit: 2)
        let first = try await client.offersCached(playerId: "player-1", options: options)
        XCTAssertFalse(first.fromCache)
        XCTAssertFalse(first.stale)
        XCTAssertEqual(first.ageMs, 0)
        let second = try await client.offersCached(playerId: "player-1", options: options)
        XCTAssertTrue(second.fromCache)
        XCTAssertFalse(second.stale)
        XCTAssertEqual(second.offers, first.offers)
        var stats = try await sim.stats()
        XCTAssertEqual(stats["graphql"], 1)
        client.invalidate(playerId: "player-1")
        let fresh = try await client.offersCached(playerId: "player-1", options: options)
        XCTAssertFalse(fresh.fromCache)

        let bridging = try await sim.client(cacheTtlMs: 0)
        _ = try await bridging.offers(playerId: "player-1", options: options)
        try await sim.fault(["kind": "status", "status": 503, "times": 1])
        let stale = try await bridging.offersCached(playerId: "player-1", options: options)
        XCTAssertTrue(stale.fromCache)
        XCTAssertTrue(stale.stale)
        XCTAssertEqual(stale.offers.count, 2)
        stats = try await sim.stats()
        XCTAssertEqual(stats["graphql"], 4)
    }

    func testSkippedOffersCarryIndexIdAndReason() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let clean = try await client.offers(playerId: "player-1", options: OffersOptions(limit: 20))
        XCTAssertEqual(clean.count, 20)
        try await sim.mess(["bad_fields": true])
        let messy = try await client.offersCached(playerId: "player-1", options: OffersOptions(limit: 20))
        let broken = [1, 5, 9, 13, 17]
        XCTAssertEqual(messy.skipped.map(\.index), broken.map(Int64.init))
        XCTAssertEqual(messy.skipped.map(\.id), broken.map { clean[$0].id })
        for (item, word) in zip(messy.skipped, ["name", "total_payout_usd", "creatives", "description", "name"]) {
            XCTAssertTrue(item.reason.contains(word), "\(item.index): \(item.reason)")
        }
        XCTAssertEqual(messy.offers.map(\.id), clean.enumerated().filter { !broken.contains($0.offset) }.map(\.element.id))
    }

    func testASkippedPlayerOffer() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let clean = try await client.playerOffers(playerId: "pager-player", options: PlayerOffersOptions(limit: 100))
        try await sim.mess(["bad_fields": true])
        let page = try await client.playerOffers(playerId: "pager-player", options: PlayerOffersOptions(limit: 100))
        XCTAssertEqual(page.skipped.map(\.index), [1])
        XCTAssertNil(page.skipped.first?.id)
        XCTAssertEqual(page.items.count, clean.items.count - 1)
        XCTAssertEqual(page.items[1].id, clean.items[2].id)
        XCTAssertNil(page.items[1].status, "\"status\": 5 is not a string")
    }

    func testLinksAndRawGraphql() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let links = try await client.links(playerId: "player-1")
        XCTAssertTrue(links.contains("support_portal"), links)
        let data = try await client.graphql(query: "query($p: String!) { offers(player_id: $p, limit: 1) { id } }",
                                            variablesJson: #"{"p": "player-1"}"#)
        XCTAssertTrue(data.hasPrefix("{") && data.contains("\"offers\""), data)
        let error = await offerError { try await client.graphql(query: "{ x }", variablesJson: "not json") }
        guard case let .InvalidArgument(_, fields) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertNotNil(fields.first?.arguments["variables_json"])
    }

    func testRawGraphqlHandsBackDataAsTheServiceSentIt() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        try await sim.mess(["odd_extra": true])
        let data = try await client.graphql(query: #"{ offers(player_id: "player-1", limit: 1) { id } }"#)
        let deep = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        XCTAssertTrue(data.contains("\"x_deep\":\(deep)"), "any depth")
        XCTAssertTrue(data.contains(#""x_bigint":123456789012345678901234567890,"#), "every digit")
        XCTAssertTrue(data.contains(#""x_huge":1e400,"#), "a number no Double holds")
    }

    func testClickUrlSetsExactlyThePlayer() throws {
        let built = try clickUrl(offerClickUrl: "https://t.example/click/7?player_id=old&sub=1", playerId: "p-1")
        XCTAssertEqual(built, ClickUrl(url: "https://t.example/click/7?sub=1&player_id=p-1", warnings: []))
        let moved = try clickUrl(offerClickUrl: "https://t.example/c?a=1&player_id=x&&b=2&player_id=y#top", playerId: "p-1")
        XCTAssertEqual(moved.url, "https://t.example/c?a=1&b=2&player_id=p-1#top", "the id is appended last")
        let warned = try clickUrl(offerClickUrl: "https://t.example/click/7", playerId: "Player One")
        XCTAssertEqual(warned.url, "https://t.example/click/7?player_id=Player+One")
        XCTAssertEqual(warned.warnings, [.uppercase, .space])
        XCTAssertThrowsError(try clickUrl(offerClickUrl: "https://t.example/click/7", playerId: "")) {
            XCTAssertNotNil(($0 as? OfferError)?.fields.first?.arguments["player_id"])
        }
    }
}
