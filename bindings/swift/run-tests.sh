#!/usr/bin/env bash
# Inside a chroot with a Swift toolchain (bindings/swift/test.sh enters it): builds this package
# in Swift 6 language mode against the debug libofferkit_uniffi.so the host built, or runs its
# XCTest suite against the simulator.
#
#   bindings/swift/run-tests.sh build LABEL   swift build (tests included); fails on a warning from
#                                             our own sources (the generated OfferKit.swift aside)
#   bindings/swift/run-tests.sh test LABEL [SUITE]
#                                             swift test, JUnit XML into
#                                             $OFFERKIT_RESULTS_DIR/SUITE.xml (swift-tests-LABEL);
#                                             with OFFERKIT_SWIFT_RUN_LIB_DIR, against the
#                                             libofferkit_uniffi.so there instead of the one
#                                             the build linked (the mobile flavour)
#   bindings/swift/run-tests.sh example LABEL builds example/ (a program using the package) and
#                                             runs it against the simulator: 5 offers printed
#
# LABEL names the compiler (6.2, 6.0): each has its own build directory, .build-LABEL.
# OFFERKIT_SWIFT_LIB_DIR is the library's directory (linked with -L and an rpath: the package's
# Linux module map links offerkit_uniffi); OFFERKIT_SIM_URL and OFFERKIT_SIM_PREFIXED_URL the
# simulators on the host's loopback.
set -euo pipefail
cd "$(dirname "$0")"
action=${1:?usage: run-tests.sh build|test|example LABEL}
label=${2:?usage: run-tests.sh build|test|example LABEL}
lib=${OFFERKIT_SWIFT_LIB_DIR:?set OFFERKIT_SWIFT_LIB_DIR to the directory of libofferkit_uniffi.so}
scratch="$PWD/.build-$label"
mkdir -p "$scratch/home"
# SwiftPM's caches stay in the build directory, not in the shared chroot.
export HOME="$scratch/home"
# The tests are XCTest. Debian's Swift 6.2 has the module of Swift Testing's Foundation overlay
# (_Testing_Foundation) but not its library, and SwiftPM's generated test runner imports both
# Testing and Foundation: with cross-import overlays on, the test bundle does not link. So Swift
# Testing is off and cross-import overlays are not imported (none of our code uses one).
flags=(--scratch-path "$scratch" --disable-swift-testing -Xswiftc -Xfrontend -Xswiftc -disable-cross-import-overlays
  -Xlinker -L"$lib" -Xlinker -rpath -Xlinker "$lib")

case "$action" in
  build)
    swift --version
    log="$scratch/build.log"
    swift build --build-tests "${flags[@]}" 2>&1 | tee "$log"
    # Warnings from our own sources (hand-written layer, tests); the generated file is uniffi's.
    own=$(grep -E '^/.*\.swift:[0-9]+:[0-9]+: warning:' "$log" | grep -v '/Sources/OfferKit/OfferKit\.swift:' | sort -u || true)
    if [[ -n "$own" ]]; then
      echo "warnings from our own Swift:" >&2
      echo "$own" >&2
      exit 1
    fi
    echo "built with Swift $label: no warnings from our own sources ($(grep -c ': warning:' "$log" || true) in all)"
    ;;
  test)
    results=${OFFERKIT_RESULTS_DIR:-/tmp}
    suite_name=${3:-swift-tests-$label}
    # The library found first at run time (LD_LIBRARY_PATH goes before the build's runpath).
    if [[ -n "${OFFERKIT_SWIFT_RUN_LIB_DIR:-}" ]]; then
      export LD_LIBRARY_PATH="$OFFERKIT_SWIFT_RUN_LIB_DIR"
    fi
    # Under timeout: a hung test must not hold the step.
    # --parallel with one worker: one test at a time (they share the simulator and its counters),
    # and SwiftPM writes the xUnit file for XCTest only in parallel mode.
    timeout 900 swift test --skip-build --parallel --num-workers 1 "${flags[@]}" \
      --xunit-output "$results/$suite_name.xml"
    ;;
  example)
    swift build --package-path example --scratch-path "$scratch-example" -Xlinker -L"$lib" \
      -Xlinker -rpath -Xlinker "$lib"
    out=$(OFFERKIT_BASE_URL="$OFFERKIT_SIM_URL" timeout 60 "$scratch-example/debug/Example")
    echo "$out"
    grep -q '^5 offers for demo-player:' <<<"$out"
    ;;
  *)
    echo "usage: run-tests.sh build|test|example LABEL" >&2
    exit 2
    ;;
esac
