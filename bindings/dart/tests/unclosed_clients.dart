// Spawned by offerkit_test.dart with Isolate.spawnUri (an isolate group of its own): makes three
// clients and a pager, uses them, and ends without closing any, leaving them to the
// NativeFinalizers that run when the group ends.

import 'dart:async';
import 'dart:isolate';

import 'package:offerkit/offerkit.dart';

Future<void> main(List<String> args, SendPort reply) async {
  final clients = [for (var i = 0; i < 3; i++) OfferClient(baseUrl: args[0], accessToken: args[1])];
  for (final client in clients) {
    await client.offers('demo', limit: 1);
  }
  // A pager left paused after its first page (never cancelled, so never freed by this code).
  final first = Completer<void>();
  final subscription = clients.first.playerOffersPages('demo', limit: 1).listen((_) {
    if (!first.isCompleted) first.complete();
  });
  await first.future;
  subscription.pause();
  reply.send('made ${clients.length} clients and a pager');
}
