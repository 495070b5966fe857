// Player ids and click URLs: checks and conversions that need no client.

import 'dart:ffi';

import 'package:ffi/ffi.dart';

import 'bindings.g.dart';
import 'errors.dart';
import 'native.dart';
import 'models.dart';

/// A convention a player id breaks (it is still valid: the service accepts it).
enum PlayerIdConvention {
  uppercase(OFFERKIT_PLAYER_ID_UPPERCASE),
  period(OFFERKIT_PLAYER_ID_PERIOD),
  space(OFFERKIT_PLAYER_ID_SPACE),
  otherCharacter(OFFERKIT_PLAYER_ID_OTHER_CHARACTER);

  const PlayerIdConvention(this.flag);

  /// The C ABI's flag bit.
  final int flag;

  /// The library's name of the convention, e.g. `uppercase`.
  String get wireName => native.offerkit_player_id_convention_name(flag).toDartString();

  /// What the convention is, in one sentence.
  String get description => native.offerkit_player_id_convention_describe(flag).toDartString();

  static Set<PlayerIdConvention> _of(int flags) => {
        for (final c in PlayerIdConvention.values)
          if (flags & c.flag != 0) c
      };
}

/// Player-id checks the service would make, without asking it.
abstract final class PlayerId {
  /// Throws [InvalidArgumentException] (with the service's message under `player_id`) when the
  /// service would refuse [playerId].
  static void validate(String playerId) =>
      using((arena) => check((e) => native.offerkit_player_id_validate(playerId.toNativeUtf8(allocator: arena), e)));

  /// The conventions a valid [playerId] breaks (empty: none). Throws like [validate] for an
  /// invalid one.
  static Set<PlayerIdConvention> lint(String playerId) => using((arena) {
        final flags = arena<Uint32>();
        check((e) => native.offerkit_player_id_lint(playerId.toNativeUtf8(allocator: arena), flags, e));
        return PlayerIdConvention._of(flags.value);
      });

  /// A short player id derived from an internal id (a database key, an email), the same on
  /// every platform.
  static String short(String internalId) => using((arena) {
        final out = arena<Pointer<Utf8>>();
        check((e) => native.offerkit_player_id_short(internalId.toNativeUtf8(allocator: arena), out, e));
        return adoptText(out.value);
      });
}

/// An offer's tracking URL for one player.
final class ClickUrl {
  const ClickUrl._(this.url, this.warnings);

  /// [clickUrl] with exactly one `player_id`, [playerId] (any it had are removed). Throws
  /// [InvalidArgumentException] for an invalid player id or a URL that is not one.
  factory ClickUrl.build(String clickUrl, String playerId) => using((arena) {
        final out = arena<Pointer<Utf8>>();
        final warnings = arena<Uint32>();
        check((e) => native.offerkit_click_url(
            clickUrl.toNativeUtf8(allocator: arena), playerId.toNativeUtf8(allocator: arena), out, warnings, e));
        return ClickUrl._(adoptText(out.value), PlayerIdConvention._of(warnings.value));
      });

  final String url;

  /// The conventions the player id breaks.
  final Set<PlayerIdConvention> warnings;

  @override
  String toString() => url;
}
