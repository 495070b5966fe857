// Every error kind, provoked with offerkit's own argument checks, the simulator's real answers
// and its faults: the case `switch` matches, its data (HTTP status, field messages, cursor
// reason, Retry-After) read through the case and through OfferError's properties, and the
// readable message.
import Foundation
import OfferKit
import XCTest

final class ErrorTests: XCTestCase {
    func testInvalidArgumentIsCheckedBeforeSending() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let error = await offerError { try await client.offers(playerId: "player-1", options: OffersOptions(limit: 0, sort: "epc")) }
        guard case let .InvalidArgument(detail, fields) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(fields.first?.arguments["limit"], ["The limit field must be at least 1."])
        XCTAssertNotNil(fields.first?.arguments["sort"])
        XCTAssertTrue(detail.contains("The limit field must be at least 1."), detail)
        XCTAssertEqual(error?.errorKind, .invalidArgument)
        XCTAssertEqual(error?.fields, fields)
        XCTAssertEqual(error?.description, "invalid_argument: \(detail)", "the kind, then the detail")
        XCTAssertEqual(error?.localizedDescription, error?.description)
        XCTAssertFalse(detail.contains("detail="))
        let stats = try await sim.stats()
        XCTAssertEqual(stats["requests"], 0)
    }

    func testEmptyPlayerIdIsInvalidArgument() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let error = await offerError { try await client.offers(playerId: "") }
        guard case let .InvalidArgument(_, fields) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertNotNil(fields.first?.arguments["player_id"], "\(fields)")
        XCTAssertThrowsError(try checkPlayerId(playerId: "")) { XCTAssertEqual(($0 as? OfferError)?.errorKind, .invalidArgument) }
    }

    func testUnauthorizedWithABadTokenAndWithNone() async throws {
        let sim = try await Sim.fresh()
        let bad = try OfferClient(config: sim.config(accessToken: "not-a-token"))
        let error = await offerError { try await bad.offers(playerId: "player-1") }
        guard case let .Unauthorized(_, status) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(status, 401)
        XCTAssertEqual(error?.httpStatus, 401)
        let none = try OfferClient(config: sim.config())
        let noToken = await offerError { try await none.offers(playerId: "player-1") }
        guard case .Unauthorized(_, nil) = noToken else { return XCTFail("\(String(describing: noToken))") }
        XCTAssertTrue(noToken!.detail.contains("no access token"), noToken!.detail)
    }

    func testForbiddenForATokenWithoutScope() async throws {
        let sim = try await Sim.fresh()
        let client = try OfferClient(config: sim.config(accessToken: try await sim.token(scoped: false)))
        let error = await offerError { try await client.offers(playerId: "player-1") }
        guard case .Forbidden(_, 403) = error else { return XCTFail("\(String(describing: error))") }
    }

    func testValidationFromTheServiceHasEveryMessage() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let error = await offerError {
            try await client.graphql(query: #"{ offers(player_id: "p", limit: 0, sort: "x.y") { id } }"#)
        }
        guard case let .Validation(_, status, fields, responseJson) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(status, 200, "GraphQL errors keep the status they came with")
        XCTAssertEqual(error?.httpStatus, 200)
        XCTAssertEqual(fields.first?.path, ["offers"])
        XCTAssertEqual(fields.first?.arguments["limit"], ["The limit field must be at least 1."])
        XCTAssertNotNil(fields.first?.arguments["sort"])
        XCTAssertTrue(responseJson?.contains("\"errors\"") == true)
        XCTAssertEqual(error?.responseJson, responseJson)
    }

    func testQueryError() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let error = await offerError { try await client.graphql(query: "{ nope }") }
        guard case let .Query(detail, status, responseJson) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(detail.contains("nope"), detail)
        XCTAssertTrue(responseJson?.contains("errors") == true)
        XCTAssertEqual(status, 200)
        XCTAssertEqual(error?.httpStatus, 200)
    }

    func testGraphQLErrorsOnA400KeepThe400() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        try await sim.fault(["kind": "status", "status": 400, "body": #"{"errors":[{"message":"Syntax Error: unexpected <EOF>"}],"data":null}"#])
        let error = await offerError { try await client.offers(playerId: "player-1") }
        guard case let .Query(detail, 400, _) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(detail.contains("Syntax Error"), detail)
        XCTAssertEqual(error?.httpStatus, 400)
    }

    func testInvalidCursorKeepsTheReason() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let error = await offerError {
            try await client.playerOffers(playerId: "player-1", options: PlayerOffersOptions(after: "forged"))
        }
        guard case let .InvalidCursor(_, 200, reason, _) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(reason?.contains("Omit `after`") == true, String(describing: reason))
        XCTAssertEqual(error?.reason, reason)
        XCTAssertEqual(error?.httpStatus, 200)
    }

    func testUnsupportedMediaTypeAndServer() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        try await sim.fault(["kind": "status", "status": 415, "body": #"{"error":"Unsupported Media Type: send application/json."}"#])
        let media = await offerError { try await client.offers(playerId: "player-1") }
        guard case .UnsupportedMediaType(_, 415) = media else { return XCTFail("\(String(describing: media))") }
        try await sim.fault(["kind": "status", "status": 500])
        let server = await offerError { try await client.offers(playerId: "player-1") }
        guard case .Server(_, 500, nil) = server else { return XCTFail("\(String(describing: server))") }
    }

    func testUnprocessableHasTheFieldMessages() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        let message = "The per page field is required when page is present."
        try await sim.fault(["kind": "status", "status": 422,
                             "body": #"{"message":"\#(message)","errors":{"per_page":["\#(message)"]}}"#])
        let error = await offerError { try await client.listOffers() }
        guard case let .Unprocessable(_, 422, fields) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(fields.first?.path, [])
        XCTAssertEqual(fields.first?.arguments["per_page"], [message])
    }

    func testRateLimitedWithRetryAfter() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        try await sim.fault(["kind": "status", "status": 429, "retry_after_secs": 7])
        let error = await offerError { try await client.offers(playerId: "player-1") }
        guard case .RateLimited(let detail, 429, 7) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(detail.contains("retry after 7 s"), detail)
        XCTAssertEqual(error?.retryAfter, 7)
    }

    func testNetworkTimeoutAndDecode() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client()
        try await sim.fault(["kind": "drop_mid_body"])
        let network = await offerError { try await client.offers(playerId: "player-1") }
        // offerkit's own transport knows the status the broken answer had; URLSession (the
        // mobile library's) reports a broken body as an error without its response.
        let status: Int32? = hasBuiltinTransport() ? 200 : nil
        guard case let .Network(_, got) = network else {
            return XCTFail("the body broke off after a 200: \(String(describing: network))")
        }
        XCTAssertEqual(got, status, "the body broke off after a 200: \(String(describing: network))")
        XCTAssertEqual(network?.httpStatus.map(Int32.init), status)
        try await sim.fault(["kind": "latency", "ms": 30000])
        let quick = try await sim.client(timeoutMs: 300)
        let timeout = await offerError { try await quick.offers(playerId: "player-1") }
        guard case .Timeout(_, nil) = timeout else { return XCTFail("no status arrived: \(String(describing: timeout))") }
        // A loaded machine may time out before the request reaches the simulator, which then
        // keeps the latency fault for the next request.
        try await sim.clear()
        try await sim.fault(["kind": "malformed_json"])
        let decode = await offerError { try await client.offers(playerId: "player-1") }
        guard case .Decode(_, 200) = decode else { return XCTFail("\(String(describing: decode))") }
    }

    func testRejectedForAWrongPathPrefix() async throws {
        let prefixed = try await Sim.fresh(prefixed: true)
        // The prefixed simulator's root, without its /api: the gateway answers 404.
        let root = String(prefixed.baseUrl.dropLast("/api".count))
        let client = try OfferClient(config: ClientConfig(baseUrl: root, accessToken: try await prefixed.token()))
        let error = await offerError { try await client.offers(playerId: "player-1") }
        guard case .Rejected(_, 404) = error else { return XCTFail("\(String(describing: error))") }
        let ok = try OfferClient(config: prefixed.config(accessToken: try await prefixed.token()))
        let offers = try await ok.offers(playerId: "player-1", options: OffersOptions(limit: 2))
        XCTAssertEqual(offers.count, 2)
    }

    func testGatewayErrorsAreRetried() async throws {
        let sim = try await Sim.fresh()
        let client = try await sim.client(maxRetries: 2)
        try await sim.fault(["kind": "status", "status": 503, "times": 2])
        let offers = try await client.offers(playerId: "player-1", options: OffersOptions(limit: 1))
        XCTAssertEqual(offers.count, 1)
        let stats = try await sim.stats()
        XCTAssertEqual(stats["graphql"], 3)
    }

    func testBadConfigIsInvalidArgument() async throws {
        let sim = try await Sim.fresh()
        for bad in [ClientConfig(baseUrl: "http://offers.example.com"), ClientConfig(baseUrl: "nonsense"),
                    sim.config(timeoutMs: 0), ClientConfig(baseUrl: sim.baseUrl, extraRootPem: ["hello"])] {
            XCTAssertThrowsError(try OfferClient(config: bad)) {
                XCTAssertEqual(($0 as? OfferError)?.errorKind, .invalidArgument, "\(bad.baseUrl): \($0)")
            }
        }
    }

    func testASettingOutOfBoundsIsNamedByItsFieldInClientConfig() async throws {
        let sim = try await Sim.fresh()
        let twoDays: Int64 = 172_800_000
        let bad = ClientConfig(baseUrl: sim.baseUrl, timeoutMs: 0, deadlineMs: 0, maxPages: 0, maxRetries: 11,
                               cacheTtlMs: twoDays, cacheMaxStaleMs: twoDays)
        XCTAssertThrowsError(try OfferClient(config: bad)) {
            let error = $0 as? OfferError
            XCTAssertEqual(error?.fields.first?.path, ["config"])
            let named = Set(error?.fields.first?.arguments.keys.map { $0 } ?? [])
            XCTAssertEqual(named, ["timeoutMs", "deadlineMs", "maxPages", "maxRetries", "cacheTtlMs", "cacheMaxStaleMs"])
            let properties = Set(Mirror(reflecting: bad).children.compactMap(\.label))
            XCTAssertTrue(named.isSubset(of: properties), "\(named) are ClientConfig's fields")
            XCTAssertFalse(error?.detail.contains("cache.") ?? true, error?.detail ?? "")
        }
        XCTAssertThrowsError(try OfferClient(config: sim.config(timeoutMs: -1))) {
            XCTAssertNotNil(($0 as? OfferError)?.fields.first?.arguments["timeoutMs"], "\($0)")
        }
    }

    func testEveryKindHasItsCase() {
        // A kind added to offerkit without a case here fails to compile (exhaustive switch).
        let kinds: [ErrorKind] = [.invalidArgument, .unauthorized, .forbidden, .validation, .query, .invalidCursor,
                                  .unsupportedMediaType, .unprocessable, .rateLimited, .server, .network, .timeout,
                                  .cancelled, .decode, .internal, .rejected]
        for kind in kinds {
            switch kind {
            case .invalidArgument, .unauthorized, .forbidden, .validation, .query, .invalidCursor,
                 .unsupportedMediaType, .unprocessable, .rateLimited, .server, .network, .timeout, .cancelled,
                 .decode, .internal, .rejected:
                break
            }
        }
        XCTAssertEqual(Set(kinds.map { "\($0)" }).count, 16)
    }
}
