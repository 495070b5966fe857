#!/usr/bin/env bash
# The Dart package's tests, on the Dart VM (Debian sid's Dart 3.13, in the cached chroot the
# harness makes: python3 -m harness chroot), against the simulator over loopback:
#
#   bindings/dart/test.sh          (the harness runs it as the step dart/tests)
#
# 1. the raw bindings (lib/src/bindings.g.dart) are what tool/generate_bindings.py writes from
#    include/offerkit.h, and the generator's own checks pass (tool/generate_bindings_test.py);
# 2. on the host: builds offerkit-ffi (debug, with its test hooks) and the simulator (the chroot
#    has no Rust), and takes a private copy of the library;
# 3. in the chroot, on a copy of the package (dart pub get --offline, package:ffi from Debian):
#    dart analyze --fatal-infos and dart format over the package, its tests and example, and
#    the README's Dart blocks (tool/readme_snippets.py), the Flutter plugin's layout and its Dart
#    sources that do not import Flutter (flutter/check-plugin.sh); then the test program
#    (tests/offerkit_test.dart, suite dart-tests: one result per test, harness/RESULTS.md), and
#    the example (example/print_offers.dart) against the simulator, which must print its offers
#    and exit on its own.
#
# The simulators are the harness's (OFFERKIT_SIM_URL, OFFERKIT_SIM_PREFIXED_URL); run by hand,
# the script starts its own. Everything it makes is in a temporary directory, removed at exit.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
checks_suite=dart-checks
export RUST_BACKTRACE=0 # the test of a panic inside the library needs no backtrace in the log
source harness/lib/checks.sh

target_dir=${CARGO_TARGET_DIR:-$root/target}
# Under /tmp, which the chroot binds wherever the target directory is.
work=$(mktemp -d /tmp/offerkit-dart-tests.XXXXXX) || exit 1
mkdir -p "$work/lib"
in_chroot=(python3 -m harness chroot sid --packages dart-sdk,dart-ffi --)

check "raw bindings are fresh (tool/generate_bindings.py --check)" \
  python3 bindings/dart/tool/generate_bindings.py --check
check "the generator refuses what it does not know (tool/generate_bindings_test.py)" \
  python3 bindings/dart/tool/generate_bindings_test.py

build() {
  # A concurrent build sharing the target directory (without the test hooks) may replace
  # libofferkit.so at any time: copy it, then check the copy has the hooks.
  local attempt
  for attempt in 1 2 3; do
    cargo build -q -p offerkit-ffi -p offerkit-sim --features offerkit-ffi/test-hooks || return 1
    cp "$target_dir/debug/libofferkit.so" "$work/lib/" && cp "$target_dir/debug/offerkit-sim" "$work/" || return 1
    grep -q ' T offerkit_test_panic_in_conversions$' <<<"$(nm -D "$work/lib/libofferkit.so")" && return 0
    echo "attempt $attempt: libofferkit.so lacks the test hooks (a concurrent build replaced it)"
  done
  return 1
}
check "build offerkit-ffi (test hooks) and offerkit-sim" build || { checks_failed; exit; }

pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$work"' EXIT
if [[ -z "${OFFERKIT_SIM_URL:-}" || -z "${OFFERKIT_SIM_PREFIXED_URL:-}" ]]; then
  start_sim() { # OUT ARGS... (not in a subshell: the exit trap must know the process)
    local out=$1
    shift
    "$work/offerkit-sim" --port 0 "$@" >"$out" 2>&1 &
    pids+=($!)
    for _ in $(seq 600); do grep -q '^listening on ' "$out" && break; sleep 0.1; done
  }
  start_sim "$work/sim.out"
  start_sim "$work/sim-prefixed.out" --path-prefix /api
  OFFERKIT_SIM_URL=$(sed -n 's/^listening on //p' "$work/sim.out")
  OFFERKIT_SIM_PREFIXED_URL=$(sed -n 's/^listening on //p' "$work/sim-prefixed.out")
  export OFFERKIT_SIM_URL OFFERKIT_SIM_PREFIXED_URL
fi

# The package as a user has it (tracked files only), with package:ffi from Debian.
pkg="$work/offerkit"
mkdir -p "$pkg"
(cd bindings/dart && git ls-files -z -- . ':(exclude)flutter' | xargs -0 -r cp --parents -t "$pkg")
cp bindings/dart/lib/src/bindings.g.dart "$pkg/lib/src/" # as on disk, checked fresh above
printf 'dependency_overrides:\n  ffi:\n    path: /usr/share/dart/packages/ffi\n' >"$pkg/pubspec_overrides.yaml"
export OFFERKIT_LIBRARY="$work/lib/libofferkit.so" OFFERKIT_EXPECT_TEST_HOOKS=1

check "dart pub get --offline (package:ffi from Debian's dart-ffi)" \
  "${in_chroot[@]}" bash -c "cd '$pkg' && dart --version && dart pub get --offline" || { checks_failed; exit; }
check "dart analyze --fatal-infos (package, tests, example)" \
  "${in_chroot[@]}" bash -c "cd '$pkg' && dart analyze --fatal-infos"
readme() {
  mkdir -p "$pkg/readme" && python3 bindings/dart/tool/readme_snippets.py "$pkg/readme/readme_snippets.dart" &&
    "${in_chroot[@]}" bash -c "cd '$pkg' && dart analyze --fatal-infos readme"
}
check "README: every Dart block compiles against the package" readme
check "dart format: the sources are formatted (generated file aside)" \
  "${in_chroot[@]}" bash -c "cd '$pkg' && dart format --output=none --set-exit-if-changed lib/offerkit.dart \$(ls lib/src/*.dart | grep -v '\.g\.dart$') tests example"

suite dart-tests "${in_chroot[@]}" bash -c "cd '$pkg' && timeout 900 dart run tests/offerkit_test.dart"

sim_token() {
  python3 -c '
import json, sys, urllib.request
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
print(json.load(opener.open(urllib.request.Request(sys.argv[1] + "/_sim/tokens", data=b"{}", method="POST")))["access_token"])' \
    "$OFFERKIT_SIM_URL"
}
plugin() {
  # The token reaches programs through their environment, never a command line.
  OFFERKIT_ACCESS_TOKEN=$(sim_token) "${in_chroot[@]}" bash bindings/dart/flutter/check-plugin.sh "$work/plugin-check"
}
check "flutter plugin: layout, analysis of its Dart without Flutter, the screen model on the simulator" plugin

example() {
  local out
  out=$(OFFERKIT_ACCESS_TOKEN=$(sim_token) "${in_chroot[@]}" bash -c \
    "cd '$pkg' && timeout 120 dart run example/print_offers.dart '$OFFERKIT_SIM_URL' demo") || return 1
  echo "$out"
  grep -q '^10 offers for demo:$' <<<"$out" || return 1
  [[ $(grep -c '^  .*player_id=demo' <<<"$out") == 10 ]]
}
check "example: print_offers.dart prints the simulator's 10 offers with click URLs and exits" example
checks_failed
