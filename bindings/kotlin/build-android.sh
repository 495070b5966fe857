#!/usr/bin/env bash
# Puts libofferkit_uniffi.so for Android into src/main/jniLibs/<abi>/ (arm64-v8a, armeabi-v7a,
# x86_64), built by scripts/build-native.sh android: the shipping build (the standard library
# rebuilt for size, 16 KB page alignment, packed relocations). Needs the Android NDK
# (ANDROID_NDK_HOME) and cargo-ndk; this repository's CI has neither, so this script is
# documented and not run there.
#
#   rustup target add aarch64-linux-android armv7-linux-androideabi x86_64-linux-android
#   cargo install cargo-ndk --locked
#   ANDROID_NDK_HOME=/path/to/ndk bindings/kotlin/build-android.sh [lite|full]
#
# lite (the default, what `offerkit-android` ships): no transport of its own; every client
#      sends through the platform's stack (HttpUrlConnectionExecutor) unless given an executor.
# full (`offerkit-android-full`): offerkit's own HTTP and TLS (rustls, bundled roots), for
#      proxyUrl and extraRootPem.
#
# In this repository it builds from the checkout around it. In the module unpacked from a
# release's offerkit-android-VERSION-sources.zip, point it at an offerkit source checkout of
# the same version: OFFERKIT_SOURCE_DIR=/path/to/offerkit ./build-android.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source_dir="${OFFERKIT_SOURCE_DIR:-$here/../..}"
[[ -f "$source_dir/bindings/uniffi/Cargo.toml" ]] ||
  { echo "no offerkit source checkout at $source_dir: set OFFERKIT_SOURCE_DIR" >&2; exit 1; }
case "${1:-lite}" in
  lite) from=lite/ ;;
  full) from= ;;
  *) echo "usage: $0 [lite|full]" >&2; exit 2 ;;
esac
: "${ANDROID_NDK_HOME:?set ANDROID_NDK_HOME to the Android NDK (r27 or later)}"

"$source_dir/scripts/build-native.sh" android
readelf=$(ls "$ANDROID_NDK_HOME"/toolchains/llvm/prebuilt/*/bin/llvm-readelf | head -1)
for abi in arm64-v8a armeabi-v7a x86_64; do
  mkdir -p "$here/src/main/jniLibs/$abi"
  so="$here/src/main/jniLibs/$abi/libofferkit_uniffi.so"
  cp "$source_dir/target/native/android/$from$abi/libofferkit_uniffi.so" "$so"
  align=$("$readelf" -lW "$so" | awk '$1 == "LOAD" { print $NF; exit }')
  case "$align" in
    0x4000|0x10000) echo "$so: LOAD alignment $align, $(stat -c %s "$so") bytes" ;;
    *) echo "$so: LOAD alignment $align, expected 0x4000" >&2; exit 1 ;;
  esac
done
