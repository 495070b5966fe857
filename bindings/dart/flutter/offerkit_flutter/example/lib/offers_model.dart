// What the offer list screen shows, without Flutter: loads the offers once, can reload or
// cancel, and turns every failure into a line a player can read. Plain Dart (package:offerkit
// only), so it is analysed and run where no Flutter SDK is (bindings/dart/flutter/check-plugin.sh).

import 'package:offerkit/offerkit.dart';

/// One state of the screen.
sealed class OffersState {
  const OffersState();
}

final class Loading extends OffersState {
  const Loading();
}

final class Loaded extends OffersState {
  const Loaded(this.offers);
  final OfferList offers;
}

final class Failed extends OffersState {
  const Failed(this.message, {this.retryable = true});
  final String message;
  final bool retryable;
}

/// Loads [playerId]'s offers with [client]; [onChange] gets every new state.
final class OffersModel {
  OffersModel(this.client, this.playerId, this.onChange);

  final OfferClient client;
  final String playerId;
  final void Function(OffersState state) onChange;
  CancelToken? _token;

  /// (Re)loads the offers, cancelling a load still under way.
  Future<void> load() async {
    _token?.cancel();
    final token = _token = CancelToken();
    onChange(const Loading());
    try {
      final offers = await client.offers(playerId, limit: 20, select: 'links { click_url }', cancelToken: token);
      onChange(Loaded(offers));
    } on CancelledException {
      // A newer load or dispose() took over.
    } on OfferException catch (e) {
      onChange(describe(e));
    }
  }

  /// The tracking URL to open for [offer], with this player's id; null when it has none.
  String? clickUrl(Offer offer) {
    final url = offer.field('links.click_url');
    return url is String ? ClickUrl.build(url, playerId).url : null;
  }

  /// Stops what is under way (the screen went away).
  void dispose() => _token?.cancel();

  /// A failure as the screen says it.
  static Failed describe(OfferException e) => switch (e) {
        NetworkException() || OfferTimeoutException() => const Failed('No connection to the offer service.'),
        ServerException() || RateLimitedException() => Failed(
            'The offer service is busy${e.retryAfter != null ? ': try again in ${e.retryAfter!.inSeconds} s' : ''}.'),
        UnauthorizedException() || ForbiddenException() => const Failed('Please sign in again.', retryable: false),
        InvalidArgumentException() => Failed('This player id cannot get offers: ${e.message}', retryable: false),
        CancelledException() => const Failed('Cancelled.'),
        ValidationException() ||
        QueryException() ||
        InvalidCursorException() ||
        UnsupportedMediaTypeException() ||
        UnprocessableException() ||
        DecodeException() ||
        InternalException() ||
        RejectedException() =>
          Failed('Offers are not available (${e.kindName}).', retryable: false),
      };
}
