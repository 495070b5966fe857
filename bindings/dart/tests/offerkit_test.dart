// The Dart package's tests, on the Dart VM against the simulator over loopback:
//
//   dart run tests/offerkit_test.dart [FILTER]
//
// with OFFERKIT_LIBRARY (the library with its test hooks), OFFERKIT_SIM_URL and
// OFFERKIT_SIM_PREFIXED_URL set (bindings/dart/test.sh sets them). Every error kind is provoked
// for real (fault injection, raw GraphQL, a forged cursor, a closed port, a panic inside the
// library), with what OfferException carries for it.

import 'dart:async';
import 'dart:io';
import 'dart:isolate';

import 'package:ffi/ffi.dart';
import 'package:offerkit/offerkit.dart';
import 'package:offerkit/src/bindings.g.dart';
import 'package:offerkit/src/native.dart' show native;

import 'harness.dart';
import 'sim.dart';

late Sim sim;
late Sim prefixed;

Future<OfferList> demoOffers(OfferClient client, {CancelToken? cancelToken}) =>
    client.offers('demo', limit: 2, cancelToken: cancelToken);

/// A loopback port nothing listens on.
Future<int> closedPort() async {
  final socket = await ServerSocket.bind(InternetAddress.loopbackIPv4, 0);
  final port = socket.port;
  await socket.close();
  return port;
}

/// Every kind's name, written out here (not read from the package) and compared with the
/// library's own names.
const kindNames = [
  'invalid_argument', 'unauthorized', 'forbidden', 'validation', 'query', 'invalid_cursor', //
  'unsupported_media_type', 'unprocessable', 'rate_limited', 'server', 'network', 'timeout',
  'cancelled', 'decode', 'internal', 'rejected',
];

/// An exhaustive switch over the sealed hierarchy: adding a kind without a class, or a class
/// without a case here, fails to compile.
String describe(OfferException e) => switch (e) {
      InvalidArgumentException() => 'invalid_argument',
      UnauthorizedException() => 'unauthorized',
      ForbiddenException() => 'forbidden',
      ValidationException() => 'validation',
      QueryException() => 'query',
      InvalidCursorException() => 'invalid_cursor',
      UnsupportedMediaTypeException() => 'unsupported_media_type',
      UnprocessableException() => 'unprocessable',
      RateLimitedException() => 'rate_limited',
      ServerException() => 'server',
      NetworkException() => 'network',
      OfferTimeoutException() => 'timeout',
      CancelledException() => 'cancelled',
      DecodeException() => 'decode',
      InternalException() => 'internal',
      RejectedException() => 'rejected',
    };

/// An executor whose behaviour a test scripts; records what it was asked.
final class Scripted implements OfferHttpExecutor {
  Scripted(this.answer);
  final Future<OfferHttpResponse> Function(OfferHttpRequest request) answer;
  final requests = <OfferHttpRequest>[];
  @override
  Future<OfferHttpResponse> send(OfferHttpRequest request) {
    requests.add(request);
    return answer(request);
  }
}

