// Hand-written: a ClientConfig can carry an access token and a proxy URL with credentials.
// Swift's default description of a struct prints every field, so `print(config)` or a logger
// would show them; this one says whether a token is set and shows the proxy without its user
// and password.
import Foundation

extension ClientConfig: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        let proxy = proxyUrl.map { url -> String in
            guard let parts = URLComponents(string: url), let scheme = parts.scheme, let host = parts.host else {
                return "\"<not a URL>\""
            }
            return "\"\(scheme)://\(host)\(parts.port.map { ":\($0)" } ?? "")\""
        } ?? "nil"
        return "ClientConfig(baseUrl: \"\(baseUrl)\", timeoutMs: \(timeoutMs), deadlineMs: \(deadlineMs), "
            + "maxPages: \(maxPages), proxyUrl: \(proxy), maxRetries: \(maxRetries), "
            + "extraRootPem: \(extraRootPem.count) certificates, allowInsecureHttp: \(allowInsecureHttp), "
            + "accessToken: \(accessToken == nil ? "nil" : "<set>"), userAgent: \(userAgent.map { "\"\($0)\"" } ?? "nil"), "
            + "cacheTtlMs: \(cacheTtlMs.map(String.init) ?? "nil"), cacheMaxStaleMs: \(cacheMaxStaleMs))"
    }

    public var debugDescription: String { description }
}
