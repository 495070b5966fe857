#!/usr/bin/env bash
# The Swift package's tests, on Linux with two compilers: Swift 6.2 (Debian sid; what Xcode 26
# ships) and Swift 6.0 (Debian trixie; the package's declared floor, tools 6.0). On the host it
# builds the debug libofferkit_uniffi.so (the chroots have no Rust); then, in each compiler's
# cached chroot (python3 -m harness chroot), run-tests.sh builds the package in Swift 6
# language mode against it (a warning from our own sources fails) and runs the XCTest suite
# against the simulator, writing JUnit XML as suite swift-tests-6.2 / swift-tests-6.0, then
# builds and runs the example (example/, a program using the package) against the simulator.
# Then the 6.2 suite once more against the mobile flavour of the library (no transport of its
# own, what the package's iOS slices ship), as swift-tests-lite: every client given no executor
# sends through URLSessionExecutor (FoundationNetworking's URLSession here, Apple's on iOS).
#
#   bindings/swift/test.sh        (the harness runs it as the step swift/tests)
#
# The simulators are the harness's (OFFERKIT_SIM_URL, OFFERKIT_SIM_PREFIXED_URL); run by hand,
# the script starts its own. First run: a chroot each (~3 min), then ~2 min per compiler.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
checks_suite=swift-checks
source harness/lib/checks.sh

check "build offerkit-uniffi (debug)" cargo build -q -p offerkit-uniffi || exit 1
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
export OFFERKIT_SWIFT_LIB_DIR="$target_dir/debug"

pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done' EXIT
if [[ -z "${OFFERKIT_SIM_URL:-}" || -z "${OFFERKIT_SIM_PREFIXED_URL:-}" ]]; then
  cargo build -q -p offerkit-sim --bin offerkit-sim || exit 1
  # Started in this shell, not in a command substitution, so that the trap knows their pids.
  start_sim() { # OUT ARGS...
    local out=$1
    shift
    "$target_dir/debug/offerkit-sim" --port 0 "$@" >"$out" 2>&1 &
    pids+=($!)
  }
  sim_address() { # OUT: the address the simulator writing OUT listens on
    for _ in $(seq 600); do grep -q '^listening on ' "$1" && break; sleep 0.1; done
    sed -n 's/^listening on //p' "$1"
  }
  sim_out=$(mktemp) prefixed_out=$(mktemp)
  start_sim "$sim_out"
  start_sim "$prefixed_out" --path-prefix /api
  OFFERKIT_SIM_URL=$(sim_address "$sim_out")
  OFFERKIT_SIM_PREFIXED_URL=$(sim_address "$prefixed_out")
  export OFFERKIT_SIM_URL OFFERKIT_SIM_PREFIXED_URL
fi

built_6_2=0
# SUITE LABEL: Debian's suite with the compiler, and the compiler's label.
for compiler in "sid 6.2" "trixie 6.0"; do
  read -r suite_name label <<<"$compiler"
  in_chroot=(python3 -m harness chroot "$suite_name" --packages swiftlang,libc6-dev --)
  if check "Swift $label ($suite_name): the package builds in Swift 6 mode, no warnings from our sources" \
    "${in_chroot[@]}" bindings/swift/run-tests.sh build "$label"; then
    [[ $label == 6.2 ]] && built_6_2=1
    suite "swift-tests-$label" "${in_chroot[@]}" env OFFERKIT_EXPECT_TRANSPORT=builtin \
      bindings/swift/run-tests.sh test "$label"
    check "Swift $label: the example gets offers from the simulator" \
      "${in_chroot[@]}" bindings/swift/run-tests.sh example "$label"
  else
    skip "swift-tests-$label" "the package did not build with Swift $label"
  fi
done

# The mobile flavour, built the shipping way (scripts/lib/shipping-build.sh), loaded by the
# tests the 6.2 build made (in its place at run time).
source scripts/lib/shipping-build.sh
lite_dir=$(uniffi_lite_dir "$target_dir")
if ((built_6_2 == 0)); then
  skip swift-tests-lite "the package did not build with Swift 6.2"
elif check "build offerkit-uniffi without its transport (the mobile flavour)" uniffi_lite_build "$target_dir" -q; then
  suite swift-tests-lite python3 -m harness chroot sid --packages swiftlang,libc6-dev -- \
    env OFFERKIT_EXPECT_TRANSPORT=platform OFFERKIT_SWIFT_RUN_LIB_DIR="$lite_dir" \
    bindings/swift/run-tests.sh test 6.2 swift-tests-lite
else
  skip swift-tests-lite "the mobile flavour did not build"
fi
checks_failed
