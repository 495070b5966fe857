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
        urlRequest.timeoutInterval = TimeInterval(request.timeoutMs) / 1000
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch let error as URLError where error.code == .timedOut {
            throw HttpExecutorError.Timeout(detail: "URLSession: \(error.localizedDescription)", httpStatus: nil)
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

/// Hands a redirect back to offerkit as the response it is.
private final class RefuseRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}
