// Hand-written: an HttpExecutor on URLSession, for an app that wants offerkit's requests to go
// through the platform's stack (its proxy and VPN settings, App Transport Security, its
// metrics) instead of offerkit's own. Redirects are not followed (offerkit refuses them as
// `Rejected`); the attempt's timeout and response size limit are kept; cancelling the attempt
// (offerkit drops it when the call is cancelled or its deadline passes) cancels the task.
// On Linux URLSession is FoundationNetworking's.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends offerkit's HTTP attempts with a `URLSession`.
public final class URLSessionExecutor: HttpExecutor {
    private let session: URLSession

    /// A session of its own with `configuration` (by default ephemeral: no cookies, no cache)
    /// that does not follow redirects.
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        session = URLSession(configuration: configuration, delegate: RefuseRedirects(), delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func execute(request: HttpRequest) async throws -> HttpResponse {
        guard let url = URL(string: request.url) else {
            throw HttpExecutorError.Network(detail: "not a URL: \(request.url)", httpStatus: nil)
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        // URLSession's timeoutInterval is the longest wait between two packets, not a bound on
        // the exchange: the attempt is bounded below by a timer of its own, and URLSession's,
        // a second later, is only a backstop.
        urlRequest.timeoutInterval = TimeInterval(request.timeoutMs) / 1000 + 1
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        let data: Data
        let response: URLResponse
        let session = self.session, sent = urlRequest
        do {
            (data, response) = try await bounded(milliseconds: request.timeoutMs) { try await session.data(for: sent) }
        } catch is AttemptTimedOut {
            throw HttpExecutorError.Timeout(detail: "URLSession: no complete answer within \(request.timeoutMs) ms",
                                            httpStatus: nil)
        } catch let error as URLError where error.code == .timedOut {
            throw HttpExecutorError.Timeout(detail: "URLSession: \(error.localizedDescription)", httpStatus: nil)
        } catch is CancellationError {
            throw CancellationError()  // the call was cancelled while the timer waited
        } catch let error as URLError where error.code == .cancelled {
            throw CancellationError()
        } catch {
            throw HttpExecutorError.Network(detail: "URLSession: \(error.localizedDescription)", httpStatus: nil)
        }
        guard let http = response as? HTTPURLResponse else {
            throw HttpExecutorError.Network(detail: "URLSession gave no HTTP response", httpStatus: nil)
        }
        let status = Int32(http.statusCode)
        if Int64(data.count) > request.maxResponseBytes {
            throw HttpExecutorError.TooLarge(
                detail: "the response body is larger than \(request.maxResponseBytes) bytes", httpStatus: status)
        }
        let headers = http.allHeaderFields.compactMap { name, value -> HttpHeader? in
            guard let name = name as? String else { return nil }
            return HttpHeader(name: name, value: "\(value)")
        }
        return HttpResponse(status: status, headers: headers, body: data)
    }
}

/// The attempt ran out of its time.
private struct AttemptTimedOut: Error {}

/// `body`, or `AttemptTimedOut` once `milliseconds` have passed (`body` is then cancelled).
private func bounded<T: Sendable>(milliseconds: Int64, _ body: @escaping @Sendable () async throws -> T)
    async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(max(milliseconds, 0)) * 1_000_000)
            throw AttemptTimedOut()
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw AttemptTimedOut() }
        return first
    }
}

/// Hands a redirect back to offerkit as the response it is.
private final class RefuseRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
