#!/usr/bin/env bash
# Cross-builds libofferkit_uniffi.so for Android into src/main/jniLibs/<abi>/ (release profile:
# size-tuned, stripped). Needs the Android NDK (ANDROID_NDK_HOME) and cargo-ndk; this
# repository's CI has neither, so this script is documented and not run there.
#
#   rustup target add aarch64-linux-android armv7-linux-androideabi x86_64-linux-android
#   cargo install cargo-ndk --locked
#   ANDROID_NDK_HOME=/path/to/ndk bindings/kotlin/build-android.sh
#
# Every library is linked with 16 KB page alignment (-z max-page-size=16384), which Google
# Play requires for apps targeting Android 15+, and checked with llvm-readelf afterwards.
#
# In this repository it builds from the checkout around it. In the module unpacked from a
# release's offerkit-android-VERSION-sources.zip, point it at an offerkit source checkout of
# the same version: OFFERKIT_SOURCE_DIR=/path/to/offerkit ./build-android.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source_dir="${OFFERKIT_SOURCE_DIR:-$here/../..}"
[[ -f "$source_dir/bindings/uniffi/Cargo.toml" ]] ||
  { echo "no offerkit source checkout at $source_dir: set OFFERKIT_SOURCE_DIR" >&2; exit 1; }
cd "$source_dir"

: "${ANDROID_NDK_HOME:?set ANDROID_NDK_HOME to the Android NDK (r27 or later)}"
min_sdk=24

RUSTFLAGS="-C link-arg=-Wl,-z,max-page-size=16384" \
  cargo ndk -t arm64-v8a -t armeabi-v7a -t x86_64 -P "$min_sdk" \
  -o "$here/src/main/jniLibs" build --release -p offerkit-uniffi

readelf=$(ls "$ANDROID_NDK_HOME"/toolchains/llvm/prebuilt/*/bin/llvm-readelf | head -1)
for so in "$here"/src/main/jniLibs/*/libofferkit_uniffi.so; do
  align=$("$readelf" -lW "$so" | awk '$1 == "LOAD" { print $NF; exit }')
  case "$align" in
    0x4000|0x10000) echo "$so: LOAD alignment $align, $(stat -c %s "$so") bytes" ;;
    *) echo "$so: LOAD alignment $align, expected 0x4000" >&2; exit 1 ;;
  esac
done
