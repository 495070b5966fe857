// The app's HTTP executor: URLSession carries every request (with the token, never shown by
// `description`); what an executor throws fails the attempt as a network failure; a status no
// response has (600) is a network failure; cancelling the call cancels the executor's task.
import Foundation
import OfferKit
import XCTest

/// Records what it was asked, then hands it to URLSession.
final class RecordingExecutor: HttpExecutor, @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [HttpRequest] = []
    private let inner = URLSessionExecutor()

    var requests: [HttpRequest] { lock.withLock { seen } }

    func execute(request: HttpRequest) async throws -> HttpResponse {
        lock.withLock { seen.append(request) }
        return try await inner.execute(request: request)
    }
}

struct Boom: Error {}

final class Throws: HttpExecutor {
    func execute(request: HttpRequest) async throws -> HttpResponse { throw Boom() }
}

/// Gets the simulator's answer through URLSession, then fails as if its body had broken off
/// after the status line (`Network`) or timed out there (`Timeout`), with that status.
final class FailsAfterStatus: HttpExecutor {
    let timeout: Bool
    init(timeout: Bool) { self.timeout = timeout }

    func execute(request: HttpRequest) async throws -> HttpResponse {
        let response = try await URLSessionExecutor().execute(request: request)
        if timeout {
            throw HttpExecutorError.Timeout(detail: "the body took too long", httpStatus: response.status)
        }
        throw HttpExecutorError.Network(detail: "the body broke off", httpStatus: response.status)
    }
}

final class Nonsense: HttpExecutor {
    func execute(request: HttpRequest) async throws -> HttpResponse {
        HttpResponse(status: 600, headers: [], body: Data("{}".utf8))
    }
}

/// Waits a minute, or until its task is cancelled (then `cancelled` is set); `started` once called.
final class Hangs: HttpExecutor, @unchecked Sendable {
    private let lock = NSLock()
    private var wasStarted = false
    private var wasCancelled = false
    var started: Bool { lock.withLock { wasStarted } }
    var cancelled: Bool { lock.withLock { wasCancelled } }

    func execute(request: HttpRequest) async throws -> HttpResponse {
        lock.withLock { wasStarted = true }
        do {
            try await Task.sleep(nanoseconds: 60_000_000_000)
        } catch {
            lock.withLock { wasCancelled = true }
            throw error
        }
        XCTFail("not cancelled")
        throw Boom()
    }
}

final class HttpExecutorTests: XCTestCase {
    /// OFFERKIT_EXPECT_TRANSPORT (set by test.sh) says which library this run loads: the one
    /// with offerkit's own transport (`builtin`) or the mobile one (`platform`).
    func testTheLibrarysFlavourIsTheOneThisRunLoads() {
        let want = ProcessInfo.processInfo.environment["OFFERKIT_EXPECT_TRANSPORT"]
        switch want {
        case "builtin": XCTAssertTrue(hasBuiltinTransport())
        case "platform": XCTAssertFalse(hasBuiltinTransport())
        default: XCTFail("OFFERKIT_EXPECT_TRANSPORT is \(want ?? "unset"), not builtin or platform")
        }
    }

    func testWithoutAnExecutorAClientUsesOfferkitsTransportOrElseURLSession() async throws {
        let sim = try await Sim.fresh()
        let config = sim.config(accessToken: try await sim.token())
        let client = try OfferClient(config: config)
        let offers = try await client.offers(playerId: "player-1", options: OffersOptions(limit: 2))
        XCTAssertEqual(offers.count, 2)
        // `httpExecutor: nil` written out asks for offerkit's own transport.
        var refused: Error?
        do {
            _ = try OfferClient(config: config, tokenProvider: nil, httpExecutor: nil)
        } catch {
            refused = error
        }
        if hasBuiltinTransport() {
            XCTAssertNil(refused)
        } else {
            XCTAssertEqual((refused as? OfferError)?.errorKind, .invalidArgument, "\(String(describing: refused))")
            XCTAssertTrue("\(String(describing: refused))".contains("no HTTP transport of its own"), "\(String(describing: refused))")
        }
    }

