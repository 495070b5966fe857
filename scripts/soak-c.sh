#!/usr/bin/env bash
# Soak and fault test of the C ABI (libofferkit): the C half of scripts/soak.sh, which runs it
# after the Rust core's soak. From the repository root:
#
#   scripts/soak-c.sh [SECONDS] [--release]
#
# 1. builds offerkit-ffi and the simulator (debug; --release for the release profile) and copies
#    libofferkit.so and offerkit-sim to target/soak-c/, safe from concurrent builds of target/;
# 2. compiles bindings/c/tests/soak.c with bindings/c/tests/support.c (gcc -std=gnu11 -Wall -Wextra -Werror -O1);
# 3. starts the simulator on a free port and runs the soak for SECONDS (default 60): two clients
#    (thread and poll delivery), several threads of blocking and async calls with random
#    cancellations, random simulator faults (see bindings/c/tests/soak.c);
# 4. stops the simulator and exits with the soak's status.
#
# The soak prints requests, a count per status, untyped/internal errors, duplicate callbacks,
# hangs, RSS after warm-up and at the end, open descriptors, and ends with "soak-c: ok" or
# "soak-c: FAILED". Environment: SOAK_SEED (a seed for a reproducible mix), SOAK_WRAPPER (a
# command to run the soak under, e.g. "valgrind --leak-check=full").
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
seconds=${1:-60}
profile=debug
cargo_profile=()
if [[ "${2:-}" == "--release" ]]; then
  profile=release
  cargo_profile=(--release)
fi
work="$root/target/soak-c"
mkdir -p "$work/lib" "$work/bin"

cargo build -q "${cargo_profile[@]}" -p offerkit-ffi -p offerkit-sim
# Private copies at once: another build sharing target/ may replace these files at any time.
cp "target/$profile/libofferkit.so" "$work/lib/"
cp "target/$profile/offerkit-sim" "$work/bin/"

gcc -std=gnu11 -Wall -Wextra -Werror -O1 -g -Iinclude -Ibindings/c/tests \
  bindings/c/tests/soak.c bindings/c/tests/support.c "-L$work/lib" -lofferkit -lpthread "-Wl,-rpath,$work/lib" \
  -o "$work/bin/soak"

sim_pid=""
stop_sim() {
  if [[ -n "$sim_pid" ]]; then
    kill "$sim_pid" 2>/dev/null || true
    wait "$sim_pid" 2>/dev/null || true
    sim_pid=""
  fi
}
trap stop_sim EXIT
# Empty it first: the child truncates it only once it runs, and a previous run's address must not
# be read in between.
rm -f "$work/sim.out"
: >"$work/sim.out"
"$work/bin/offerkit-sim" --port 0 >"$work/sim.out" 2>"$work/sim.log" &
sim_pid=$!
OFFERKIT_SIM_URL=""
deadline=$((SECONDS + 60))
while ((SECONDS < deadline)); do
  OFFERKIT_SIM_URL="$(sed -n 's/^listening on //p' "$work/sim.out")"
  [[ -n "$OFFERKIT_SIM_URL" ]] && break
  kill -0 "$sim_pid" 2>/dev/null || break
  sleep 0.1
done
if [[ -z "$OFFERKIT_SIM_URL" ]]; then
  echo "soak-c: the simulator did not start (log: ${work#$root/}/sim.log)"
  exit 1
fi
export OFFERKIT_SIM_URL

status=0
# shellcheck disable=SC2086 # SOAK_WRAPPER is a command line.
${SOAK_WRAPPER:-} "$work/bin/soak" "$seconds" ${SOAK_SEED:-} || status=$?
stop_sim
exit "$status"
