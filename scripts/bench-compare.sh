#!/usr/bin/env bash
# Is HEAD as fast and as small as an earlier commit? Builds the core's latency probe and the
# C library (release profile) at REV in a worktree of its own and at HEAD, then runs the two
# probes interleaved against one simulator (ROUNDS rounds of CALLS calls each, after their own
# warm-up), and prints both medians and p99s, their ratio, and both stripped libofferkit.so
# sizes. Not part of the test command: it builds the workspace twice (several minutes).
#
#   scripts/bench-compare.sh REV        e.g. scripts/bench-compare.sh b612439^
#   BENCH_ROUNDS=10 BENCH_CALLS=100 scripts/bench-compare.sh REV
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
rev=${1:?usage: $0 REV}
rounds=${BENCH_ROUNDS:-10}
calls=${BENCH_CALLS:-100}
work=$(mktemp -d)
trap 'kill ${sim_pid:-} 2>/dev/null || true; git worktree remove --force "$work/before" 2>/dev/null || true; rm -rf "$work"' EXIT

git worktree add -q --detach "$work/before" "$rev"
build() { # DIR TARGET_DIR: the probe, the simulator and the C library, release profile
  (cd "$1" && CARGO_TARGET_DIR="$2" cargo build -q --release -p offerkit-bench --bin latency &&
    CARGO_TARGET_DIR="$2" cargo build -q --release -p offerkit-ffi)
}
echo "==> release builds: $rev, then HEAD"
build "$work/before" "$work/target-before"
build "$root" "$root/target"
cargo build -q --release -p offerkit-sim

target/release/offerkit-sim --port 0 >"$work/sim.out" &
sim_pid=$!
for _ in $(seq 100); do grep -q '^listening on ' "$work/sim.out" && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$work/sim.out")
token=$(curl -s -X POST "$url/_sim/tokens" -d '{"ttl_secs": 86400}' |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')

echo "==> latency: $rounds rounds x $calls calls, interleaved"
for _ in $(seq "$rounds"); do
  "$work/target-before/release/latency" --mode core --url "$url" --token "$token" --calls "$calls" >>"$work/before.json"
  target/release/latency --mode core --url "$url" --token "$token" --calls "$calls" >>"$work/head.json"
done
python3 - "$work" "$rev" <<'PY'
import json, os, statistics, sys
work, rev = sys.argv[1:3]
def load(name):
    return sorted(v for line in open(os.path.join(work, name)) if line.strip() for v in json.loads(line))
before, head = load("before.json"), load("head.json")
p99 = lambda v: v[min(len(v) - 1, int(len(v) * 0.99))]
print(f"| offerkit core, one offers call (20 offers) | calls | median µs | p99 µs |")
print(f"| --- | ---: | ---: | ---: |")
print(f"| {rev} | {len(before)} | {statistics.median(before):.0f} | {p99(before)} |")
print(f"| HEAD | {len(head)} | {statistics.median(head):.0f} | {p99(head)} |")
print(f"\nHEAD / {rev}: {statistics.median(head) / statistics.median(before):.3f} (medians)")
for label, path in [(rev, os.path.join(work, "target-before/release/libofferkit.so")), ("HEAD", "target/release/libofferkit.so")]:
    print(f"libofferkit.so at {label}: {os.path.getsize(path)} bytes (stripped by the release profile)")
PY
