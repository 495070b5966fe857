// Cancellation and the deadline: cancelling the Swift Task cancels the Rust future and its HTTP
// request (the simulator sees the client hang up) and the call throws CancellationError, both
// before the call starts and mid-flight; `cancelAll` fails calls in flight with
// OfferError.Cancelled; the deadline bounds a whole call.
import Foundation
import OfferKit
import XCTest

final class CancellationTests: XCTestCase {
    func testCancellingTheTaskMidFlightAbortsTheRequest() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        try await sim.fault(["kind": "latency", "ms": 30000])
        let task = Task { try await client.offers(playerId: "player-1", options: OffersOptions(limit: 1)) }
        try await sim.eventually("request in flight") { $0["in_flight"] == 1 }
        let cancelled = Date()
        task.cancel()
        let error = await thrown { try await task.value }
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        XCTAssertLessThan(Date().timeIntervalSince(cancelled), 10, "the call did not wait for the 30 s answer")
        try await sim.eventually("server saw the hang-up") { $0["aborted"] == 1 && $0["in_flight"] == 0 }
        // The client still works.
        let offers = try await client.offers(playerId: "player-1", options: OffersOptions(limit: 1))
        XCTAssertEqual(offers.count, 1)
    }

    func testATaskCancelledBeforeTheCallSendsNothing() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.offers(playerId: "player-1", options: OffersOptions(limit: 1))
        }
        let error = await thrown { try await task.value }
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        let stats = try await sim.stats()
        XCTAssertEqual(stats["requests"], 0)
    }

    func testCancellingAPageInFlightAbortsIt() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        try await sim.fault(["kind": "latency", "ms": 3000])
        let task = Task {
            var pages = 0
            for try await _ in client.playerOffersPages(playerId: "pager-player", options: PlayerOffersOptions(limit: 2)) {
                pages += 1
            }
            return pages
        }
        try await sim.eventually("page in flight") { $0["in_flight"] == 1 }
        task.cancel()
        let error = await thrown { try await task.value }
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        try await sim.eventually("server saw the hang-up") { $0["aborted"] == 1 }
    }

    func testCancelAllFailsCallsInFlightWithCancelled() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        try await sim.fault(["kind": "latency", "ms": 30000])
        let task = Task { try await client.offers(playerId: "player-1", options: OffersOptions(limit: 1)) }
        try await sim.eventually("request in flight") { $0["in_flight"] == 1 }
        client.cancelAll()
        let error = await offerError { try await task.value }
        guard case .Cancelled = error else { return XCTFail("\(String(describing: error))") }
        try await sim.eventually("server saw the hang-up") { $0["aborted"] == 1 }
        let offers = try await client.offers(playerId: "player-1", options: OffersOptions(limit: 1))
        XCTAssertEqual(offers.count, 1, "later calls are not affected")
    }

    func testTheDeadlineBoundsAWholeCall() async throws {
        let sim = try await Sim.fresh()
        try await sim.fault(["kind": "latency", "ms": 30000])
        let client = try await sim.client(timeoutMs: 30_000, deadlineMs: 500, maxRetries: 2)
        let started = Date()
        let error = await offerError { try await client.offers(playerId: "player-1", options: OffersOptions(limit: 1)) }
        guard case let .Timeout(detail, _) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(detail.contains("deadline"), detail)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    func testARetryAfterPastTheDeadlineFailsAtOnce() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client(deadlineMs: 2000, maxRetries: 2)
        try await sim.mess(["retry_after_storm": 30])
        let error = await offerError { try await client.offers(playerId: "player-1", options: OffersOptions(limit: 1)) }
        guard case .Server(_, 503, 30) = error else { return XCTFail("\(String(describing: error))") }
        let stats = try await sim.stats()
        XCTAssertEqual(stats["requests"], 1, "the Retry-After was not waited for")
    }
}
