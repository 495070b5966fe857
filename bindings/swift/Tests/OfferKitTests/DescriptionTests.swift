// Descriptions never show a token or proxy credentials: ClientConfig's and HttpRequest's
// (the executor's request carries the token in its authorization header).
import Foundation
import OfferKit
import XCTest

final class DescriptionTests: XCTestCase {
    func testAConfigNeverShowsTheTokenOrProxyCredentials() {
        let config = ClientConfig(baseUrl: "https://offers.example.com",
                                  proxyUrl: "http://alice:hunter2@proxy.example.com:3128",
                                  accessToken: "eyJ.secret-token.sig")
        for shown in [config.description, String(reflecting: config), "\(config)"] {
            for secret in ["secret-token", "alice", "hunter2"] {
                XCTAssertFalse(shown.contains(secret), shown)
            }
            XCTAssertTrue(shown.contains("proxy.example.com:3128") && shown.contains("accessToken: <set>"), shown)
        }
        let bad = ClientConfig(baseUrl: "https://o.example.com", proxyUrl: "http://bob:pw@[bad")
        XCTAssertFalse(bad.description.contains("pw"), bad.description)
    }

    func testARequestNeverShowsItsToken() {
        let request = HttpRequest(method: "POST", url: "https://offers.example.com/v1/offers",
                                  headers: [HttpHeader(name: "Authorization", value: "Bearer eyJ.secret-token.sig")],
                                  body: Data("{}".utf8), timeoutMs: 1000, maxResponseBytes: 100)
        for shown in [request.description, String(reflecting: request), "\(request)"] {
            XCTAssertFalse(shown.contains("secret-token"), shown)
            XCTAssertTrue(shown.contains("Authorization: ***"), shown)
        }
    }
}
