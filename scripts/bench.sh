#!/usr/bin/env bash
# Regenerates the measured tables of BENCHMARKS.md (between the bench markers). Not part of the
# test command (it takes several minutes); the test command only compiles the benches.
#   scripts/bench.sh            all sections (BENCH_COLD=0: without the cold first command)
#   BENCH_ROUNDS=10 BENCH_CALLS=100 scripts/bench.sh
# Needs: curl, python3, wrk and libcurl's headers (installed with apt-get if missing), gcc for
# the C probes.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
out="$root/target/bench"
mkdir -p "$out"
rounds=${BENCH_ROUNDS:-10}
calls=${BENCH_CALLS:-100}

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
command -v curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl >/dev/null; }
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
[ -f /usr/include/x86_64-linux-gnu/curl/curl.h ] || [ -f /usr/include/curl/curl.h ] ||
  { apt-get update -qq && apt-get install -y -qq libcurl4-openssl-dev >/dev/null; }

echo "==> release builds"
cargo build -q --release -p offerkit-sim
cargo build -q --release -p offerkit-bench --bins
cargo build -q --release -p offerkit-ffi
have_c=0
if [ -f include/offerkit.h ] && [ -f bench/c/latency.c ]; then
  gcc -O2 -std=gnu11 -Iinclude bench/c/latency.c -Ltarget/release -lofferkit -lpthread -o "$out/latency-c" && have_c=1
  gcc -O2 -std=gnu11 -Iinclude bench/c/handoffs.c -Ltarget/release -lofferkit -o "$out/handoffs" || true
  gcc -O2 -std=c99 -Iinclude bench/c/footprint.c -Ltarget/release -lofferkit -lpthread -o "$out/footprint-c" || true
fi
have_poll=0
if [ $have_c = 1 ]; then
  gcc -O2 -std=gnu11 -Iinclude bench/c/poll_idle.c -Ltarget/release -lofferkit -lpthread -o "$out/poll-idle" && have_poll=1
fi
have_pump=0
if command -v mcs >/dev/null && command -v mono >/dev/null; then
  mcs -nologo -r:System.dll -r:System.Core.dll -r:System.Net.Http.dll -out:"$out/PumpIdle.exe" \
    -recurse:'bindings/unity/Runtime/*.cs' 'bindings/unity/Tools~/bench/PumpIdle.cs' && have_pump=1
fi
have_curl=0
if [ $have_c = 1 ] && [ -f bench/c/latency_curl.c ]; then
  gcc -O2 -std=gnu11 -Iinclude -Ibindings/c/tests bench/c/latency_curl.c bindings/c/tests/curl_executor.c \
    -Ltarget/release -lofferkit -lcurl -lpthread -o "$out/latency-curl" && have_curl=1
fi
have_py=0
if [ -x scripts/install-uniffi-tools.sh ]; then
  eval "$(scripts/install-uniffi-tools.sh)"
  # A release wheel in its own venv, so (d) measures the shipped build.
  rm -rf "$out/wheels" && python3 -m venv "$out/venv"
  (cd bindings/python && "$VENV/bin/maturin" build --quiet --release --out "$out/wheels" 2>&1 |
    grep -v "looks like an old-style --config" || true)
  "$out/venv/bin/pip" install -q --disable-pip-version-check "$out"/wheels/offerkit-*.whl && have_py=1
fi

have_js=0
if command -v node >/dev/null && bindings/js/build.sh >"$out/js-build.log" 2>&1; then have_js=1; fi

# The README's first command from nothing: empty build directory and crate cache (downloads
# from crates.io included), timed before anything else runs. BENCH_COLD=0 leaves it out.
rm -f "$out/cold-main-job.txt"
if [ "${BENCH_COLD:-1}" = 1 ]; then
  echo "==> the README's first command, cold"
  cold_home=$(mktemp -d) cold_target=$(mktemp -d)
  started=$(date +%s.%N)
  if CARGO_HOME="$cold_home" CARGO_TARGET_DIR="$cold_target" \
    cargo run -q -p offerkit-cli -- offers --player-id demo >"$out/cold-main-job.log" 2>&1; then
    python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.0f}')" "$started" "$(date +%s.%N)" >"$out/cold-main-job.txt"
  fi
  rm -rf "$cold_home" "$cold_target"
fi

