// The simulator the harness started (OFFERKIT_SIM_URL, OFFERKIT_SIM_PREFIXED_URL) and its
// control endpoint (/_sim: faults, misbehaviour modes, counters, tokens), reached with dart:io's
// HttpClient, never through offerkit.

import 'dart:convert';
import 'dart:io';

import 'package:offerkit/offerkit.dart';

final class Sim {
  Sim(this.baseUrl) : control = Uri.parse(baseUrl).replace(path: '').toString();

  /// http://127.0.0.1:PORT (and the path prefix of a prefixed simulator).
  final String baseUrl;

  /// http://127.0.0.1:PORT: /_sim stays at the root.
  final String control;

  static final HttpClient _http = HttpClient()..findProxy = ((_) => 'DIRECT');

  static void closeHttp() => _http.close(force: true);

  Future<Object?> http(String method, String path, [Object? body]) async {
    final request = await _http.openUrl(method, Uri.parse('$control$path'));
    if (body != null) {
      request.headers.contentType = ContentType.json;
      request.write(body is String ? body : jsonEncode(body));
    }
    final response = await request.close();
    final text = await response.transform(utf8.decoder).join();
    if (response.statusCode != 200) {
      throw StateError('simulator $method $path: ${response.statusCode} $text');
    }
    return text.isEmpty ? null : jsonDecode(text);
  }

  Future<void> reset() async {
    await http('DELETE', '/_sim/faults');
    await http('DELETE', '/_sim/mess');
    final until = DateTime.now().add(const Duration(seconds: 30));
    while (await stat('in_flight') > 0 && DateTime.now().isBefore(until)) {
      await Future<void>.delayed(const Duration(milliseconds: 10));
    }
    await http('POST', '/_sim/stats/reset', '');
  }

  Future<void> fault(Map<String, Object?> fault) => http('POST', '/_sim/faults', fault);

  Future<void> mess(Map<String, Object?> modes) => http('PUT', '/_sim/mess', modes);

  Future<int> stat(String name) async => ((await http('GET', '/_sim/stats')) as Map)[name] as int;

  Future<String> token({int ttlSeconds = 3600, bool scoped = true}) async =>
      ((await http('POST', '/_sim/tokens', {'ttl_secs': ttlSeconds, 'scoped': scoped})) as Map)['access_token']
          as String;

  /// The catalogue's offer ids, as the simulator lists them.
  Future<List<String>> catalogueIds() async =>
      [for (final o in ((await http('GET', '/_sim/catalogue')) as Map)['offers'] as List) '${(o as Map)['id']}'];

  /// A client of this simulator with a fresh token.
  Future<OfferClient> client({
    Duration? timeout,
    Duration? deadline,
    int? maxRetries,
    Duration? retryBackoffInitial,
    CacheOptions? cache,
    OfferHttpExecutor? httpExecutor,
  }) async =>
      OfferClient(
        baseUrl: baseUrl,
        accessToken: await token(),
        timeout: timeout,
        deadline: deadline,
        maxRetries: maxRetries,
        retryBackoffInitial: retryBackoffInitial,
        cache: cache,
        httpExecutor: httpExecutor,
      );
}
