// Hand-written: an app's HttpExecutor is handed each attempt with its `authorization` header,
// which carries the access token. Swift's default description of a struct prints every field,
// so `print(request)` or a logger would show the token; this one shows the header's name only.
extension HttpRequest: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        let shown = headers.map { header in
            header.name.lowercased() == "authorization" ? "\(header.name): ***" : "\(header.name): \(header.value)"
        }
        return "HttpRequest(method: \(method), url: \(url), headers: \(shown), bodyBytes: \(body.map { String($0.count) } ?? "nil"), timeoutMs: \(timeoutMs))"
    }

    public var debugDescription: String { description }
}