echo "==> simulator"
target/release/offerkit-sim --port 0 >"$out/sim.out" &
sim_pid=$!
trap 'kill $sim_pid 2>/dev/null || true' EXIT
for _ in $(seq 50); do grep -q listening "$out/sim.out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$out/sim.out")
token=$(curl -s -X POST "$url/_sim/tokens" -H 'content-type: application/json' -d '{"ttl_secs": 86400}' |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')

echo "==> latency: $rounds rounds x $calls calls per program, interleaved"
rm -f "$out"/lat-*.json
for r in $(seq "$rounds"); do
  target/release/latency --mode raw --url "$url" --token "$token" --calls "$calls" >>"$out/lat-raw.json"
  target/release/latency --mode core --url "$url" --token "$token" --calls "$calls" >>"$out/lat-core.json"
  if [ $have_c = 1 ]; then
    LD_LIBRARY_PATH=target/release "$out/latency-c" "$url" "$token" "$calls" >>"$out/lat-c.json"
    LD_LIBRARY_PATH=target/release "$out/latency-c" "$url" "$token" "$calls" async >>"$out/lat-c-async.json"
    LD_LIBRARY_PATH=target/release "$out/latency-c" "$url" "$token" "$calls" poll >>"$out/lat-c-poll.json"
  fi
  if [ $have_py = 1 ]; then
    "$out/venv/bin/python" bench/python/latency.py "$url" "$token" "$calls" >>"$out/lat-py.json"
    "$out/venv/bin/python" bench/python/latency.py "$url" "$token" "$calls" generated >>"$out/lat-py-generated.json"
  fi
  if [ $have_curl = 1 ]; then
    LD_LIBRARY_PATH=target/release "$out/latency-curl" "$url" "$token" "$calls" >>"$out/lat-curl.json"
  fi
  if [ $have_js = 1 ]; then
    node bench/js/latency.mjs fetch "$url" "$token" "$calls" >>"$out/lat-js-fetch.json"
    node bench/js/latency.mjs offerkit "$url" "$token" "$calls" >>"$out/lat-js.json"
  fi
done

echo "==> hand-offs: voluntary context switches and CPU per blocking call, core and C ABI"
# Whole processes, start and 20 warm-up calls included: voluntary switches, user and system CPU.
/usr/bin/time -f '%w %U %S' -o "$out/core-switches.txt" \
  target/release/latency --mode core --url "$url" --token "$token" --calls 1000 >/dev/null
rm -f "$out/handoffs.json" "$out/c-cpu.txt"
if [ -x "$out/handoffs" ]; then
  # The same 20 warm-up and 1,000 blocking calls as the core's probe, so one run gives both.
  LD_LIBRARY_PATH=target/release /usr/bin/time -f '%w %U %S' -o "$out/c-cpu.txt" \
    "$out/handoffs" "$url" "$token" 1000 >"$out/handoffs.json"
fi

echo "==> where a blocking call runs: the same call five ways (bench/rust/src/bin/handoff.rs)"
target/release/handoff --url "$url" --token "$token" --calls "$calls" --rounds "$rounds" >"$out/handoff.json"

echo "==> throughput: offerkit core (64 concurrent) and wrk (64 connections), same simulator"
target/release/throughput --url "$url" --token "$token" --concurrency 64 --seconds 10 >"$out/tp-core.json"
cat >"$out/offers.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $token"
wrk.body = '{"query":"query Offers(\$player_id: String!, \$limit: Int) { offers(player_id: \$player_id, limit: \$limit) { id name total_payout_usd creatives { name description } } }","variables":{"player_id":"bench-1","limit":20}}'
LUA
wrk -t2 -c64 -d10s -s "$out/offers.lua" "$url/v1/offers" >"$out/tp-wrk.txt"
wrk -t2 -c128 -d10s -s "$out/offers.lua" "$url/v1/offers" >"$out/tp-wrk-128.txt"

echo "==> decode (interleaved typed vs Value)"
target/release/decode_ratio >"$out/decode.md"

echo "==> sizes: every shipping library, x86_64 and arm64, as built for Linux and as Android links it"
# The libraries as they ship (scripts/build-native.sh's builds), not the ones the latency
# programs above load.
scripts/size-mobile.sh >"$out/sizes.md"

echo "==> idle poll"
rm -f "$out/poll-idle.json"
if [ $have_poll = 1 ]; then
  LD_LIBRARY_PATH=target/release "$out/poll-idle" 11 >"$out/poll-idle.json"
fi
rm -f "$out/pump-idle.json"
if [ $have_pump = 1 ]; then
  LD_LIBRARY_PATH=target/release mono "$out/PumpIdle.exe" 11 >"$out/pump-idle.json"
fi

echo "==> footprint"
if [ -x "$out/footprint-c" ]; then
  LD_LIBRARY_PATH=target/release "$out/footprint-c" "$url" "$token" >"$out/footprint.md" || true
fi

python3 - "$out" <<'PY' >"$out/results.md"
import json, os, re, statistics, sys
out = sys.argv[1]
def load(name):
    path = os.path.join(out, name)
    if not os.path.exists(path):
        return None
    values = []
    for line in open(path):
        line = line.strip()
        if line:
            values.extend(json.loads(line))
    return sorted(values)
def pct(v, p):
    return v[min(len(v) - 1, int(len(v) * p))]
rows = [("a", "raw reqwest + serde_json::Value (floor)", "lat-raw.json"),
        ("b", "offerkit Rust core", "lat-core.json"),
        ("c", "C ABI from a C program", "lat-c.json"),
        ("d", "uniffi from Python", "lat-py.json"),
        ("e", "C ABI through a libcurl host executor", "lat-curl.json"),
        ("f", "Node: fetch + JSON.parse (the JavaScript floor)", "lat-js-fetch.json"),
        ("g", "Node: the web package (WebAssembly core over fetch)", "lat-js.json"),
        ("h", "C ABI `_async`, thread delivery (the caller waits on a semaphore)", "lat-c-async.json"),
        ("i", "C ABI `_async`, poll delivery (the caller in `offerkit_client_poll_wait`)", "lat-c-poll.json"),
        ("j", "uniffi from Python, the generated coroutines (the way on Windows)", "lat-py-generated.json")]
raw = load("lat-raw.json")
print("### Latency of one `offers` call (20 offers), keep-alive, loopback\n")
print("| | program | calls | median µs | p99 µs | median / (a) |")
print("| --- | --- | ---: | ---: | ---: | ---: |")
for key, name, f in rows:
    v = load(f)
    if not v:
        print(f"| {key} | {name} | — | not built | | |")
        continue
    med = statistics.median(v)
    print(f"| {key} | {name} | {len(v)} | {med:.0f} | {pct(v, 0.99):.0f} | {med / statistics.median(raw):.2f} |")
core, c_abi, py = load("lat-core.json"), load("lat-c.json"), load("lat-py.json")
if core and c_abi and py:
    m = statistics.median(core)
    print(f"\nAgainst the Rust core (b), same run: the C ABI (c) {statistics.median(c_abi) / m:.2f}× "
          f"(goal ≤ 1.05), Python (d) {statistics.median(py) / m:.2f}× (goal ≤ 1.5).")
    py_generated = load("lat-py-generated.json")
    if py_generated:
        print(f"Python through uniffi's generated coroutines (j), same run: {statistics.median(py_generated) / m:.2f}× "
              f"the core; the loop's completion socket (d) saves {statistics.median(py_generated) - statistics.median(py):.0f} µs a call.")
    c_async, c_poll = load("lat-c-async.json"), load("lat-c-poll.json")
    if c_async and c_poll:
        print(f"The C ABI's `_async` delivery, same run: thread (h) {statistics.median(c_async) / m:.2f}×, "
              f"poll (i) {statistics.median(c_poll) / m:.2f}× the core.")
js, js_floor = load("lat-js.json"), load("lat-js-fetch.json")
if js and js_floor:
    print(f"\nThe web package in Node costs {statistics.median(js) / statistics.median(js_floor):.2f}× Node's own fetch + JSON.parse (g / f).")
print()
handoffs = os.path.join(out, "handoffs.json")
if os.path.exists(handoffs):
    h = json.load(open(handoffs))
    def usage(name):
        # /usr/bin/time's last line: voluntary switches, user seconds, system seconds.
        switches, user, system = open(os.path.join(out, name)).read().split("\n")[-2].split()
        return int(switches), (float(user) + float(system)) * 1e6 / 1020
    core_switches, core_cpu = usage("core-switches.txt")
    print("Voluntary context switches per call (a thread blocking until another wakes it; 1,000 calls):")
    print(f"the core's probe (one thread, whole process, warm-up and start included) {core_switches / 1000:.2f};")
    print(f"the C ABI's calling thread {h['caller_switches_per_call']:.2f}, its whole process (with the library")
    print(f"thread) {h['process_switches_per_call']:.2f} (`bench/c/handoffs.c`).")
    if os.path.exists(os.path.join(out, "c-cpu.txt")):
        _, c_cpu = usage("c-cpu.txt")
        print(f"CPU per call (user + system, whole process, start and 20 warm-up calls included, over 1,000): "
              f"the core's probe {core_cpu:.0f} µs, the C program's {c_cpu:.0f} µs (`bench/c/handoffs.c`).")
    print()
ways = json.load(open(os.path.join(out, "handoff.json")))
print("### Where a blocking call runs: the same call five ways, one process (`bench/rust/src/bin/handoff.rs`)\n")
print(f"Interleaved, {ways['calls']} calls each, each way with its own client; CPU is every thread's.\n")
print("| way | median µs | CPU µs per call | median / in-thread |")
print("| --- | ---: | ---: | ---: |")
for key, what in [("in_thread", "in-thread: the caller drives the runtime, a `block_on` per call"),
                  ("in_thread_one_block_on", "in-thread, a round's calls inside one `block_on` (as the core's probe)"),
                  ("library_thread", "library thread drives it, the caller in `Handle::block_on` (the C ABI today)"),
                  ("spawned", "the whole call a task on the library thread, the caller waiting"),
                  ("handed_over", "the library thread hands the runtime to the caller for the call")]:
    print(f"| {what} | {ways[key + '_us']} | {ways[key + '_cpu_us']} | {ways[key + '_us'] / ways['in_thread_us']:.2f} |")
print()
core = json.load(open(os.path.join(out, "tp-core.json")))
def wrk_rps(name):
    text = open(os.path.join(out, name)).read()
    m = re.search(r"Requests/sec:\s+([0-9.]+)", text)
    return float(m.group(1)) if m else 0.0
w64, w128 = wrk_rps("tp-wrk.txt"), wrk_rps("tp-wrk-128.txt")
print("### Throughput against the same simulator\n")
print("| load generator | requests/s | ratio to wrk (64) |")
print("| --- | ---: | ---: |")
print(f"| offerkit core, 64 concurrent requests, one client | {core['rps']:.0f} (errors {core['errors']}) | {core['rps'] / w64:.2f} |")
print(f"| wrk -t2 -c64 | {w64:.0f} | 1.00 |")
print(f"| wrk -t2 -c128 (simulator maximum) | {w128:.0f} | |")
print()
print("### Decode: typed offers vs serde_json::Value (interleaved, medians)\n")
print(open(os.path.join(out, "decode.md")).read())
print("### Stripped shipping sizes per ABI (`scripts/size-mobile.sh`; Tapjoy's SDK: 0.69 MB Android, 0.91 MB iOS)\n")
print(open(os.path.join(out, "sizes.md")).read())
cold = os.path.join(out, "cold-main-job.txt")
if os.path.exists(cold):
    print("### The README's first command from nothing (goal ≤ 180 s)\n")
    print("Empty build directory and empty `CARGO_HOME` (crates downloaded from crates.io too):")
    print(f"`cargo run -q -p offerkit-cli -- offers --player-id demo` printed its offers after **{open(cold).read().strip()} s**.")
import gzip
wasm = [("the web package's module (every entry)", "bindings/js/dist/wasm/offerkit_js_bg.wasm"),
        ("its server module (`offerkit/server` only)", "bindings/js/dist/wasm-server/offerkit_server_bg.wasm")]
if all(os.path.exists(p) for _, p in wasm):
    print("\n### The web package's WebAssembly (goal: ≤ 250 KB gzipped)\n")
    print("| module | bytes | gzip -9 bytes |")
    print("| --- | ---: | ---: |")
    for name, p in wasm:
        data = open(p, "rb").read()
        print(f"| {name} | {len(data)} | {len(gzip.compress(data, 9))} |")
idle = os.path.join(out, "poll-idle.json")
if os.path.exists(idle):
    p = json.load(open(idle))
    print("\n### A game loop's idle poll (poll delivery, nothing queued; `bench/c/poll_idle.c`)\n")
    print(f"Medians of {p['rounds']} rounds of {p['calls_per_round']:,} calls; allocations counted by")
    print("interposing glibc's malloc family in the probe (it first checks that it sees the library's).\n")
    print("| call | ns per call | allocations |")
    print("| --- | ---: | ---: |")
    print(f"| `offerkit_client_poll(client, 0)` | {p['poll_ns']:.0f} | {p['allocations']} (both rows) |")
    print(f"| the pump: `offerkit_client_poll` + `offerkit_log_poll` | {p['poll_and_log_poll_ns']:.0f} | |")
pump = os.path.join(out, "pump-idle.json")
if os.path.exists(pump):
    p = json.load(open(pump))
    print(f"\nThe Unity package's per-frame pump on Mono (`OfferKitClient.PollAll()`, {p['clients']} clients,")
    print(f"medians of {p['rounds']} rounds of {p['frames_per_round']:,} frames; `bindings/unity/Tools~/bench/PumpIdle.cs`):")
    print(f"{p['poll_all_ns']:.0f} ns per frame, {p['bytes']} bytes on the managed heap in all")
    print("(`GC.GetAllocatedBytesForCurrentThread`).")
fp = os.path.join(out, "footprint.md")
if os.path.exists(fp):
    print("\n### Footprint of a C host program\n")
    print(open(fp).read())
PY
cat "$out/results.md"
if grep -q '<!-- bench:begin -->' BENCHMARKS.md 2>/dev/null; then
  python3 - "$out/results.md" <<'PY'
import sys
results = open(sys.argv[1]).read()
text = open("BENCHMARKS.md").read()
head, rest = text.split("<!-- bench:begin -->", 1)
_, tail = rest.split("<!-- bench:end -->", 1)
open("BENCHMARKS.md", "w").write(head + "<!-- bench:begin -->\n" + results + "\n<!-- bench:end -->" + tail)
PY
  echo "BENCHMARKS.md updated"
fi