    func testQueriesGoThroughURLSession() async throws {
        let sim = try await Sim.fresh()
        let token = try await sim.token()
        let executor = RecordingExecutor()
        let client = try OfferClient(config: sim.config(accessToken: token), httpExecutor: executor)
        let offers = try await client.offers(playerId: "player-1", options: OffersOptions(limit: 3))
        XCTAssertEqual(offers.count, 3)
        let request = try XCTUnwrap(executor.requests.first)
        XCTAssertEqual(request.method, "POST")
        XCTAssertTrue(request.url.hasSuffix("/v1/offers"), request.url)
        XCTAssertTrue(request.headers.contains { $0.name.lowercased() == "authorization" && $0.value == "Bearer \(token)" })
        XCTAssertFalse(request.description.contains(token), "the token never appears in a description")
        XCTAssertFalse(String(reflecting: request).contains(token))
        let listing = try await client.listOffers(options: ListingOptions(perPage: 5, page: 1))
        XCTAssertEqual(listing.offers.count, 5)
    }

    func testServiceErrorsComeThroughTheExecutor() async throws {
        let sim = try await Sim.fresh()
        let client = try OfferClient(config: sim.config(accessToken: try await sim.token()), httpExecutor: URLSessionExecutor())
        try await sim.fault(["kind": "status", "status": 429, "retry_after_secs": 3])
        let error = await offerError { try await client.offers(playerId: "player-1") }
        guard case .RateLimited(_, 429, 3) = error else { return XCTFail("\(String(describing: error))") }
    }

    func testWhatAnExecutorThrowsIsANetworkError() async throws {
        let sim = try await Sim.fresh()
        let client = try OfferClient(config: sim.config(accessToken: try await sim.token()), httpExecutor: Throws())
        let error = await offerError { try await client.offers(playerId: "player-1") }
        guard case let .Network(detail, nil) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(detail.contains("the HTTP executor failed"), detail)
    }

    func testAnExecutorFailureAfterTheStatusKeepsTheStatus() async throws {
        let sim = try await Sim.fresh()
        let token = try await sim.token()
        let broken = try OfferClient(config: sim.config(accessToken: token), httpExecutor: FailsAfterStatus(timeout: false))
        let network = await offerError { try await broken.offers(playerId: "player-1") }
        guard case let .Network(detail, 200) = network else { return XCTFail("\(String(describing: network))") }
        XCTAssertTrue(detail.contains("the body broke off"), detail)
        XCTAssertEqual(network?.httpStatus, 200)
        let slow = try OfferClient(config: sim.config(accessToken: token), httpExecutor: FailsAfterStatus(timeout: true))
        let timeout = await offerError { try await slow.offers(playerId: "player-1") }
        guard case .Timeout(_, 200) = timeout else { return XCTFail("\(String(describing: timeout))") }
    }

    func testAStatusOf600IsANetworkError() async throws {
        let sim = try await Sim.fresh()
        let client = try OfferClient(config: sim.config(accessToken: try await sim.token()), httpExecutor: Nonsense())
        let error = await offerError { try await client.offers(playerId: "player-1") }
        guard case let .Network(detail, _) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(detail.contains("600"), detail)
    }

    func testCancellingTheCallCancelsTheExecutor() async throws {
        let sim = try await Sim.fresh()
        let executor = Hangs()
        let client = try OfferClient(config: sim.config(accessToken: try await sim.token()), httpExecutor: executor)
        let task = Task { try await client.offers(playerId: "player-1") }
        // Cancelled once the executor runs (cancelled earlier, the call never reaches it).
        let called = Date().addingTimeInterval(10)
        while !executor.started, Date() < called {
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        XCTAssertTrue(executor.started, "the executor was not called")
        task.cancel()
        let error = await thrown { try await task.value }
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        let deadline = Date().addingTimeInterval(10)
        while !executor.cancelled, Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        XCTAssertTrue(executor.cancelled)
    }

    func testURLSessionCarriesTheCancellationToTheWire() async throws {
        let sim = try await Sim.fresh()
        let client = try OfferClient(config: sim.config(accessToken: try await sim.token()), httpExecutor: URLSessionExecutor())
        try await sim.fault(["kind": "latency", "ms": 5000])
        let task = Task { try await client.offers(playerId: "player-1") }
        try await sim.eventually("request in flight") { $0["in_flight"] == 1 }
        task.cancel()
        let error = await thrown { try await task.value }
        XCTAssertTrue(error is CancellationError, "\(String(describing: error))")
        try await sim.eventually("server saw the hang-up") { $0["aborted"] == 1 }
    }
}
