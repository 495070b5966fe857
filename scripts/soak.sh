#!/usr/bin/env bash
# Soak and fault test: the Rust client (and, when built, the C ABI) against the simulator with
# random faults and cancellations from several tasks, for a given number of seconds.
#   scripts/soak.sh [SECONDS] [--debug]
# Prints requests, each error kind's count, panics, hangs, RSS and open descriptors, and exits
# non-zero if an invariant breaks. The test command runs a short debug version.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
profile=(--release)
[ "${2:-}" = "--debug" ] && profile=()
cargo run -q "${profile[@]}" -p offerkit --example soak -- --seconds "$seconds" --tasks 8
if [ -x scripts/soak-c.sh ]; then
  scripts/soak-c.sh "$seconds"
fi
