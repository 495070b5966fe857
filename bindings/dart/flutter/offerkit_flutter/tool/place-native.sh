#!/usr/bin/env bash
# Places the native libraries of scripts/build-native.sh's output (NATIVE, default the
# repository's target/native) into the plugin, for every platform NATIVE has:
#
#   bindings/dart/flutter/offerkit_flutter/tool/place-native.sh [NATIVE]
#
#   NATIVE/android/ABI/libofferkit.so   -> android/src/main/jniLibs/ABI/libofferkit.so
#   NATIVE/ios/libofferkit.a (+ -simulator.a) -> ios/Frameworks/offerkit.xcframework (macOS:
#                                          xcodebuild -create-xcframework)
#   NATIVE/macos-universal/libofferkit.a -> macos/Libraries/libofferkit.a
#   NATIVE/linux-x86_64/libofferkit.so  -> linux/lib/libofferkit.so
#   NATIVE/windows-x86_64/offerkit.dll  -> windows/bin/offerkit.dll
#
# Prints what it placed; exit 1 when NATIVE holds none of them. The placed files are build
# outputs, never committed (.gitignore).
set -euo pipefail
plugin=$(cd "$(dirname "$0")/.." && pwd)
native=${1:-$plugin/../../../../target/native}
placed=0
for abi in arm64-v8a armeabi-v7a x86_64; do
  if [[ -f "$native/android/$abi/libofferkit.so" ]]; then
    mkdir -p "$plugin/android/src/main/jniLibs/$abi"
    cp "$native/android/$abi/libofferkit.so" "$plugin/android/src/main/jniLibs/$abi/"
    echo "android/$abi"; placed=$((placed + 1))
  fi
done
if [[ -f "$native/ios/libofferkit.a" && -f "$native/ios/libofferkit-simulator.a" ]]; then
  rm -rf "$plugin/ios/Frameworks/offerkit.xcframework"
  mkdir -p "$plugin/ios/Frameworks"
  xcodebuild -create-xcframework \
    -library "$native/ios/libofferkit.a" \
    -library "$native/ios/libofferkit-simulator.a" \
    -output "$plugin/ios/Frameworks/offerkit.xcframework"
  echo "ios (xcframework)"; placed=$((placed + 1))
fi
if [[ -f "$native/macos-universal/libofferkit.a" ]]; then
  mkdir -p "$plugin/macos/Libraries"
  cp "$native/macos-universal/libofferkit.a" "$plugin/macos/Libraries/"
  echo "macos"; placed=$((placed + 1))
fi
if [[ -f "$native/linux-x86_64/libofferkit.so" ]]; then
  mkdir -p "$plugin/linux/lib"
  cp "$native/linux-x86_64/libofferkit.so" "$plugin/linux/lib/"
  echo "linux"; placed=$((placed + 1))
fi
if [[ -f "$native/windows-x86_64/offerkit.dll" ]]; then
  mkdir -p "$plugin/windows/bin"
  cp "$native/windows-x86_64/offerkit.dll" "$plugin/windows/bin/"
  echo "windows"; placed=$((placed + 1))
fi
((placed > 0)) || { echo "no native library in $native" >&2; exit 1; }
