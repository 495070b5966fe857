#!/usr/bin/env bash
# The web package's tests in Node and in Chromium: the crate linted for wasm32, the package built
# (build.sh), its published types checked (strict, no `any`); the suite (tests/*.test.mjs) in
# Node (node:test, one file at a time: they share the simulator's faults and counters) and the
# same files in Debian's headless Chromium (tests/browser/run.mjs, against a second simulator in
# CORS mode, plus the browser's own case: without CORS a call fails with `network`); the Node
# examples compiled with `tsc --strict` and run; offerkit/server's suite in Node (token
# exchange, reporting, real postbacks from a simulator of its own); the example offer wall
# compiled, shown in Chromium, clicked, and photographed.
#
#   bindings/js/test.sh        (the harness runs it as the step js/tests)
#
# The simulator is the harness's (OFFERKIT_SIM_URL); run by hand, the script starts its own.
set -uo pipefail
cd "$(dirname "$0")/../.."
checks_suite=js-checks
source harness/lib/checks.sh

check "offerkit-js: clippy for wasm32, no warnings" \
  cargo clippy -q -p offerkit-js --target wasm32-unknown-unknown -- -D warnings
check "the package builds (wasm-bindgen, tsc)" bindings/js/build.sh || exit 1

# The published declarations: every .d.ts under dist/ the package ships, none with `any`.
no_any() {
  python3 - bindings/js/dist <<'PY'
import pathlib, re, sys
found = [f"{p}:{n}: {line.strip()}" for p in sorted(pathlib.Path(sys.argv[1]).glob("*.d.ts"))
         for n, line in enumerate(p.read_text().splitlines(), 1) if re.search(r"\bany\b", line)]
print("\n".join(found) or "no `any` in dist/*.d.ts")
sys.exit(1 if found else 0)
PY
}
check "the published .d.ts files have no any" no_any

# The harness's simulator is OFFERKIT_SIM_URL (run by hand, the script starts one); the browser
# run needs a second one in CORS mode, started here and stopped by its process id.
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done' EXIT
cargo build -q -p offerkit-sim --bin offerkit-sim || exit 1
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
start_sim() { # VARIABLE ARGS...: starts a simulator, its address in VARIABLE
  local out
  out=$(mktemp)
  "$target_dir/debug/offerkit-sim" --port 0 "${@:2}" >"$out" 2>&1 &
  pids+=($!)
  for _ in $(seq 600); do grep -q '^listening on ' "$out" && break; sleep 0.1; done
  printf -v "$1" '%s' "$(sed -n 's/^listening on //p' "$out")"
  export "${1?}"
}
[[ -n "${OFFERKIT_SIM_URL:-}" ]] || start_sim OFFERKIT_SIM_URL
start_sim OFFERKIT_SIM_CORS_URL --cors

cd bindings/js
suite js-tests node --test --test-concurrency=1 \
  --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=./tests/reporter.mjs --test-reporter-destination=/dev/null tests/*.test.mjs

suite js-tests-chromium node tests/browser/run.mjs

# The examples, as a TypeScript user compiles them (they import the package by its name).
check "the Node examples compile with tsc --strict" node_modules/.bin/tsc -p example/tsconfig.json

# offerkit/server, in Node only (its own module; the backend example is among its tests).
suite js-server-tests env OFFERKIT_SIM_BIN="$target_dir/debug/offerkit-sim" \
  node --test --test-concurrency=1 \
  --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=./tests/reporter.mjs --test-reporter-destination=/dev/null tests/server/*.test.mjs
# No browser entry reaches the server module: follow the static imports from each.
browser_graph_without_server() {
  node -e '
const { readFileSync } = require("node:fs");
const { dirname, resolve } = require("node:path");
const seen = new Set();
const walk = (file) => {
  if (seen.has(file)) return;
  seen.add(file);
  for (const [, spec] of readFileSync(file, "utf8").matchAll(/(?:import|export)[^"]*?from\s*"([^"]+)"|import\s*"([^"]+)"/g)) {
    if (spec && spec.startsWith(".")) walk(resolve(dirname(file), spec));
  }
};
walk(resolve("dist/index.js"));
const server = [...seen].filter((f) => /server/.test(f));
console.log(`${seen.size} modules from dist/index.js; server ones: ${server.join(", ") || "none"}`);
process.exit(server.length || seen.size < 5 ? 1 : 0);'
}
check "the browser entry imports nothing of offerkit/server" browser_graph_without_server
# The client module carries no secret's code path (the refresh-token grant, the postback
# verifier); the server module does, which shows the search would see them.
client_module_without_secrets() {
  python3 - dist/wasm/offerkit_js_bg.wasm dist/wasm-server/offerkit_server_bg.wasm <<'PY'
import re, sys
words = re.compile(rb"refresh_token|postback|report_api|Signature", re.I)
client, server = (open(p, "rb").read() for p in sys.argv[1:3])
found_client = sorted({m.group(0) for m in words.finditer(client)})
found_server = sorted({m.group(0) for m in words.finditer(server)})
print(f"client module: {found_client or 'none'}; server module: {found_server}")
sys.exit(0 if not found_client and len(found_server) >= 2 else 1)
PY
}
check "the client's WebAssembly carries no refresh-token or postback code; the server's does" client_module_without_secrets
sim_token() { # URL: a fresh access token of that simulator (never printed)
  node -e 'fetch(process.argv[1] + "/_sim/tokens", { method: "POST", body: "{}" })
    .then((r) => r.json()).then((t) => console.log(t.access_token))' "$1"
}
OFFERKIT_ACCESS_TOKEN=$(sim_token "$OFFERKIT_SIM_URL")
example_prints_offers() {
  local out
  out=$(OFFERKIT_BASE_URL="$OFFERKIT_SIM_URL" OFFERKIT_ACCESS_TOKEN="$OFFERKIT_ACCESS_TOKEN" node example/dist/print-offers.js) || return 1
  echo "$out"
  [[ $(grep -c ' — \$' <<<"$out") == 5 ]] && grep -qx "refused before sending: limit" <<<"$out" && grep -qx cancelled <<<"$out"
}
check "the example prints offers, a refused argument and a cancelled call" example_prints_offers
check "the example offer wall compiles with tsc --strict" node_modules/.bin/tsc -p example/offer-wall/tsconfig.json
OFFERKIT_ACCESS_TOKEN=$(sim_token "$OFFERKIT_SIM_CORS_URL")
picture=$(mktemp --suffix .png)
check "the offer wall shows six offers in Chromium and a click opens the player's tracking link" \
  env OFFERKIT_ACCESS_TOKEN="$OFFERKIT_ACCESS_TOKEN" node tests/browser/run.mjs --example "$picture"
rm -f "$picture"
checks_failed
