// The values calls return: copied out of the native lists and pages, which are freed at once.

import 'dart:collection';
import 'dart:convert';
import 'dart:ffi';

import 'package:ffi/ffi.dart';

import 'bindings.g.dart';
import 'errors.dart';
import 'native.dart';

/// One creative of an offer.
final class Creative {
  const Creative({this.name, this.description});

  final String? name;
  final String? description;

  @override
  String toString() => 'Creative($name)';
}

/// One offer: its typed fields (null when the answer had no usable value: not selected, or
/// sent unusable) and the whole item as the service sent it ([json]).
final class Offer {
  Offer._(this.id, this.name, this.totalPayoutUsd, this.creatives, this.json);

  final String? id;
  final String? name;

  /// The payout in US dollars; null when absent or unusable.
  final double? totalPayoutUsd;

  /// The offer's creative (the service sends one object; empty when it sent none or an
  /// unusable one).
  final List<Creative> creatives;

  /// Every field of the item as sent, unusable ones included.
  final Map<String, Object?> json;

  /// The value at a dotted [path] of [json] (`links.click_url`), or null when nothing is there.
  Object? field(String path) {
    Object? value = json;
    for (final part in path.split('.')) {
      if (value is Map<String, Object?> && value.containsKey(part)) {
        value = value[part];
      } else {
        return null;
      }
    }
    return value;
  }

  @override
  String toString() => 'Offer($id, $name, $totalPayoutUsd)';
}

/// An item the service sent malformed, left out of its list or page.
final class SkippedItem {
  const SkippedItem(this.index, this.id, this.reason);

  /// Its position in the answer.
  final int index;

  /// Its id, when it had a usable one.
  final String? id;

  /// Why it was left out.
  final String reason;

  @override
  String toString() => 'SkippedItem($index, $id: $reason)';
}

/// Where a page of the listing stands.
final class Pagination {
  const Pagination(this.currentPage, this.perPage, this.hasMorePages, this.nextPage);

  final int currentPage;
  final int perPage;
  final bool hasMorePages;
  final int nextPage;
}

/// A list of offers (offers, the listing, a page of it), readable as a `List<Offer>`.
final class OfferList extends UnmodifiableListView<Offer> {
  OfferList._(super.offers, this.skipped, this.fromCache, this.isStale, this.age, this.pagination);

  /// Items the service sent malformed, left out of the list.
  final List<SkippedItem> skipped;

  /// Whether the client's cache answered.
  final bool fromCache;

  /// Whether that answer is older than the cache's time to live (served because the service
  /// failed).
  final bool isStale;

  /// How old the answer is (zero when it just arrived).
  final Duration age;

  /// The listing's page position, when the call asked for a page.
  final Pagination? pagination;
}

/// One item of a playerOffers page.
final class PlayerOffer {
  PlayerOffer._(this.id, this.name, this.status, this.json);

  final String? id;
  final String? name;
  final String? status;

  /// Every field of the item as sent.
  final Map<String, Object?> json;

  @override
  String toString() => 'PlayerOffer($id, $status)';
}

/// One page of a player's offers.
final class PlayerOffersPage extends UnmodifiableListView<PlayerOffer> {
  PlayerOffersPage._(super.items, this.nextCursor, this.skipped);

  /// The cursor of the next page; null on the last page.
  final String? nextCursor;

  /// Items the service sent malformed, left out of the page.
  final List<SkippedItem> skipped;
}

String? _text(Pointer<Utf8> p) => p == nullptr ? null : p.toDartString();

Map<String, Object?> _json(String text) {
  final value = jsonDecode(text);
  return value is Map<String, Object?> ? value : <String, Object?>{};
}

String _ownedText(Pointer<Utf8> p) {
  try {
    return p.toDartString();
  } finally {
    native.offerkit_string_free(p);
  }
}

