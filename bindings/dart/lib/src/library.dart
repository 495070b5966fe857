// The native library offerkit runs on, as the package's users see it: where it is loaded from,
// its version, and shutting it down.

import 'package:ffi/ffi.dart';

import 'errors.dart';
import 'native.dart';

/// The native library offerkit runs on.
abstract final class OfferKitLibrary {
  /// Where to load the library from, set before the first use (a file path, or a name the
  /// platform's loader searches). Without it: the environment variable `OFFERKIT_LIBRARY`,
  /// else the platform's name: `libofferkit.so` (Linux, Android), `offerkit.dll` (Windows),
  /// on iOS and macOS the process itself, else the Flutter plugin's framework (which links
  /// libofferkit whole).
  static set path(String? value) {
    if (libraryLoaded) {
      throw StateError('the offerkit library is already loaded from ${libraryPath ?? 'its default place'}');
    }
    libraryPath = value;
  }

  static String? get path => libraryPath;

  /// The version of the loaded native library, e.g. `1.1.0`.
  static String get version => native.offerkit_version().toDartString();

  /// Whether the loaded library has its own HTTP transport (the lite library has not: every
  /// client then needs an `httpExecutor`).
  static bool get hasBuiltinHttp => native.offerkit_has_builtin_http();

  /// Stops the library's threads once every client and pager is closed (before unloading it,
  /// or before exit under a leak checker; the next client starts them again). Throws
  /// [InvalidArgumentException] with status 105 (busy) while any is alive.
  static void shutdown() => check((e) => native.offerkit_shutdown(e));
}
