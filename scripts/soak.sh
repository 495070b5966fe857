#!/usr/bin/env bash
# Soak and fault test: the Rust client, then the C ABI (scripts/soak-c.sh, a debug libofferkit
# with two clients, thread and poll delivery), against the simulator with random faults and
# cancellations from several tasks or threads, for a given number of seconds each.
#   scripts/soak.sh [SECONDS] [--debug]
# Prints requests, each error kind's count, panics, hangs, RSS and open descriptors, and exits
# non-zero if an invariant breaks. The test command runs a short debug version. --debug applies
# to the Rust soak; scripts/soak-c.sh SECONDS --release runs the C half on a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
profile=(--release)
[ "${2:-}" = "--debug" ] && profile=()
cargo run -q "${profile[@]}" -p offerkit --example soak -- --seconds "$seconds" --tasks 8
if [ -x scripts/soak-c.sh ]; then
  scripts/soak-c.sh "$seconds"
fi
