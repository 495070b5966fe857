#!/usr/bin/env bash
# Builds DIST/offerkit-swift-VERSION-sources.zip: the Swift package as it is in this repository
# (Package.swift, the generated and hand-written Swift, the generated C header and module map,
# build-xcframework.sh, README), so an iOS/macOS project can add it as a local package. The
# OfferKitFFI.xcframework it links needs Apple's SDK: a Mac builds it with build-xcframework.sh
# (the release workflow does) next to Package.swift, and this script then packs it too.
#
#   scripts/package/swift.sh DIST
#
# VERSION comes from scripts/version.sh (SwiftPM itself versions packages by git tag). About 1 s.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
[[ $# -eq 1 ]] || { echo "usage: $0 DIST" >&2; exit 2; }
mkdir -p "$1"
dist="$(cd "$1" && pwd)"
version="$("$root/scripts/version.sh")"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
package="$work/offerkit-swift-$version"
mkdir -p "$package"
# The files git tracks, as they are on disk.
(cd "$root/bindings/swift" && git ls-files -z | xargs -0 cp --parents -t "$package")
# The XCFramework, when build-xcframework.sh made one (on a Mac: the release workflow's
# `scripts/build-native.sh ios` runs it and keeps a copy in target/native/ios).
xcframework="$root/bindings/swift/OfferKitFFI.xcframework"
[[ -d "$xcframework" ]] || xcframework="${OFFERKIT_NATIVE_DIR:-$root/target/native}/ios/OfferKitFFI.xcframework"
if [[ -d "$xcframework" ]]; then
  cp -r "$xcframework" "$package/"
  echo "swift: with OfferKitFFI.xcframework"
else
  echo "swift: without OfferKitFFI.xcframework (build-xcframework.sh needs macOS)"
fi
zip_file="$dist/offerkit-swift-$version-sources.zip"
rm -f "$zip_file"
(cd "$work" && python3 -m zipfile -c "$zip_file" "offerkit-swift-$version")
echo "swift: $(basename "$zip_file") ($(stat -c %s "$zip_file") bytes)"