final List<Test> tests = [
  // ---- the raw bindings -----------------------------------------------------------------------
  Test('bindings: every function of the header is in the loaded library', () async {
    final missing = [
      for (final name in OfferkitBindings.functionNames)
        if (!native.library.providesSymbol(name)) name
    ];
    equals(<String>[], missing, 'functions the library lacks');
    isTrue(OfferkitBindings.functionNames.length > 100, 'the generator found the functions');
    equals('${OFFERKIT_VERSION_MAJOR}.${OFFERKIT_VERSION_MINOR}.${OFFERKIT_VERSION_PATCH}', OfferKitLibrary.version,
        'the header and the library agree on the version');
  }),
  Test('errors: the kinds have the names and numbers of the C ABI', () async {
    equals(16, ErrorKind.values.length, 'sixteen kinds');
    for (var i = 0; i < 16; i++) {
      final kind = ErrorKind.values[i];
      equals(i + 1, kind.code, '$kind code');
      equals(kindNames[i], kind.wireName, '$kind name');
      equals(kindNames[i], native.offerkit_status_name(i + 1).toDartString(), 'library name of ${i + 1}');
    }
    equals(ErrorKind.invalidArgument, ErrorKind.ofStatus(100), 'the C interface own codes');
  }),

  // ---- every error kind -----------------------------------------------------------------------
  Test('invalid_argument: checked before sending, in the service words', () async {
    final client = await sim.client();
    try {
      final e = await throwsOffer<InvalidArgumentException>(
          client.offers('p', limit: 0, language: 'english', sort: 'price.asc'), 'bad options');
      equals(ErrorKind.invalidArgument, e.kind, 'kind');
      equals('invalid_argument', e.kindName, 'kind name');
      equals(1, e.status, 'status');
      equals(null, e.httpStatus, 'no HTTP status');
      equals(1, e.fields.length, 'one field entry');
      equals('offers', e.fields[0].path, 'path');
      equals(['language', 'limit', 'sort'], e.fields[0].arguments.toList()..sort(), 'arguments');
      equals('The limit field must be at least 1.', e.messagesFor('limit').single, 'limit message');
      contains(e.messagesFor('sort').single, '(price)', 'sort message');
      equals('invalid_argument', describe(e), 'the sealed switch');
      await throwsOffer<InvalidArgumentException>(client.offers('x' * 256), '256 characters');
      await throwsOffer<InvalidArgumentException>(client.links(''), 'empty player id');
      for (final perPage in [0, -1, 101]) {
        equals(
            'The per page field must be between 1 and 100.',
            (await throwsOffer<InvalidArgumentException>(client.listOffers(perPage: perPage), 'per_page $perPage'))
                .messagesFor('per_page')
                .single,
            'per_page $perPage message');
      }
      equals(
          'The limit field must be at least 1.',
          (await throwsOffer<InvalidArgumentException>(client.playerOffers('p', limit: 0), 'limit 0'))
              .messagesFor('limit')
              .single,
          'playerOffers limit message');
      equals(0, await sim.stat('requests'), 'nothing was sent');
    } finally {
      client.close();
    }
  }),
  Test('invalid_argument: options out of bounds are named as the Dart API spells them', () async {
    final e = throwsOfferSync<InvalidArgumentException>(
        () => OfferClient(
              baseUrl: sim.baseUrl,
              timeout: Duration.zero,
              maxRetries: 11,
              retryBackoffInitial: Duration.zero,
              tokenWait: const Duration(days: 2),
              cache: const CacheOptions(timeToLive: Duration(minutes: 1), maxEntries: 0),
            ),
        'bad options');
    equals(1, e.fields.length, 'one entry');
    equals('config', e.fields[0].path, 'path');
    final names = e.fields[0].arguments.toSet();
    for (final name in ['timeout', 'maxRetries', 'tokenWait', 'cache.maxEntries']) {
      isTrue(names.contains(name), '$name named (got $names)');
    }
    for (final core in ['retry.max_retries', 'cache.max_entries', 'token_provider_timeout']) {
      isTrue(!names.contains(core) && !e.message.contains(core), 'the library name $core is not used');
    }
    equals('0 ms is not between 1 ms and 24 h', e.messagesFor('timeout').single, 'timeout message');
    contains(e.message, 'maxRetries', 'the message names the option');
    throwsOfferSync<InvalidArgumentException>(() => OfferClient(baseUrl: 'not a url'), 'a base URL that is not one');
    final cacheTtl = throwsOfferSync<InvalidArgumentException>(
        () => OfferClient(baseUrl: sim.baseUrl, cache: const CacheOptions(timeToLive: Duration(days: 2))),
        'cache ttl of two days');
    isTrue(cacheTtl.messagesFor('cache.timeToLive').isNotEmpty, 'cache.timeToLive named: ${cacheTtl.fields}');
  }),
  Test('invalid_argument: player ids, with the service messages', () async {
    final e = throwsOfferSync<InvalidArgumentException>(() => PlayerId.validate(''), 'empty id');
    equals('The player id field is required.', e.messagesFor('player_id').single, 'message');
    throwsOfferSync<InvalidArgumentException>(() => PlayerId.validate('x' * 256), '256 characters');
    PlayerId.validate('player-1');
    equals(<PlayerIdConvention>{}, PlayerId.lint('player-1'), 'a conventional id');
    equals({PlayerIdConvention.uppercase, PlayerIdConvention.space}, PlayerId.lint('Player One'), 'flags');
    equals('uppercase', PlayerIdConvention.uppercase.wireName, 'convention name');
    isTrue(PlayerIdConvention.space.description.isNotEmpty, 'a description');
    final short = PlayerId.short('user@example.com');
    equals(short, PlayerId.short('user@example.com'), 'the same id twice');
    isTrue(short != PlayerId.short('other@example.com'), 'another id for another input');
    PlayerId.validate(short);
    equals(<PlayerIdConvention>{}, PlayerId.lint(short), 'a short id breaks no convention');
  }),
  Test('unauthorized: without a token, and on a 401', () async {
    var client = OfferClient(baseUrl: sim.baseUrl);
    try {
      final e = await throwsOffer<UnauthorizedException>(demoOffers(client), 'no token');
      equals(null, e.httpStatus, 'refused before sending');
      equals(0, await sim.stat('requests'), 'nothing sent');
    } finally {
      client.close();
    }
    client = await sim.client();
    try {
      await sim.fault({'kind': 'status', 'status': 401, 'body': '{"message":"Unauthenticated."}'});
      final e = await throwsOffer<UnauthorizedException>(demoOffers(client), '401');
      equals(401, e.httpStatus, 'HTTP status');
      contains(e.message, 'Unauthenticated.', 'message');
      equals('unauthorized', describe(e), 'the sealed switch');
    } finally {
      client.close();
    }
  }),
  Test('forbidden: a token without the scope', () async {
    final client = OfferClient(baseUrl: sim.baseUrl, accessToken: await sim.token(scoped: false));
    try {
      final e = await throwsOffer<ForbiddenException>(demoOffers(client), 'unscoped token');
      equals(403, e.httpStatus, 'HTTP status');
      equals(ErrorKind.forbidden, e.kind, 'kind');
    } finally {
      client.close();
    }
  }),
  Test('validation: one entry per failing field', () async {
    final client = await sim.client();
    try {
      final e = await throwsOffer<ValidationException>(
          client.graphql(
              '{ offers(player_id: "p", limit: 0) { id } playerOffers(player_id: "p", limit: 101) { next_cursor } }'),
          'raw GraphQL with bad arguments');
      equals(200, e.httpStatus, 'HTTP 200');
      equals(['offers', 'playerOffers'], [for (final f in e.fields) f.path]..sort(), 'paths');
      final player = e.fields.firstWhere((f) => f.path == 'playerOffers');
      equals('The limit field must not be greater than 100.', player.messages['limit']?.single, 'message');
      contains(e.responseJson, '"errors"', 'the whole response');
    } finally {
      client.close();
    }
  }),
  Test('query: a bad document and an unknown field', () async {
    final client = await sim.client();
    try {
      var e = await throwsOffer<QueryException>(client.graphql('{ offers { id } }'), 'missing argument');
      contains(e.responseJson, '"data":null', 'data null');
      e = await throwsOffer<QueryException>(client.offers('p', select: 'no_such_field'), 'unknown field');
      contains(e.message, 'no_such_field', 'the message names the field');
    } finally {
      client.close();
    }
  }),
  Test('invalid_cursor: carries the reason', () async {
    final client = await sim.client();
    try {
      final e = await throwsOffer<InvalidCursorException>(client.playerOffers('demo', after: 'forged'), 'forged');
      contains(e.reason, 'mit', 'reason (Omit after ...)');
      equals(0, e.fields.length, 'no field entries');
    } finally {
      client.close();
    }
  }),
  Test('unsupported_media_type: HTTP 415', () async {
    final client = await sim.client();
    try {
      await sim.fault(
          {'kind': 'status', 'status': 415, 'body': '{"error":"Unsupported Media Type: send application/json."}'});
      final e = await throwsOffer<UnsupportedMediaTypeException>(demoOffers(client), '415');
      equals(415, e.httpStatus, 'HTTP status');
      contains(e.message, 'send application/json', 'message');
    } finally {
      client.close();
    }
  }),
  Test('unprocessable: the field messages of a 422', () async {
    final client = await sim.client();
    try {
      await sim.fault({
        'kind': 'status',
        'status': 422,
        'method': 'GET',
        'body': '{"message":"The per page field is required when page is present.",'
            '"errors":{"per_page":["The per page field is required when page is present."]}}'
      });
      final e = await throwsOffer<UnprocessableException>(client.listOffers(), '422');
      equals(422, e.httpStatus, 'HTTP status');
      equals(1, e.fields.length, 'one entry');
      equals(null, e.fields[0].path, 'no path');
      equals('The per page field is required when page is present.', e.messagesFor('per_page').single, 'message');
    } finally {
      client.close();
    }
  }),
  Test('rate_limited: retryAfter, not retried', () async {
    final client = await sim.client();
    try {
      await sim.fault({'kind': 'status', 'status': 429, 'retry_after_secs': 7});
      final e = await throwsOffer<RateLimitedException>(demoOffers(client), '429');
      equals(429, e.httpStatus, 'HTTP status');
      equals(const Duration(seconds: 7), e.retryAfter, 'retry-after');
      equals(1, await sim.stat('graphql'), 'not retried');
    } finally {
      client.close();
    }
  }),
  Test('server: a 500, and 503 retried twice', () async {
    final client = await sim.client(retryBackoffInitial: const Duration(milliseconds: 1));
    try {
      await sim.fault({'kind': 'status', 'status': 500});
      var e = await throwsOffer<ServerException>(demoOffers(client), '500');
      equals(500, e.httpStatus, 'HTTP status');
      equals(null, e.retryAfter, 'no retry-after');
      await sim.reset();
      await sim.fault({'kind': 'status', 'status': 503, 'times': 5});
      e = await throwsOffer<ServerException>(demoOffers(client), '503 five times');
      equals(503, e.httpStatus, 'HTTP status');
      equals(3, await sim.stat('graphql'), 'the first attempt and two retries');
      await sim.reset();
      await sim.fault({'kind': 'status', 'status': 503, 'times': 2});
      equals(2, (await demoOffers(client)).length, 'success on the third attempt');
    } finally {
      client.close();
    }
  }),
  Test('network: a closed port and a dropped body', () async {
    var client = OfferClient(baseUrl: 'http://127.0.0.1:${await closedPort()}', accessToken: 't', maxRetries: 0);
    try {
      final e = await throwsOffer<NetworkException>(demoOffers(client), 'closed port');
      equals(null, e.httpStatus, 'no response');
    } finally {
      client.close();
    }
    client = await sim.client(maxRetries: 0);
    try {
      await sim.fault({'kind': 'drop_mid_body'});
      await throwsOffer<NetworkException>(demoOffers(client), 'dropped mid-body');
    } finally {
      client.close();
    }
  }),
  Test('timeout: a slow response', () async {
    final client = await sim.client(timeout: const Duration(milliseconds: 300), maxRetries: 0);
    try {
      await sim.fault({'kind': 'latency', 'ms': 3000});
      final watch = Stopwatch()..start();
      final e = await throwsOffer<OfferTimeoutException>(demoOffers(client), 'latency 3 s, timeout 300 ms');
      isTrue(watch.elapsedMilliseconds < 2500,
          'failed after the timeout, not the latency (${watch.elapsedMilliseconds} ms)');
      equals('timeout', e.kindName, 'kind name');
    } finally {
      client.close();
    }
  }),
  Test('decode: malformed, non-JSON and oversized bodies', () async {
    final client = await sim.client();
    try {
      for (final fault in [
        {'kind': 'malformed_json'},
        {'kind': 'non_json'},
        {'kind': 'oversized_body', 'bytes': 17825792},
      ]) {
        await sim.fault(fault);
        equals(200, (await throwsOffer<DecodeException>(demoOffers(client), '$fault')).httpStatus,
            'HTTP status of $fault');
      }
      equals(3, await sim.stat('graphql'), 'one request each');
    } finally {
      client.close();
    }
  }),
  Test('internal: a panic inside the library', () async {
    final panic = native.offerkit_test_panic_in_conversions;
    if (panic == null) {
      if (Platform.environment['OFFERKIT_EXPECT_TEST_HOOKS'] == '1') {
        fail('the library was built without the test-hooks feature');
      }
      throw NotApplicable('needs the test-hooks feature, which the shipping library lacks');
    }
    final client = await sim.client();
    try {
      panic(1);
      final e = await throwsOffer<InternalException>(demoOffers(client), 'panic while converting');
      contains(e.message, 'panic', 'message');
      equals(2, (await demoOffers(client)).length, 'the library keeps working');
    } finally {
      client.close();
    }
  }),
  Test('rejected: other 4xx and redirects, not retried', () async {
    final client = await sim.client(retryBackoffInitial: const Duration(milliseconds: 1));
    try {
      for (final status in [400, 404, 405, 409, 302]) {
        await sim.reset();
        await sim.fault({'kind': 'status', 'status': status, 'times': 5});
        final e = await throwsOffer<RejectedException>(demoOffers(client), 'HTTP $status');
        equals(status, e.httpStatus, 'HTTP status');
        equals(16, e.status, 'status');
        equals(1, await sim.stat('graphql'), 'HTTP $status is not retried');
      }
    } finally {
      client.close();
    }
    // A prefixed service answers under its prefix, and refuses a base URL without it.
    final right = OfferClient(baseUrl: prefixed.baseUrl, accessToken: await prefixed.token());
    final rootOfPrefixed = OfferClient(baseUrl: prefixed.control, accessToken: await prefixed.token());
    try {
      equals(2, (await demoOffers(right)).length, 'the prefixed simulator answers under its prefix');
      equals(404, (await throwsOffer<RejectedException>(demoOffers(rootOfPrefixed), 'wrong prefix')).httpStatus, '404');
    } finally {
      right.close();
      rootOfPrefixed.close();
    }
  }),

  // ---- queries --------------------------------------------------------------------------------
  Test('offers: typed fields, creatives and the whole item', () async {
    final client = await sim.client();
    try {
      final offers = await client.offers('demo', limit: 10);
      equals(10, offers.length, 'ten offers');
      final catalogue = await sim.catalogueIds();
      for (final offer in offers) {
        isTrue(catalogue.contains(offer.id), '${offer.id} is in the catalogue');
        equals(offer.json['id'].toString(), offer.id, 'id from the whole item');
        equals(offer.json['name'], offer.name, 'name');
        equals((offer.json['total_payout_usd'] as num).toDouble(), offer.totalPayoutUsd, 'payout');
        final creative = offer.json['creatives'] as Map<String, Object?>;
        equals(1, offer.creatives.length, 'one creative object');
        equals(creative['name'], offer.creatives.single.name, 'creative name');
        equals(creative['description'], offer.creatives.single.description, 'creative description');
      }
      equals(false, offers.fromCache, 'not from a cache');
      equals(<SkippedItem>[], offers.skipped, 'nothing skipped');
    } finally {
      client.close();
    }
  }),
  Test('links, the listing and raw GraphQL', () async {
    final client = await sim.client();
    try {
      final links = await client.links('demo');
      isTrue(links.containsKey('support_portal'), 'support_portal in $links');
      final all = await client.listOffers();
      equals((await sim.catalogueIds()).toSet(), {for (final o in all) o.id}, 'the listing is the catalogue');
      final page = await client.listOffers(perPage: 3, page: 2);
      equals(3, page.length, 'three on page 2');
      equals(2, page.pagination?.currentPage, 'page 2');
      equals(3, page.pagination?.perPage, 'per page');
      final walked = await client.listAllOffers(perPage: 4);
      equals([for (final o in all) o.id], [for (final o in walked) o.id], 'every page walked');
      final data = await client
          .graphql(r'query($p: String!) { offers(player_id: $p, limit: 3) { id } }', variables: {'p': 'demo'});
      equals(3, (data['offers'] as List).length, 'data as sent');
    } finally {
      client.close();
    }
  }),
  Test('click URLs: exactly the player, from offers and by hand', () async {
    final built = ClickUrl.build('https://t.example/click/7?player_id=old&sub=1', 'p-1');
    equals('https://t.example/click/7?sub=1&player_id=p-1', built.url, 'url');
    equals(<PlayerIdConvention>{}, built.warnings, 'no warnings');
    final spaced = ClickUrl.build('https://t.example/click/7', 'Player One');
    equals('https://t.example/click/7?player_id=Player+One', spaced.url, 'form-encoded');
    equals({PlayerIdConvention.uppercase, PlayerIdConvention.space}, spaced.warnings, 'warnings');
    equals(
        'The player id field is required.',
        throwsOfferSync<InvalidArgumentException>(() => ClickUrl.build('https://t.example/c', ''), 'empty id')
            .messagesFor('player_id')
            .single,
        'message');
    throwsOfferSync<InvalidArgumentException>(() => ClickUrl.build('not a url', 'p-1'), 'bad url');
    final client = await sim.client();
    try {
      final offers = await client.offers('demo', limit: 3, select: 'links { click_url }');
      for (final offer in offers) {
        final url = offer.field('links.click_url');
        isTrue(url is String && url.startsWith('http'), 'a click URL for ${offer.id}: $url');
        contains(ClickUrl.build(url as String, 'player-9').url, 'player_id=player-9', 'the player set');
      }
      equals(null, offers.first.field('links.no_such'), 'absent path');
    } finally {
      client.close();
    }
  }),
  Test('skipped items: malformed offers left out, with their reasons', () async {
    final client = await sim.client();
    try {
      final whole = await client.offers('demo', limit: 8);
      await sim.mess({'bad_fields': true});
      final offers = await client.offers('demo', limit: 8);
      // bad_fields breaks positions 1 (name null) and 5 (payout "lots").
      equals([1, 5], [for (final s in offers.skipped) s.index], 'skipped positions');
      equals(whole[1].id, offers.skipped[0].id, 'the id of a skipped item');
      isTrue(offers.skipped.every((s) => s.reason.isNotEmpty), 'reasons');
      equals(6, offers.length, 'the rest kept');
      await sim.mess({'bad_fields': true});
      final page = await client.playerOffers('demo', limit: 5);
      equals([1], [for (final s in page.skipped) s.index], 'playerOffers: position 1 (null) skipped');
      // Position 2's status is the number 5: unusable, so absent from the typed field, kept in the JSON.
      equals(null, page[1].status, 'an unusable status is absent');
      equals(5, page[1].json['status'], 'and kept as sent');
      await sim.mess({'all_bad_fields': true});
      await throwsOffer<DecodeException>(client.offers('demo', limit: 4), 'every item malformed');
    } finally {
      client.close();
    }
  }),

  // ---- tokens ---------------------------------------------------------------------------------
  Test('token provider: returns a token', () async {
    final reasons = <TokenReason>[];
    final token = await sim.token();
    final client = OfferClient(
        baseUrl: sim.baseUrl,
        tokenProvider: (reason) async {
          reasons.add(reason);
          return token;
        });
    try {
      equals(2, (await demoOffers(client)).length, 'offers with the provided token');
      equals(2, (await demoOffers(client)).length, 'again, with the same token');
      equals([TokenReason.missing], reasons, 'asked once, for a missing token');
    } finally {
      client.close();
    }
  }),
  Test('token provider: a throwing provider fails the call as unauthorized, saying why', () async {
    final client =
        OfferClient(baseUrl: sim.baseUrl, tokenProvider: (reason) async => throw StateError('the backend is down'));
    try {
      final e = await throwsOffer<UnauthorizedException>(demoOffers(client), 'provider throws');
      contains(e.message, 'the backend is down', 'the provider text');
      equals(0, await sim.stat('requests'), 'nothing sent');
    } finally {
      client.close();
    }
  }),
  Test('token provider: a slow provider is bounded by the token wait', () async {
    final token = await sim.token();
    final client = OfferClient(
        baseUrl: sim.baseUrl,
        tokenWait: const Duration(milliseconds: 300),
        tokenProvider: (reason) => Future.delayed(const Duration(seconds: 3), () => token));
    try {
      final watch = Stopwatch()..start();
      await throwsOffer<OfferTimeoutException>(demoOffers(client), 'slow provider');
      isTrue(watch.elapsedMilliseconds < 2500, 'failed after the token wait (${watch.elapsedMilliseconds} ms)');
    } finally {
      client.close();
    }
  }),
  Test('token provider: concurrent callers share one call', () async {
    var calls = 0;
    final token = await sim.token();
    final client = OfferClient(
        baseUrl: sim.baseUrl,
        tokenProvider: (reason) async {
          calls++;
          await Future<void>.delayed(const Duration(milliseconds: 200));
          return token;
        });
    try {
      final results = await Future.wait([for (var i = 0; i < 20; i++) demoOffers(client)]);
      equals(20, results.length, 'every call answered');
      isTrue(results.every((r) => r.length == 2), 'each with its offers');
      equals(1, calls, 'one call of the provider');
    } finally {
      client.close();
    }
  }),
  Test('token provider: a 401 asks again with reason rejected', () async {
    final reasons = <TokenReason>[];
    final token = await sim.token();
    final client = OfferClient(
        baseUrl: sim.baseUrl,
        tokenProvider: (reason) async {
          reasons.add(reason);
          return token;
        });
    try {
      await demoOffers(client);
      await sim.fault({'kind': 'status', 'status': 401, 'body': '{"message":"Unauthenticated."}'});
      equals(2, (await demoOffers(client)).length, 'answered after a new token');
      equals([TokenReason.missing, TokenReason.rejected], reasons, 'reasons');
    } finally {
      client.close();
    }
  }),

  // ---- cancellation and the deadline ----------------------------------------------------------
  Test('cancellation: a call in flight, with a CancelToken', () async {
    final client = await sim.client();
    try {
      await sim.fault({'kind': 'latency', 'ms': 3000});
      final token = CancelToken();
      final watch = Stopwatch()..start();
      final call = demoOffers(client, cancelToken: token);
      Timer(const Duration(milliseconds: 200), token.cancel);
      final e = await throwsOffer<CancelledException>(call, 'cancelled');
      isTrue(watch.elapsedMilliseconds < 2000, 'at once, not after the latency (${watch.elapsedMilliseconds} ms)');
      equals('cancelled', e.kindName, 'kind');
      isTrue(token.isCancelled, 'the token says so');
      await throwsOffer<CancelledException>(demoOffers(client, cancelToken: token), 'an already cancelled token');
      final before = await sim.stat('requests');
      await sim.reset();
      equals(0, await sim.stat('requests'), 'nothing sent for the cancelled token (before: $before)');
      final done = CancelToken();
      final offers = await demoOffers(client, cancelToken: done);
      done.cancel();
      equals(2, offers.length, 'cancelling after completion changes nothing');
      equals(2, (await demoOffers(client)).length, 'the client keeps working');
    } finally {
      client.close();
    }
  }),
  Test('cancellation: one token cancels many calls', () async {
    final client = await sim.client();
    try {
      await sim.fault({'kind': 'latency', 'ms': 3000, 'times': 5});
      final token = CancelToken();
      final calls = [for (var i = 0; i < 5; i++) demoOffers(client, cancelToken: token)];
      await Future<void>.delayed(const Duration(milliseconds: 100));
      token.cancel();
      for (final call in calls) {
        await throwsOffer<CancelledException>(call, 'each call', within: const Duration(seconds: 2));
      }
    } finally {
      client.close();
    }
  }),
  Test('close: calls in flight complete as cancelled', () async {
    final client = await sim.client();
    await sim.fault({'kind': 'latency', 'ms': 3000});
    final call = demoOffers(client);
    await Future<void>.delayed(const Duration(milliseconds: 100));
    client.close();
    client.close();
    await throwsOffer<CancelledException>(call, 'closed', within: const Duration(seconds: 2));
    isTrue(client.isClosed, 'closed');
    try {
      await demoOffers(client);
      fail('a closed client refuses calls');
    } on StateError {
      // expected
    }
  }),
  Test('deadline: bounds every attempt and retry', () async {
    final client = await sim.client(
        deadline: const Duration(milliseconds: 700),
        timeout: const Duration(seconds: 5),
        retryBackoffInitial: const Duration(milliseconds: 1));
    try {
      await sim.fault({'kind': 'latency', 'ms': 3000, 'times': 5});
      final watch = Stopwatch()..start();
      await throwsOffer<OfferTimeoutException>(demoOffers(client), 'past the deadline');
      isTrue(watch.elapsedMilliseconds >= 600 && watch.elapsedMilliseconds < 2000,
          'at the deadline (${watch.elapsedMilliseconds} ms)');
    } finally {
      client.close();
    }
  }),

  // ---- the event loop and concurrency ---------------------------------------------------------
  Test('concurrency: 200 calls at once', () async {
    final client = await sim.client();
    try {
      final results = await Future.wait([for (var i = 0; i < 200; i++) client.offers('player-$i', limit: 3)]);
      equals(200, results.length, 'all answered');
      isTrue(results.every((r) => r.length == 3), 'each with three offers');
      equals(200, await sim.stat('graphql'), 'one request each');
    } finally {
      client.close();
    }
  }),
  Test('event loop: never blocked while calls are in flight', () async {
    final client = await sim.client();
    try {
      await sim.fault({'kind': 'latency', 'ms': 500, 'times': 20});
      // The longest wait between two ticks of a 10 ms timer: a blocked loop would show the
      // 500 ms latency. (Not the count of ticks: a late periodic timer skips the ticks it missed.)
      var ticks = 0;
      var longestGap = 0;
      final watch = Stopwatch()..start();
      var lastTick = 0;
      final timer = Timer.periodic(const Duration(milliseconds: 10), (_) {
        ticks++;
        final now = watch.elapsedMilliseconds;
        if (now - lastTick > longestGap) longestGap = now - lastTick;
        lastTick = now;
      });
      await Future.wait([for (var i = 0; i < 20; i++) demoOffers(client)]);
      timer.cancel();
      isTrue(watch.elapsedMilliseconds >= 450, 'the calls waited for the latency');
      isTrue(ticks > 0 && longestGap < 250,
          'timers ran meanwhile: $ticks ticks in ${watch.elapsedMilliseconds} ms, longest gap $longestGap ms');
    } finally {
      client.close();
    }
  }),

  // ---- pagers ---------------------------------------------------------------------------------
  Test('pager: a Stream of every page, once', () async {
    final client = await sim.client();
    try {
      final whole = await client.playerOffers('demo', limit: 100);
      final pages = await client.playerOffersPages('demo', limit: 2).toList();
      isTrue(pages.length >= 3, 'several pages (${pages.length})');
      equals([
        for (final o in whole) o.id
      ], [
        for (final p in pages)
          for (final o in p) o.id
      ], 'every item once, in order');
      equals(null, pages.last.nextCursor, 'the last page has no cursor');
      await throwsOffer<InvalidArgumentException>(
          client.playerOffersPages('demo', limit: 101).first, 'arguments checked when it starts');
    } finally {
      client.close();
    }
  }),
  Test('pager: cancelling the subscription stops the page in flight', () async {
    final client = await sim.client();
    try {
      final got = <PlayerOffersPage>[];
      late StreamSubscription<PlayerOffersPage> subscription;
      final first = Completer<void>();
      subscription = client.playerOffersPages('demo', limit: 2).listen((page) {
        got.add(page);
        if (!first.isCompleted) first.complete();
      });
      await first.future;
      // The first page arrived and the second is already asked for: make the third slow.
      await sim.fault({'kind': 'latency', 'ms': 5000});
      await Future<void>.delayed(const Duration(milliseconds: 300));
      // On a loaded machine the slow page may not be at the simulator yet.
      final arrived = DateTime.now().add(const Duration(seconds: 10));
      while (await sim.stat('in_flight') == 0 && DateTime.now().isBefore(arrived)) {
        await Future<void>.delayed(const Duration(milliseconds: 20));
      }
      // (On a loaded machine more pages may arrive before the fault does: count from the cancel.)
      final before = got.length;
      final watch = Stopwatch()..start();
      await subscription.cancel();
      isTrue(watch.elapsedMilliseconds < 2000, 'cancel waited only for the stop (${watch.elapsedMilliseconds} ms)');
      await Future<void>.delayed(const Duration(milliseconds: 100));
      equals(before, got.length, 'no page after the cancel');
      final until = DateTime.now().add(const Duration(seconds: 3));
      while (await sim.stat('aborted') == 0 && DateTime.now().isBefore(until)) {
        await Future<void>.delayed(const Duration(milliseconds: 20));
      }
      equals(1, await sim.stat('aborted'), 'the simulator saw the hang-up');
    } finally {
      client.close();
    }
  }),

  // ---- cache ----------------------------------------------------------------------------------
  Test('cache: answers, invalidate and clearCache', () async {
    final client = await sim.client(cache: const CacheOptions(timeToLive: Duration(minutes: 1)));
    try {
      final first = await demoOffers(client);
      final second = await demoOffers(client);
      equals(false, first.fromCache, 'the first from the service');
      equals(true, second.fromCache, 'the second from the cache');
      equals([for (final o in first) o.id], [for (final o in second) o.id], 'the same offers');
      equals(1, await sim.stat('graphql'), 'one request');
      client.invalidate('demo');
      equals(false, (await demoOffers(client)).fromCache, 'after invalidate');
      equals(2, await sim.stat('graphql'), 'two requests');
      client.clearCache();
      equals(false, (await demoOffers(client)).fromCache, 'after clearCache');
      equals(3, await sim.stat('graphql'), 'three requests');
      await sim.fault({'kind': 'status', 'status': 500, 'times': 5});
      equals(true, (await demoOffers(client)).fromCache, 'a failing service does not matter while fresh');
    } finally {
      client.close();
    }
  }),

  // ---- host executor --------------------------------------------------------------------------
  Test('executor: HttpClientExecutor gets the same offers', () async {
    final executor = HttpClientExecutor();
    final client = await sim.client(httpExecutor: executor);
    final builtIn = await sim.client();
    try {
      final through = await client.offers('demo', limit: 5);
      final direct = await builtIn.offers('demo', limit: 5);
      equals([for (final o in direct) o.id], [for (final o in through) o.id], 'the same offers');
      equals(2, await sim.stat('graphql'), 'both reached the simulator');
      equals((await sim.catalogueIds()).length, (await client.listOffers()).length, 'a GET through it');
      await sim.fault({'kind': 'status', 'status': 429, 'retry_after_secs': 3});
      equals(
          const Duration(seconds: 3),
          (await throwsOffer<RateLimitedException>(demoOffers(client), '429 through it')).retryAfter,
          'response headers reach offerkit');
    } finally {
      client.close();
      builtIn.close();
      executor.close();
    }
  }),
  Test('executor: one that throws fails the call as network, with its text', () async {
    final executor = Scripted((r) => throw StateError('stack exploded'));
    final client = await sim.client(httpExecutor: executor);
    try {
      final e = await throwsOffer<NetworkException>(demoOffers(client), 'throwing executor');
      contains(e.message, 'stack exploded', 'the executor text');
      equals(0, await sim.stat('requests'), 'nothing reached the simulator');
      equals('POST', executor.requests.first.method, 'it was asked for a POST');
      isTrue(executor.requests.first.body != null, 'with a body');
    } finally {
      client.close();
    }
  }),
  Test('executor: status 600 fails the call as network', () async {
    for (final status in [600, 99, 0, -1]) {
      final client = await sim.client(httpExecutor: Scripted((r) async => OfferHttpResponse(status)));
      try {
        final e = await throwsOffer<NetworkException>(demoOffers(client), 'status $status');
        contains(e.message, 'status $status', 'text');
        equals(null, e.httpStatus, 'no HTTP status for $status');
      } finally {
        client.close();
      }
    }
  }),
  Test('executor: failure kinds become the call kinds', () async {
    var client = await sim.client(
        maxRetries: 0,
        httpExecutor: Scripted((r) async => throw const OfferHttpException(OfferHttpFailure.timeout, 'took too long')));
    try {
      contains(
          (await throwsOffer<OfferTimeoutException>(demoOffers(client), 'timeout')).message, 'took too long', 'text');
    } finally {
      client.close();
    }
    client = await sim.client(
        httpExecutor: Scripted(
            (r) async => throw const OfferHttpException(OfferHttpFailure.tooLarge, 'too big', httpStatus: 200)));
    try {
      equals(200, (await throwsOffer<DecodeException>(demoOffers(client), 'too large')).httpStatus, 'status kept');
    } finally {
      client.close();
    }
  }),
  Test('executor: cancellation reaches it', () async {
    final cancelled = Completer<OfferHttpRequest>();
    final executor = Scripted((r) {
      // Answers nothing until it is told the attempt was cancelled, then stops.
      final answer = Completer<OfferHttpResponse>();
      r.cancelled.then((_) {
        cancelled.complete(r);
        answer.completeError(const OfferHttpException(OfferHttpFailure.network, 'stopped'));
      });
      return answer.future;
    });
    final client = await sim.client(httpExecutor: executor);
    try {
      final token = CancelToken();
      final call = demoOffers(client, cancelToken: token);
      while (executor.requests.isEmpty) {
        await Future<void>.delayed(const Duration(milliseconds: 5));
      }
      isTrue(!executor.requests.single.isCancelled, 'not cancelled yet');
      token.cancel();
      await throwsOffer<CancelledException>(call, 'cancelled', within: const Duration(seconds: 2));
      final told = await cancelled.future.timeout(const Duration(seconds: 2));
      isTrue(identical(told, executor.requests.single), 'the same request was told');
      isTrue(told.isCancelled, 'it says so');
    } finally {
      client.close();
    }
  }),
  Test('executor: HttpClientExecutor stops a transfer offerkit cancelled', () async {
    final executor = HttpClientExecutor();
    final client = await sim.client(httpExecutor: executor);
    try {
      await sim.fault({'kind': 'latency', 'ms': 5000});
      final token = CancelToken();
      final call = demoOffers(client, cancelToken: token);
      while (await sim.stat('in_flight') == 0) {
        await Future<void>.delayed(const Duration(milliseconds: 10));
      }
      token.cancel();
      await throwsOffer<CancelledException>(call, 'cancelled', within: const Duration(seconds: 2));
      final until = DateTime.now().add(const Duration(seconds: 3));
      while (await sim.stat('aborted') == 0 && DateTime.now().isBefore(until)) {
        await Future<void>.delayed(const Duration(milliseconds: 20));
      }
      equals(1, await sim.stat('aborted'), 'the simulator saw the hang-up');
    } finally {
      client.close();
      executor.close();
    }
  }),

  // ---- isolates, finalizers and leaks ---------------------------------------------------------
  Test('finalizer: an isolate group that never closed its clients frees them when it ends', () async {
    // A separate isolate group (spawnUri) makes clients and pagers and never closes them; when it
    // ends, its NativeFinalizers free them, so the library can shut down (it refuses while any
    // client or pager is alive, and says how many).
    final exited = ReceivePort();
    final results = ReceivePort();
    await Isolate.spawnUri(Uri.file('${Directory.current.path}/tests/unclosed_clients.dart'),
        [sim.baseUrl, await sim.token()], results.sendPort,
        onExit: exited.sendPort);
    equals('made 3 clients and a pager', await results.first.timeout(const Duration(seconds: 30)), 'the child');
    await exited.first.timeout(const Duration(seconds: 10));
    // This isolate's own clients are all closed by now (each test closes its own).
    Object? last;
    final until = DateTime.now().add(const Duration(seconds: 10));
    while (DateTime.now().isBefore(until)) {
      try {
        OfferKitLibrary.shutdown();
        last = null;
        break;
      } on InvalidArgumentException catch (e) {
        last = e; // busy: the child's group is still being torn down
        await Future<void>.delayed(const Duration(milliseconds: 50));
      }
    }
    equals(null, last, 'the library shut down: nothing of the child was left alive');
    final client = await sim.client();
    try {
      equals(2, (await demoOffers(client)).length, 'a new client works after the shutdown');
      final busy = throwsOfferSync<InvalidArgumentException>(OfferKitLibrary.shutdown, 'busy while a client lives');
      equals(105, busy.status, 'status BUSY');
    } finally {
      client.close();
    }
  }),
  Test('isolate: exits when done, with calls, a provider, an executor and a pager', () async {
    final exited = ReceivePort();
    final errors = ReceivePort();
    final results = ReceivePort();
    final token = await sim.token();
    await Isolate.spawn(_isolateBody, [sim.baseUrl, token, results.sendPort],
        onExit: exited.sendPort, onError: errors.sendPort);
    final error = errors.first.then((e) => 'error: $e');
    final exit = exited.first.then((_) => 'exited');
    final answer = await results.first.timeout(const Duration(seconds: 30));
    equals('ok 2 2 1', answer, 'what the isolate did');
    final how = await Future.any([exit, error]).timeout(const Duration(seconds: 10), onTimeout: () => 'hung');
    equals('exited', how, 'the isolate ended on its own');
    errors.close();
  }),
  Test('leaks: 1000 create/call/close cycles keep the resident set bounded', () async {
    Future<void> cycles(int n) async {
      final token = await sim.token();
      for (var i = 0; i < n; i++) {
        final client = OfferClient(baseUrl: sim.baseUrl, accessToken: token);
        await client.offers('demo', limit: 1);
        client.close();
      }
    }

    await cycles(200); // warm up: caches, the runtime, the allocator's arenas
    final before = ProcessInfo.currentRss;
    await cycles(1000);
    final after = ProcessInfo.currentRss;
    final grownMb = (after - before) / (1024 * 1024);
    stdout.writeln('    RSS after 200 warm-up cycles ${(before / 1048576).toStringAsFixed(1)} MB, '
        'after 1000 more ${(after / 1048576).toStringAsFixed(1)} MB (${grownMb.toStringAsFixed(1)} MB)');
    isTrue(grownMb < 16, 'RSS grew ${grownMb.toStringAsFixed(1)} MB over 1000 cycles');
  }),
];