/// The service sends `creatives` as one object; a list of them is read too.
List<Creative> _creatives(Map<String, Object?> json) {
  Creative? one(Object? c) => c is Map<String, Object?>
      ? Creative(
          name: c['name'] is String ? c['name'] as String : null,
          description: c['description'] is String ? c['description'] as String : null,
        )
      : null;
  final value = json['creatives'];
  if (value is List) return [for (final c in value) one(c)].whereType<Creative>().toList();
  final single = one(value);
  return single == null ? const [] : [single];
}

/// Copies a native offer list into Dart values, then frees it.
OfferList adoptOfferList(Pointer<OfferkitOfferList> list) {
  final c = native;
  try {
    return using((arena) {
      final view = arena<OfferkitOfferView>();
      final json = arena<Pointer<Utf8>>();
      final offers = <Offer>[];
      final count = c.offerkit_offer_list_count(list);
      for (var i = 0; i < count; i++) {
        check((e) => c.offerkit_offer_list_get(list, i, view, e));
        check((e) => c.offerkit_offer_list_item_json(list, i, json, e));
        final item = _json(_ownedText(json.value));
        final v = view.ref;
        offers.add(
            Offer._(_text(v.id), _text(v.name), v.hasTotalPayoutUsd ? v.totalPayoutUsd : null, _creatives(item), item));
      }
      final skipped = arena<OfferkitSkippedItem>();
      final skippedItems = <SkippedItem>[];
      final skippedCount = c.offerkit_offer_list_skipped_count(list);
      for (var i = 0; i < skippedCount; i++) {
        check((e) => c.offerkit_offer_list_skipped_get(list, i, skipped, e));
        skippedItems.add(SkippedItem(skipped.ref.index, _text(skipped.ref.id), _text(skipped.ref.reason) ?? ''));
      }
      final pagination = arena<OfferkitPagination>();
      final paged = c.offerkit_offer_list_pagination(list, pagination);
      return OfferList._(
        offers,
        List.unmodifiable(skippedItems),
        c.offerkit_offer_list_from_cache(list),
        c.offerkit_offer_list_is_stale(list),
        Duration(milliseconds: c.offerkit_offer_list_age_ms(list)),
        paged
            ? Pagination(pagination.ref.currentPage, pagination.ref.perPage, pagination.ref.hasMorePages,
                pagination.ref.nextPage)
            : null,
      );
    });
  } finally {
    c.offerkit_offer_list_free(list);
  }
}

/// Copies a native playerOffers page into Dart values, then frees it.
PlayerOffersPage adoptPage(Pointer<OfferkitPlayerOffersPage> page) {
  final c = native;
  try {
    return using((arena) {
      final view = arena<OfferkitPlayerOfferView>();
      final json = arena<Pointer<Utf8>>();
      final items = <PlayerOffer>[];
      final count = c.offerkit_player_offers_page_count(page);
      for (var i = 0; i < count; i++) {
        check((e) => c.offerkit_player_offers_page_get(page, i, view, e));
        check((e) => c.offerkit_player_offers_page_item_json(page, i, json, e));
        final v = view.ref;
        items.add(PlayerOffer._(_text(v.id), _text(v.name), _text(v.status), _json(_ownedText(json.value))));
      }
      final skipped = arena<OfferkitSkippedItem>();
      final skippedItems = <SkippedItem>[];
      final skippedCount = c.offerkit_player_offers_page_skipped_count(page);
      for (var i = 0; i < skippedCount; i++) {
        check((e) => c.offerkit_player_offers_page_skipped_get(page, i, skipped, e));
        skippedItems.add(SkippedItem(skipped.ref.index, _text(skipped.ref.id), _text(skipped.ref.reason) ?? ''));
      }
      return PlayerOffersPage._(
          items, _text(c.offerkit_player_offers_page_next_cursor(page)), List.unmodifiable(skippedItems));
    });
  } finally {
    c.offerkit_player_offers_page_free(page);
  }
}

/// Takes an owned string the library handed out, then frees it.
String adoptText(Pointer<Utf8> text) => _ownedText(text);
