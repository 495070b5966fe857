// print_offers: prints the offers of one player, fetched with the offerkit Dart package.
//
//   dart run example/print_offers.dart BASE_URL [PLAYER_ID]
//
// The access token comes from the environment (OFFERKIT_ACCESS_TOKEN): apps get short-lived
// tokens from their own backend, never a refresh token. Exit status: 0 on success, 1 on an
// offerkit error (printed with its kind), 2 on bad usage. The program ends on its own: closing
// the client is all it takes.

import 'dart:io';

import 'package:offerkit/offerkit.dart';

Future<void> main(List<String> args) async {
  if (args.isEmpty) {
    stderr.writeln('usage: print_offers BASE_URL [PLAYER_ID]   (token in OFFERKIT_ACCESS_TOKEN)');
    exitCode = 2;
    return;
  }
  final playerId = args.length > 1 ? args[1] : 'demo';
  stdout.writeln('libofferkit ${OfferKitLibrary.version}');
  final client = OfferClient(
    baseUrl: args[0],
    accessToken: Platform.environment['OFFERKIT_ACCESS_TOKEN'],
    timeout: const Duration(seconds: 5),
    // No call of this program takes longer than 10 s, whatever the service does.
    deadline: const Duration(seconds: 10),
  );
  try {
    final offers = await client.offers(playerId, limit: 10, select: 'links { click_url }');
    stdout.writeln('${offers.length} offers for $playerId:');
    for (final offer in offers) {
      final payout = offer.totalPayoutUsd?.toStringAsFixed(2) ?? '-';
      final click = offer.field('links.click_url');
      final url = click is String ? ClickUrl.build(click, playerId).url : '-';
      stdout.writeln('  ${offer.id}  ${offer.name ?? '(no name)'}  \$$payout  $url');
    }
    for (final skipped in offers.skipped) {
      stdout.writeln('  skipped item ${skipped.index} (${skipped.id ?? 'no id'}): ${skipped.reason}');
    }
  } on OfferException catch (e) {
    stderr.writeln('offers failed: ${e.kindName} (${e.message})'
        '${e.httpStatus != null ? ' [HTTP ${e.httpStatus}]' : ''}');
    exitCode = 1;
  } finally {
    client.close();
  }
}
