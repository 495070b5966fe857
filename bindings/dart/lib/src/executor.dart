// Host HTTP executors: sending offerkit's HTTP attempts through a Dart HTTP stack instead of
// the library's built-in transport (ffi/README.md, "Host HTTP executor").

import 'dart:async';
import 'dart:io';
import 'dart:typed_data';

/// How an attempt failed, as the C ABI numbers it.
enum OfferHttpFailure {
  /// No connection, a DNS or TLS failure, a connection that broke.
  network(1),

  /// No answer within [OfferHttpRequest.timeout].
  timeout(2),

  /// The body passed [OfferHttpRequest.maxResponseBytes].
  tooLarge(3);

  const OfferHttpFailure(this.code);
  final int code;
}

/// Thrown by an executor to fail an attempt with a kind (any other exception fails it as
/// [OfferHttpFailure.network] with the exception's text).
final class OfferHttpException implements Exception {
  const OfferHttpException(this.failure, this.message, {this.httpStatus});

  final OfferHttpFailure failure;
  final String message;

  /// The status, when a status line had arrived before the failure (a body that broke off).
  final int? httpStatus;

  @override
  String toString() => 'OfferHttpException(${failure.name}): $message';
}

/// One HTTP attempt offerkit asks the executor to send.
final class OfferHttpRequest {
  OfferHttpRequest(this.id, this.method, this.url, this.headers, this.body, this.timeout, this.maxResponseBytes);

  /// offerkit's id of the attempt (for logs).
  final int id;

  /// `GET` or `POST`.
  final String method;
  final Uri url;

  /// The headers to send, in order (name, value); add none but those the stack needs.
  final List<(String, String)> headers;

  /// The body of a POST; null for a GET.
  final Uint8List? body;

  /// Give up after this long with [OfferHttpFailure.timeout].
  final Duration timeout;

  /// A longer body may be cut short with [OfferHttpFailure.tooLarge].
  final int maxResponseBytes;

  final Completer<void> _cancelled = Completer<void>();

  /// Whether offerkit no longer wants the answer (the call was cancelled, its deadline passed,
  /// its client was closed): stop the transfer.
  bool get isCancelled => _cancelled.isCompleted;

  /// Completes when offerkit no longer wants the answer.
  Future<void> get cancelled => _cancelled.future;
}

/// Called by the client when offerkit tells it the attempt is cancelled.
void markCancelled(OfferHttpRequest request) {
  if (!request._cancelled.isCompleted) request._cancelled.complete();
}

/// The answer to an attempt, as it came: offerkit follows no redirect (answer the 3xx) and
/// expects the body after content decoding.
final class OfferHttpResponse {
  const OfferHttpResponse(this.status, {this.headers = const [], this.body = const []});

  /// 100 to 599 (any other number fails the attempt as network).
  final int status;
  final List<(String, String)> headers;
  final List<int> body;
}

/// Sends offerkit's HTTP attempts (give one as `OfferClient(httpExecutor: ...)`). Everything
/// above one attempt (tokens, retries, the deadline, the cache, errors) stays offerkit's.
abstract interface class OfferHttpExecutor {
  /// Sends [request] and completes with its answer, or fails with an [OfferHttpException] (any
  /// other error is a network failure with its text). Must not block; may complete late (the
  /// answer is then dropped).
  Future<OfferHttpResponse> send(OfferHttpRequest request);
}

/// An executor on `dart:io`'s [HttpClient]: no proxy from the environment, no redirects followed,
/// no `Accept-Encoding` or `User-Agent` offerkit did not ask for; timeouts, the body cap and
/// cancellation as the contract says. Close it when done ([close]), or its idle connections
/// keep the isolate alive for up to [idleTimeout].
final class HttpClientExecutor implements OfferHttpExecutor {
  HttpClientExecutor({HttpClient? client, Duration idleTimeout = const Duration(seconds: 2)})
      : _client = client ??
            (HttpClient()
              ..findProxy = ((_) => 'DIRECT')
              ..userAgent = null
              ..idleTimeout = idleTimeout);

  final HttpClient _client;

  @override
  Future<OfferHttpResponse> send(OfferHttpRequest request) async {
    HttpClientRequest? sent;
    var aborted = false;
    void abort() {
      aborted = true;
      sent?.abort(const OfferHttpException(OfferHttpFailure.network, 'cancelled'));
    }

    unawaited(request.cancelled.then((_) => abort()));
    Future<OfferHttpResponse> exchange() async {
      final r = await _client.openUrl(request.method, request.url);
      sent = r;
      if (aborted) r.abort();
      r.followRedirects = false;
      r.persistentConnection = true;
      r.headers.removeAll(HttpHeaders.acceptEncodingHeader);
      for (final (name, value) in request.headers) {
        r.headers.add(name, value);
      }
      final body = request.body;
      if (body != null) {
        r.contentLength = body.length;
        r.add(body);
      }
      final response = await r.close();
      final bytes = BytesBuilder(copy: false);
      try {
        await for (final chunk in response) {
          bytes.add(chunk);
          if (bytes.length > request.maxResponseBytes) {
            throw OfferHttpException(OfferHttpFailure.tooLarge, 'the body passed ${request.maxResponseBytes} bytes',
                httpStatus: response.statusCode);
          }
        }
      } on OfferHttpException {
        rethrow;
      } catch (e) {
        throw OfferHttpException(OfferHttpFailure.network, 'the body broke off: $e', httpStatus: response.statusCode);
      }
      final headers = <(String, String)>[];
      response.headers.forEach((name, values) {
        for (final value in values) {
          headers.add((name, value));
        }
      });
      return OfferHttpResponse(response.statusCode, headers: headers, body: bytes.takeBytes());
    }

    try {
      return await exchange().timeout(request.timeout);
    } on TimeoutException {
      abort();
      throw OfferHttpException(OfferHttpFailure.timeout, 'no answer within ${request.timeout.inMilliseconds} ms');
    } on OfferHttpException {
      rethrow;
    } on SocketException catch (e) {
      throw OfferHttpException(OfferHttpFailure.network, e.toString());
    } on HttpException catch (e) {
      throw OfferHttpException(OfferHttpFailure.network, e.toString());
    }
  }

  /// Closes the underlying client (its idle connections); transfers under way are aborted.
  void close() => _client.close(force: true);
}