/// Runs in a spawned isolate: calls through a provider and an executor, a pager abandoned after
/// its first page, then returns without closing anything but the executor (the clients' native
/// handles are left to the finalizers). The isolate must then exit.
Future<void> _isolateBody(List<Object?> args) async {
  final baseUrl = args[0] as String;
  final token = args[1] as String;
  final reply = args[2] as SendPort;
  final executor = HttpClientExecutor();
  var asked = 0;
  final provided = OfferClient(
      baseUrl: baseUrl,
      tokenProvider: (_) async {
        asked++;
        return token;
      });
  final through = OfferClient(baseUrl: baseUrl, accessToken: token, httpExecutor: executor);
  final a = await provided.offers('demo', limit: 2);
  final b = await through.offers('demo', limit: 2);
  await provided.playerOffersPages('demo', limit: 1).first;
  executor.close();
  reply.send('ok ${a.length} ${b.length} $asked');
}

Future<void> main(List<String> args) async {
  final url = Platform.environment['OFFERKIT_SIM_URL'];
  final prefixedUrl = Platform.environment['OFFERKIT_SIM_PREFIXED_URL'];
  if (url == null || prefixedUrl == null) {
    stderr.writeln('OFFERKIT_SIM_URL and OFFERKIT_SIM_PREFIXED_URL must name the simulators');
    exitCode = 2;
    return;
  }
  sim = Sim(url);
  prefixed = Sim(prefixedUrl);
  stdout.writeln('offerkit ${OfferKitLibrary.version} from ${Platform.environment['OFFERKIT_LIBRARY']}');
  exitCode = await runTests(tests, filter: args.isEmpty ? null : args.first, beforeEach: sim.reset);
  Sim.closeHttp();
  // No exit() here: the process must end on its own, which shows nothing keeps it alive.
}
