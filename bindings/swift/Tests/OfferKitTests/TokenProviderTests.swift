// The token provider, as a protocol and as a @Sendable closure: asked once when there is no
// token and once after a 401; what it throws fails the call (an OfferError keeps its kind,
// anything else is Unauthorized); a slow one is bounded by the timeout; concurrent calls that
// need a token share one call of it.
import Foundation
import OfferKit
import XCTest

/// Counts what it was asked, and answers with `answer`.
final class CountingProvider: AccessTokenProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [TokenReason] = []
    private let answer: @Sendable () async throws -> String

    init(_ answer: @escaping @Sendable () async throws -> String) {
        self.answer = answer
    }

    var reasons: [TokenReason] { lock.withLock { asked } }

    func accessToken(reason: TokenReason) async throws -> String {
        lock.withLock { asked.append(reason) }
        return try await answer()
    }
}

struct BackendDown: Error, CustomStringConvertible {
    var description: String { "studio backend unreachable" }
}

final class TokenProviderTests: XCTestCase {
    func testAMissingTokenAsksTheProviderOnce() async throws {
        let sim = try await Sim.fresh()
        let provider = CountingProvider { try await sim.token() }
        let client = try OfferClient(config: sim.config(), tokenProvider: provider)
        _ = try await client.offers(playerId: "player-1", options: OffersOptions(limit: 1))
        _ = try await client.offers(playerId: "player-1", options: OffersOptions(limit: 1))
        XCTAssertEqual(provider.reasons, [.missing])
    }

    func testA401AsksTheProviderThenTheRequestSucceeds() async throws {
        let sim = try await Sim.fresh()
        let provider = CountingProvider { try await sim.token() }
        let client = try OfferClient(config: sim.config(accessToken: "rejected-by-the-service"), tokenProvider: provider)
        let offers = try await client.offers(playerId: "player-1", options: OffersOptions(limit: 2))
        XCTAssertEqual(offers.count, 2)
        XCTAssertEqual(provider.reasons, [.rejected])
        let stats = try await sim.stats()
        XCTAssertEqual(stats["graphql"], 2, "the 401, then the retry with the new token")
    }

    func testAClosureIsAProvider() async throws {
        let sim = try await Sim.fresh()
        let client = try OfferClient(config: sim.config()) { reason in
            XCTAssertEqual(reason, .missing)
            return try await sim.token()
        }
        let offers = try await client.offers(playerId: "player-1", options: OffersOptions(limit: 1))
        XCTAssertEqual(offers.count, 1)
    }

    func testWhatTheProviderThrowsFailsTheCall() async throws {
        let sim = try await Sim.fresh()
        let down = try OfferClient(config: sim.config()) { _ in throw BackendDown() }
        let error = await offerError { try await down.offers(playerId: "player-1") }
        guard case let .Unauthorized(detail, nil) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(detail.contains("studio backend unreachable"), detail)

        let banned = try OfferClient(config: sim.config()) { _ in
            throw OfferError.Forbidden(detail: "this player is banned", httpStatus: nil)
        }
        let forbidden = await offerError { try await banned.offers(playerId: "player-1") }
        guard case .Forbidden(let text, _) = forbidden else { return XCTFail("\(String(describing: forbidden))") }
        XCTAssertEqual(text, "this player is banned")
        let stats = try await sim.stats()
        XCTAssertEqual(stats["graphql"], 0)
    }

    func testASlowProviderIsBoundedByTheTimeout() async throws {
        let sim = try await Sim.fresh()
        let client = try OfferClient(config: sim.config(timeoutMs: 300)) { _ in
            try await Task.sleep(nanoseconds: 20_000_000_000)
            return "never"
        }
        let started = Date()
        let error = await offerError { try await client.offers(playerId: "player-1") }
        XCTAssertTrue(error?.errorKind == .timeout || error?.errorKind == .unauthorized, "\(String(describing: error))")
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    func testASlowProviderThatAnswersIsWaitedFor() async throws {
        let sim = try await Sim.fresh()
        let client = try OfferClient(config: sim.config()) { _ in
            try await Task.sleep(nanoseconds: 300_000_000)
            return try await sim.token()
        }
        let offers = try await client.offers(playerId: "player-1", options: OffersOptions(limit: 1))
        XCTAssertEqual(offers.count, 1)
    }

    func testConcurrentCallersShareOneCall() async throws {
        let sim = try await Sim.fresh()
        let provider = CountingProvider {
            try await Task.sleep(nanoseconds: 200_000_000)
            return try await sim.token()
        }
        let client = try OfferClient(config: sim.config(), tokenProvider: provider)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<20 {
                group.addTask { try await client.offers(playerId: "player-\(i)", options: OffersOptions(limit: 1)).count }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(counts, Array(repeating: 1, count: 20))
        XCTAssertEqual(provider.reasons, [.missing])
    }

    func testSetAccessTokenReplacesTheToken() async throws {
        let sim = try await Sim.fresh()
        let client = try OfferClient(config: sim.config(accessToken: "bad"))
        let error = await offerError { try await client.offers(playerId: "player-1") }
        XCTAssertEqual(error?.errorKind, .unauthorized)
        client.setAccessToken(token: try await sim.token())
        let offers = try await client.offers(playerId: "player-1", options: OffersOptions(limit: 1))
        XCTAssertEqual(offers.count, 1)
    }
}
