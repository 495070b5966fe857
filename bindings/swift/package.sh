#!/usr/bin/env bash
# Builds DIST/offerkit-swift-VERSION-sources.zip: the Swift package as it is in this repository
# (Package.swift, the generated and hand-written Swift, its tests, the generated C header and
# module map, the Linux module map, build-xcframework.sh, README), so an iOS/macOS project can
# add it as a local package. The OfferKitFFI.xcframework it links needs Apple's SDK: a Mac
# builds it with build-xcframework.sh (the release workflow does) next to Package.swift, and
# this script then packs it too.
#
#   bindings/swift/package.sh DIST
#
# VERSION comes from scripts/version.sh (SwiftPM itself versions packages by git tag). About 1 s.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args --create "$@"

make_work
package="$work/offerkit-swift-$version"
# The files git tracks, as they are on disk.
copy_tracked "$root/bindings/swift" "$package" package.sh smoke.sh binding.toml test.sh run-tests.sh
# The XCFramework, when build-xcframework.sh made one (on a Mac: the release workflow's
# `scripts/build-native.sh ios` runs it and keeps a copy in target/native/ios).
xcframework="$root/bindings/swift/OfferKitFFI.xcframework"
[[ -d "$xcframework" ]] || xcframework="$native/ios/OfferKitFFI.xcframework"
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
