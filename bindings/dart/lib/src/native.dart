// Loading the native library (libofferkit) and its raw bindings, once per isolate.

import 'dart:ffi';
import 'dart:io';

import 'bindings.g.dart';

/// Where OfferKitLibrary.path said to load the library from (null: the default places).
String? libraryPath;

OfferkitBindings? _bindings;

/// Whether the library is loaded (its path can no longer change).
bool get libraryLoaded => _bindings != null;

DynamicLibrary _open() {
  final explicit = libraryPath ?? Platform.environment['OFFERKIT_LIBRARY'];
  if (explicit != null && explicit.isNotEmpty) return DynamicLibrary.open(explicit);
  if (Platform.isIOS || Platform.isMacOS) {
    // The Flutter plugin links libofferkit whole into its framework, which the app loads.
    final process = DynamicLibrary.process();
    if (process.providesSymbol('offerkit_version')) return process;
    return DynamicLibrary.open('offerkit_flutter.framework/offerkit_flutter');
  }
  if (Platform.isWindows) return DynamicLibrary.open('offerkit.dll');
  return DynamicLibrary.open('libofferkit.so');
}

/// The raw bindings of the loaded library (loaded on first use).
OfferkitBindings get native => _bindings ??= OfferkitBindings(_open());
