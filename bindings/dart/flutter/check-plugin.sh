#!/usr/bin/env bash
# What this machine can check of the Flutter plugin (bindings/dart/flutter/offerkit_flutter):
# there is no Flutter SDK here, so nothing that imports package:flutter is compiled or analysed
# (the release workflow builds the example app with Flutter for Android and iOS). Run inside the
# Dart chroot by bindings/dart/test.sh:
#
#   bindings/dart/flutter/check-plugin.sh WORK
#
# 1. the layout Flutter expects of an FFI plugin: pubspec.yaml declares `ffiPlugin: true` for
#    android, ios, macos, linux and windows, and each platform's build file is there;
# 2. in a scratch package in WORK: the plugin's library and the example app's screen model
#    (example/lib/offers_model.dart, plain Dart) pass dart analyze --fatal-infos against the
#    offerkit package; the app's main.dart (Flutter widgets) is listed as not analysed;
# 3. with OFFERKIT_SIM_URL, OFFERKIT_ACCESS_TOKEN and OFFERKIT_LIBRARY set: the screen model
#    loads the simulator's offers (Loaded, each with a click URL for the player) and describes
#    a failure (an unreachable service) the way the screen shows it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
plugin="$here/offerkit_flutter"
work=${1:?usage: check-plugin.sh WORK}
rm -rf "$work" && mkdir -p "$work/lib"

for platform in android ios macos linux windows; do
  grep -q 'ffiPlugin: true' <<<"$(grep -A1 "^      $platform:\$" "$plugin/pubspec.yaml")" ||
    { echo "pubspec.yaml: $platform is not an ffiPlugin platform"; exit 1; }
done
for file in android/build.gradle android/src/main/AndroidManifest.xml ios/offerkit_flutter.podspec \
  macos/offerkit_flutter.podspec linux/CMakeLists.txt windows/CMakeLists.txt tool/place-native.sh \
  lib/offerkit_flutter.dart example/pubspec.yaml example/lib/main.dart example/lib/offers_model.dart; do
  [[ -f "$plugin/$file" ]] || { echo "missing $file"; exit 1; }
done
grep -q "jniLibs.srcDirs = \['src/main/jniLibs'\]" "$plugin/android/build.gradle"
grep -q "vendored_frameworks = 'Frameworks/offerkit.xcframework'" "$plugin/ios/offerkit_flutter.podspec"
echo "layout: ok"

cat >"$work/pubspec.yaml" <<YAML
name: offerkit_flutter_check
publish_to: none
environment:
  sdk: ^3.4.0
dependencies:
  offerkit:
    path: $here/..
dependency_overrides:
  ffi:
    path: /usr/share/dart/packages/ffi
YAML
cp "$here/../analysis_options.yaml" "$work/"
cp "$plugin/lib/offerkit_flutter.dart" "$work/lib/"
cp "$plugin/example/lib/offers_model.dart" "$work/lib/"
mkdir -p "$work/bin"
cat >"$work/bin/load.dart" <<'DART'
import 'dart:io';

import 'package:offerkit/offerkit.dart';
import 'package:offerkit_flutter_check/offers_model.dart';

Future<void> main() async {
  final env = Platform.environment;
  final states = <OffersState>[];
  final client = OfferClient(baseUrl: env['OFFERKIT_SIM_URL']!, accessToken: env['OFFERKIT_ACCESS_TOKEN']);
  final model = OffersModel(client, 'demo', states.add);
  await model.load();
  client.close();
  if (states.first is! Loading || states.last is! Loaded) throw StateError('states: $states');
  final offers = (states.last as Loaded).offers;
  if (offers.length != 20) throw StateError('${offers.length} offers');
  for (final offer in offers) {
    if (!(model.clickUrl(offer) ?? '').contains('player_id=demo')) throw StateError('no click URL for ${offer.id}');
  }
  final down = OfferClient(baseUrl: 'http://127.0.0.1:9', accessToken: 't', maxRetries: 0);
  final failed = <OffersState>[];
  await OffersModel(down, 'demo', failed.add).load();
  down.close();
  final last = failed.last;
  if (last is! Failed || last.message != 'No connection to the offer service.' || !last.retryable) {
    throw StateError('failure shown as $last');
  }
  print('the screen model loaded ${offers.length} offers and described a failure');
}
DART
cd "$work"
dart pub get --offline
# lib/offerkit_flutter.dart of the plugin re-exports package:offerkit: analysed as it is.
dart analyze --fatal-infos
echo "not analysed here (imports package:flutter): example/lib/main.dart"
if [[ -n "${OFFERKIT_SIM_URL:-}" && -n "${OFFERKIT_ACCESS_TOKEN:-}" ]]; then
  timeout 120 dart run bin/load.dart
else
  echo "no simulator given: the screen model was not run"
  exit 1
fi
