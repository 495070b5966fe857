#!/usr/bin/env bash
# Soak and fault test: the Rust client, then the C ABI (scripts/soak-c.sh, a debug libofferkit
# with two clients, thread and poll delivery), against the simulator with random faults and
# cancellations from several tasks or threads, for a given number of seconds each.
#   scripts/soak.sh [SECONDS] [--debug]
# Prints requests, each error kind's count, panics, hangs, RSS and open descriptors, and exits
# non-zero if an invariant breaks. The test command runs a short debug version. --debug applies
# to the Rust soak; scripts/soak-c.sh SECONDS --release runs the C half on a release build.
# Both halves always run; the last line is "N passed, N failed, N skipped" (one per half).
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
profile=(--release)
[ "${2:-}" = "--debug" ] && profile=()
passed=0 failed=0 skipped=0

if cargo run -q "${profile[@]}" -p offerkit-bench --bin soak -- --seconds "$seconds" --tasks 8; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL soak of the Rust client"
fi
if [ -x scripts/soak-c.sh ]; then
  if scripts/soak-c.sh "$seconds"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL soak of the C ABI"
  fi
else
  skipped=$((skipped + 1))
  echo "SKIP soak of the C ABI: scripts/soak-c.sh is not executable"
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
