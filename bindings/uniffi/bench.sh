#!/usr/bin/env bash
# The uniffi budgets, measured (not a timed test; the numbers go into the report):
#   1. size of the stripped release libofferkit_uniffi.so (x86_64)       budget <= 2.6 MB
#   2. Python call overhead of `offers` against the local simulator,
#      side by side with the Rust core's own latency in the same run     budget <= 1.2x
# Release builds throughout (library, wheel, simulator, the core's latency example), one
# simulator, rounds alternating Rust and Python so both see the same machine state.
set -euo pipefail
cd "$(dirname "$0")/../.."
eval "$(scripts/install-uniffi-tools.sh)"
calls=${CALLS:-2000}
rounds=${ROUNDS:-3}

cargo build -q --release -p offerkit-uniffi
cargo build -q --release -p offerkit-uniffi --example core_latency
cargo build -q --release -p offerkit-sim --bin offerkit-sim
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
so="$target_dir/release/libofferkit_uniffi.so"
python3 - "$so" <<'PY'
import json, os, subprocess, sys
path = sys.argv[1]
size = os.path.getsize(path)
symbols = subprocess.run(["nm", path], capture_output=True, text=True).stderr.strip()
print(json.dumps({"what": "libofferkit_uniffi.so, release, x86_64", "bytes": size,
                  "mb": round(size / 1e6, 3), "stripped": "no symbols" in symbols,
                  "budget_mb": 2.6}))
PY

work=$(mktemp -d)
sim_pid=""
trap '[ -n "$sim_pid" ] && kill "$sim_pid"; rm -rf "$work"' EXIT
(cd bindings/python && "$VENV/bin/maturin" build --quiet --release --out "$work/wheels" 2>&1 |
  grep -v "looks like an old-style --config" || true)
"$VENV/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps "$work"/wheels/offerkit-*.whl

"$target_dir/release/offerkit-sim" --port 0 > "$work/sim.out" &
sim_pid=$!
for _ in $(seq 100); do grep -q '^listening on ' "$work/sim.out" && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$work/sim.out")
token=$(curl -s -X POST "$url/_sim/tokens" -d '{}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')

for round in $(seq "$rounds"); do
  "$target_dir/release/examples/core_latency" "$url" "$token" "$calls"
  "$VENV/bin/python" bindings/python/bench/bench_offers.py "$url" "$token" "$calls"
done | tee "$work/latency.jsonl"
python3 - "$work/latency.jsonl" <<'PY'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
rust = statistics.median(r["median_us"] for r in rows if r["what"] == "rust core")
py = statistics.median(r["median_us"] for r in rows if r["what"] == "python bindings")
print(json.dumps({"what": "offers latency, median of round medians", "rust_core_us": rust,
                  "python_us": py, "ratio": round(py / rust, 3), "overhead_us": round(py - rust, 1)}))
PY
