// Prints the offers of one player with OfferKit.
//
//   OFFERKIT_BASE_URL   the service (default: a local simulator at http://127.0.0.1:8080)
//   OFFERKIT_TOKEN_URL  where the app gets short-lived access tokens: in a real app the studio's
//                       own backend (which holds the refresh token); here the simulator's
//                       /_sim/tokens endpoint stands in for it.
//   OFFERKIT_PLAYER_ID  (default "demo-player")
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OfferKit

/// Fetches an access token from the app's backend when offerkit asks for one.
func backendToken(from url: String) async throws -> String {
    var request = URLRequest(url: URL(string: url)!)
    request.httpMethod = "POST"
    request.httpBody = Data("{}".utf8)
    let (data, _) = try await URLSession.shared.data(for: request)
    let answer = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    guard let token = answer?["access_token"] as? String else {
        throw OfferError.Unauthorized(detail: "the backend gave no token", httpStatus: nil)
    }
    return token
}

@main
struct Example {
    static func main() async throws {
        let environment = ProcessInfo.processInfo.environment
        let baseUrl = environment["OFFERKIT_BASE_URL"] ?? "http://127.0.0.1:8080"
        let tokenUrl = environment["OFFERKIT_TOKEN_URL"] ?? baseUrl + "/_sim/tokens"
        let player = environment["OFFERKIT_PLAYER_ID"] ?? "demo-player"

        // No call takes longer than 10 s.
        let client = try OfferClient(config: ClientConfig(baseUrl: baseUrl, deadlineMs: 10_000)) { _ in
            try await backendToken(from: tokenUrl)
        }
        do {
            let offers = try await client.offers(playerId: player, options: OffersOptions(limit: 5, sort: "epc.desc"))
            print("\(offers.count) offers for \(player):")
            for offer in offers {
                // Typed fields are optional: nil only when a replaced selection leaves them out.
                let id = (offer.id ?? "").padding(toLength: 16, withPad: " ", startingAt: 0)
                let name = (offer.name ?? "").padding(toLength: 32, withPad: " ", startingAt: 0)
                print("  \(id) \(name) $\(String(format: "%.2f", offer.totalPayoutUsd ?? 0))")
            }
        } catch let error as OfferError {
            switch error {
            case .RateLimited(_, _, let retryAfterSecs):
                print("busy, retry in \(retryAfterSecs ?? 60) s")
            default:
                print("could not load offers (\(error.errorKind)): \(error)")
            }
            exit(1)
        }
    }
}
