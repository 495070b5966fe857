#!/usr/bin/env bash
# Builds OfferKitFFI.xcframework (static libofferkit_uniffi.a for iOS devices, the iOS
# simulator and macOS, with the generated C header and module map) next to Package.swift.
# Runs on macOS with Xcode and rustup; this repository's CI (Linux) cannot run it.
#
#   rustup target add aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios \
#     aarch64-apple-darwin x86_64-apple-darwin
#   bindings/swift/build-xcframework.sh [lite|full]
#   swift build --package-path bindings/swift      # or add the package in Xcode
#
# lite (the default): the iOS slices (device and simulator) have no transport of its own, so
#      a client given no executor sends through URLSessionExecutor (0.8 MB instead of 2.1 as an
#      arm64 library); the macOS slice keeps offerkit's own.
# full: every slice with offerkit's own HTTP and TLS (rustls, bundled roots), for proxyUrl and
#      extraRootPem on iOS too.
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
case "${1:-lite}" in
  lite) ios_flavour=lite ;;
  full) ios_flavour=full ;;
  *) echo "usage: $0 [lite|full]" >&2; exit 2 ;;
esac

# The shipping build: the standard library rebuilt for size (scripts/lib/shipping-build.sh).
source "$source_dir/scripts/lib/shipping-build.sh"
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
lib=libofferkit_uniffi.a
# The flavour of TARGET's slice: its build directory and features (macOS's bash 3.2 has no
# associative arrays, so functions).
lite_slice() { [[ $ios_flavour == lite && $1 == *-apple-ios* ]]; }
built() { # TARGET: where the shipping build of TARGET's slice is
  if lite_slice "$1"; then echo "$(shipping_dir "$target_dir/shipping-lite" "$1")/$lib"; else echo "$(shipping_dir "$target_dir" "$1")/$lib"; fi
}
for target in aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios aarch64-apple-darwin x86_64-apple-darwin; do
  if lite_slice "$target"; then
    shipping_build "$target_dir/shipping-lite" "$target" -p offerkit-uniffi --no-default-features
  else
    shipping_build "$target_dir" "$target" -p offerkit-uniffi
  fi
done

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/ios-sim" "$out/macos"
lipo -create "$(built aarch64-apple-ios-sim)" "$(built x86_64-apple-ios)" -output "$out/ios-sim/$lib"
lipo -create "$(built aarch64-apple-darwin)" "$(built x86_64-apple-darwin)" -output "$out/macos/$lib"

rm -rf "$here/OfferKitFFI.xcframework"
xcodebuild -create-xcframework \
  -library "$(built aarch64-apple-ios)" -headers "$here/Headers" \
  -library "$out/ios-sim/$lib" -headers "$here/Headers" \
  -library "$out/macos/$lib" -headers "$here/Headers" \
  -output "$here/OfferKitFFI.xcframework"
echo "built $here/OfferKitFFI.xcframework (iOS: $ios_flavour)"
