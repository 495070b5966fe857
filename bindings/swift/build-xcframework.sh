#!/usr/bin/env bash
# Builds OfferKitFFI.xcframework (static libofferkit_uniffi.a for iOS devices, the iOS
# simulator and macOS, with the generated C header and module map) next to Package.swift.
# Runs on macOS with Xcode and rustup; this repository's CI (Linux) cannot run it.
#
#   rustup target add aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios \
#     aarch64-apple-darwin x86_64-apple-darwin
#   bindings/swift/build-xcframework.sh
#   swift build --package-path bindings/swift      # or add the package in Xcode
#
# The Swift sources and headers are the committed, generated ones
# (bindings/uniffi/generate-bindings.sh regenerates them on any machine).
#
# In this repository it builds from the checkout around it. In the package unpacked from a
# release's offerkit-swift-VERSION-sources.zip, point it at an offerkit source checkout of the
# same version: OFFERKIT_SOURCE_DIR=/path/to/offerkit ./build-xcframework.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source_dir="${OFFERKIT_SOURCE_DIR:-$here/../..}"
[[ -f "$source_dir/bindings/uniffi/Cargo.toml" ]] ||
  { echo "no offerkit source checkout at $source_dir: set OFFERKIT_SOURCE_DIR" >&2; exit 1; }
cd "$source_dir"

# The shipping build: the standard library rebuilt for size (scripts/lib/shipping-build.sh).
source "$source_dir/scripts/lib/shipping-build.sh"
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
targets=(aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios aarch64-apple-darwin x86_64-apple-darwin)
for target in "${targets[@]}"; do
  shipping_build "$target_dir" "$target" -p offerkit-uniffi
done

lib=libofferkit_uniffi.a
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/ios-sim" "$out/macos"
lipo -create "$target_dir/aarch64-apple-ios-sim/release/$lib" "$target_dir/x86_64-apple-ios/release/$lib" \
  -output "$out/ios-sim/$lib"
lipo -create "$target_dir/aarch64-apple-darwin/release/$lib" "$target_dir/x86_64-apple-darwin/release/$lib" \
  -output "$out/macos/$lib"

rm -rf "$here/OfferKitFFI.xcframework"
xcodebuild -create-xcframework \
  -library "$target_dir/aarch64-apple-ios/release/$lib" -headers "$here/Headers" \
  -library "$out/ios-sim/$lib" -headers "$here/Headers" \
  -library "$out/macos/$lib" -headers "$here/Headers" \
  -output "$here/OfferKitFFI.xcframework"
echo "built $here/OfferKitFFI.xcframework"
