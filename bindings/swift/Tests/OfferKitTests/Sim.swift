// The simulator the tests run against (started by the harness: OFFERKIT_SIM_URL, and a second
// one behind the path prefix /api at OFFERKIT_SIM_PREFIXED_URL) and its /_sim control
// endpoint: faults, misbehaviour modes, counters, tokens.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OfferKit
import XCTest

struct SimError: Error, CustomStringConvertible {
    let description: String
}

struct Sim: Sendable {
    let baseUrl: String

    /// The simulator with no faults, no modes and zeroed counters (after the previous test's
    /// aborted or slow exchanges have finished).
    static func fresh(prefixed: Bool = false) async throws -> Sim {
        let name = prefixed ? "OFFERKIT_SIM_PREFIXED_URL" : "OFFERKIT_SIM_URL"
        guard let url = ProcessInfo.processInfo.environment[name], !url.isEmpty else {
            throw SimError(description: "\(name) is not set: run bindings/swift/test.sh")
        }
        let sim = Sim(baseUrl: url)
        try await sim.clear()
        return sim
    }

    /// The root of the control endpoint (`/_sim` stays at the root behind a prefix).
    private var root: String {
        let url = URL(string: baseUrl)!
        return "\(url.scheme!)://\(url.host!):\(url.port!)"
    }

    @discardableResult
    func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: root + path)!)
        request.httpMethod = method
        request.timeoutInterval = 10
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            throw SimError(description: "\(method) \(path): HTTP \(status) \(String(decoding: data, as: UTF8.self))")
        }
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    func fault(_ fault: [String: Any]) async throws {
        try await call("POST", "/_sim/faults", fault)
    }

    func mess(_ modes: [String: Any]) async throws {
        try await call("PUT", "/_sim/mess", modes)
    }

    func clear() async throws {
        try await call("DELETE", "/_sim/faults")
        try await call("DELETE", "/_sim/mess")
        let deadline = Date().addingTimeInterval(30)
        while try await stats()["in_flight", default: 0] > 0, Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        try await call("POST", "/_sim/stats/reset")
    }

    func stats() async throws -> [String: Int] {
        try await call("GET", "/_sim/stats").compactMapValues { $0 as? Int }
    }

    func token(ttlSecs: Int = 3600, scoped: Bool = true) async throws -> String {
        let answer = try await call("POST", "/_sim/tokens", ["ttl_secs": ttlSecs, "scoped": scoped])
        return answer["access_token"] as! String
    }

    /// Waits until the counters satisfy `check` (30 s at most).
    func eventually(_ what: String, timeout: TimeInterval = 30, _ check: ([String: Int]) -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if check(try await stats()) { return }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        XCTFail("timed out waiting for: \(what) (stats \(try await stats()))")
    }

    /// A config for this simulator; generous timeouts (a busy machine runs the concurrent
    /// tests too), no retries unless a test asks.
    func config(timeoutMs: Int64 = 30_000, deadlineMs: Int64 = 60_000, maxRetries: Int32 = 0,
                accessToken: String? = nil, cacheTtlMs: Int64? = nil) -> ClientConfig {
        ClientConfig(baseUrl: baseUrl, timeoutMs: timeoutMs, deadlineMs: deadlineMs, maxRetries: maxRetries,
                     accessToken: accessToken, cacheTtlMs: cacheTtlMs)
    }

    /// A client with a fresh access token.
    func client(timeoutMs: Int64 = 30_000, deadlineMs: Int64 = 60_000, maxRetries: Int32 = 0,
                cacheTtlMs: Int64? = nil) async throws -> OfferClient {
        let token = try await token()
        return try OfferClient(config: config(timeoutMs: timeoutMs, deadlineMs: deadlineMs, maxRetries: maxRetries,
                                              accessToken: token, cacheTtlMs: cacheTtlMs))
    }
}

/// The error `body` throws, failing the test if it returns.
func thrown<T>(_ body: () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async -> Error? {
    do {
        let value = try await body()
        XCTFail("expected an error, got \(value)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// The `OfferError` `body` throws, failing the test on anything else.
func offerError<T>(_ body: () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async -> OfferError? {
    guard let error = await thrown(body, file: file, line: line) else { return nil }
    guard let offerError = error as? OfferError else {
        XCTFail("expected an OfferError, got \(type(of: error)): \(error)", file: file, line: line)
        return nil
    }
    return offerError
}
