#!/usr/bin/env bash
# Smoke-tests DIST/offerkit-swift-VERSION-sources.zip (bindings/swift/package.sh) as a user
# gets it. It unpacks the zip into a temporary directory and, with Swift 6.2 in its cached
# chroot (python3 -m harness chroot sid), builds the unpacked package in Swift 6 mode against
# the release libofferkit_uniffi.so (target/native/linux-x86_64, what scripts/package.sh built)
# and builds and runs the unpacked example against the simulator: 5 offers. (No Apple SDK
# here: the XCFramework half is checked by its layout only.) It checks that the zip holds the
# package; that its
# generated Swift, C header and module map are byte for byte the committed ones, and that
# those are fresh (bindings/uniffi/generate-bindings.sh --check regenerates them from the
# crate); that Package.swift's binary target is where build-xcframework.sh writes the
# XCFramework, under the module name the header's module map and the Swift import use; and
# that build-xcframework.sh, run from the unpacked package, asks for the source checkout.
#
#   bindings/swift/smoke.sh DIST
#
# Prints "ok   NAME" / "FAIL NAME" per check and ends "N passed, N failed, 0 skipped"; exit 0
# only if nothing failed. About a minute with the chroot cached (bindings/swift/test.sh makes it),
# plus 2 min on a clean target for the bindgen's freshness check.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args "$@"
make_work

zip_file="$dist/offerkit-swift-$version-sources.zip"
check "offerkit-swift-$version-sources.zip unpacks" python3 -m zipfile -e "$zip_file" "$work"
pkg="$work/offerkit-swift-$version"
[[ -d "$pkg" ]] || finish

has_files() {
  local f
  for f in Package.swift README.md build-xcframework.sh Sources/OfferKit/OfferKit.swift \
    Sources/OfferKit/OfferError+Description.swift Sources/OfferKit/HttpRequest+Description.swift \
    Sources/OfferKit/OfferError+Fields.swift Sources/OfferKit/Pages.swift \
    Sources/OfferKit/TokenProviderClosure.swift Sources/OfferKit/URLSessionExecutor.swift \
    Sources/OfferKit/ClientConfig+Description.swift \
    Headers/OfferKitFFI.h Headers/module.modulemap Linux/OfferKitFFI/module.modulemap; do
    [[ -f "$pkg/$f" ]] || { echo "no $f in the package" >&2; return 1; }
  done
}
check "package holds Package.swift, the Swift sources, Headers, build-xcframework.sh, README" has_files
# Here the zip has no XCFramework (Apple's SDK builds it); one the release workflow added must
# be where Package.swift looks (checked below) and hold the module map.
xcframework_ok() {
  local found
  found="$(find "$pkg" -name '*.xcframework' -prune -print)"
  [[ -z "$found" ]] && return 0
  [[ "$found" == "$pkg/OfferKitFFI.xcframework" && -f "$found/Info.plist" ]] &&
    [[ -n "$(find "$found" -name module.modulemap -print)" ]]
}
check "XCFramework absent, or OfferKitFFI.xcframework with Info.plist and module map" xcframework_ok
same_as_committed() {
  cmp "$pkg/$1" "$root/bindings/swift/$1"
}
check "OfferKit.swift is the committed generated file" same_as_committed Sources/OfferKit/OfferKit.swift
check "OfferKitFFI.h is the committed generated header" same_as_committed Headers/OfferKitFFI.h
check "module.modulemap is the committed generated module map" same_as_committed Headers/module.modulemap
check "the committed Swift, header and module map are fresh (generate-bindings.sh --check)" \
  bash -c "'$root/bindings/uniffi/generate-bindings.sh' --check >'$work/fresh.log' 2>&1 || { cat '$work/fresh.log' >&2; false; }"

# Where the pieces meet: Package.swift's binaryTarget (name and path), build-xcframework.sh's
# -output, the module map's module, and the generated Swift's import.
target_name="$(sed -n 's/.*\.binaryTarget(name: "\([^"]*\)", path: "\([^"]*\)").*/\1/p' "$pkg/Package.swift")"
target_path="$(sed -n 's/.*\.binaryTarget(name: "\([^"]*\)", path: "\([^"]*\)").*/\2/p' "$pkg/Package.swift")"
written="$(sed -n 's/.*-output "\$here\/\([^"]*\)".*/\1/p' "$pkg/build-xcframework.sh")"
check "Package.swift's binaryTarget path ($target_path) is where build-xcframework.sh writes ($written)" \
  eval '[[ -n "$target_path" && "$target_path" == "$written" ]]'
check "module map, Swift import and binaryTarget all name $target_name" eval \
  '[[ -n "$target_name" ]] && grep -qx "module $target_name {" "$pkg/Headers/module.modulemap" &&
   grep -qx "import $target_name" "$pkg/Sources/OfferKit/OfferKit.swift"'
# Compiled as shipped: the unpacked package (not the repository's folder) and its example, with
# the release library. run-tests.sh is not in the zip (a test tool); a copy runs from the package.
lib="$native/linux-x86_64"
need_native linux-x86_64 libofferkit_uniffi.so
start_sim || true
cp "$root/bindings/swift/run-tests.sh" "$pkg/run-tests.sh"
unpacked_swift() { # ACTION: run-tests.sh ACTION smoke, in the unpacked package, in the 6.2 chroot
  (cd "$root" && OFFERKIT_SWIFT_LIB_DIR="$lib" OFFERKIT_SIM_URL="$sim_url" \
    python3 -m harness chroot sid --packages swiftlang,libc6-dev -- "$pkg/run-tests.sh" "$1" smoke)
}
check "the unpacked package builds in Swift 6 mode (Swift 6.2), no warnings from its own sources" \
  unpacked_swift build
check "the unpacked example builds against it and prints 5 offers from the simulator" \
  unpacked_swift example
check "build-xcframework.sh in the unpacked package asks for OFFERKIT_SOURCE_DIR" \
  eval '! (cd "$work" && env -u OFFERKIT_SOURCE_DIR bash "$pkg/build-xcframework.sh" >"$work/xc.out" 2>&1) &&
        grep -q "set OFFERKIT_SOURCE_DIR" "$work/xc.out"'
finish
