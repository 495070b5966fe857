#!/usr/bin/env bash
# The Rust usage examples in core/examples, run as tests. From the repository root:
#
#   scripts/test-core-examples.sh
#
# Builds the simulator, starts it on 127.0.0.1 (a free port), mints an access token and a
# reporting key from its control endpoint, runs each example with `cargo run -p offerkit
# --example NAME` against it, and checks what the example printed against what the simulator
# is documented to serve (simulator/README.md), read here independently of offerkit: its
# catalogue (GET /_sim/catalogue), raw GraphQL answers, and the report's documented rows.
# Failure cases check that a refused credential exits non-zero with the `unauthorized` kind.
#
# Prints "ok NAME" or "FAIL NAME" per check and records each for the harness (harness/RESULTS.md).
# Logs: target/core-examples/. The simulator is stopped by its process id.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
work="$root/target/core-examples"
rm -rf "$work"
mkdir -p "$work"
# The examples' own HTTP (the token provider's backend calls) goes straight to the loopback
# simulator, whatever proxy this shell has.
unset HTTP_PROXY HTTPS_PROXY ALL_PROXY http_proxy https_proxy all_proxy
# Each run sets the variables it means; none leaks in from the caller's shell.
unset OFFERKIT_BASE_URL OFFERKIT_ACCESS_TOKEN OFFERKIT_PLAYER_ID OFFERKIT_TOKEN_URL \
  OFFERKIT_PLAYER_SESSION OFFERKIT_REPORTING_URL OFFERKIT_REPORT_API_KEY

checks_suite=core-examples
source "$root/harness/lib/checks.sh"
check() { # NAME CONDITION-STATUS: one case of the suite core-examples
  if [ "$2" -eq 0 ]; then
    echo "ok $1"
    record "$1" passed
  else
    echo "FAIL $1 (log: ${work#"$root"/}/$1.log)"
    sed 's/^/     | /' "$work/$1.log" | tail -n 20
    record "$1" failed "log: ${work#"$root"/}/$1.log"
  fi
}
finish() {
  checks_failed
  exit
}

# python3 reads the simulator's JSON answers and checks the examples' output.

sim_pid=""
trap '[ -n "$sim_pid" ] && kill "$sim_pid" 2>/dev/null' EXIT

# ---- builds and the simulator ----------------------------------------------------------------
if cargo build -q -p offerkit-sim --bin offerkit-sim >"$work/build.log" 2>&1 &&
  cargo build -q -p offerkit --examples >>"$work/build.log" 2>&1 &&
  cargo build -q -p offerkit --features server --example server_report >>"$work/build.log" 2>&1; then
  check build 0
else
  check build 1
  finish
fi
cp target/debug/offerkit-sim "$work/"
"$work/offerkit-sim" --port 0 >"$work/sim.out" 2>"$work/sim.err" &
sim_pid=$!
for _ in $(seq 100); do grep -q '^listening on ' "$work/sim.out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/^listening on //p' "$work/sim.out")
if [ -z "$url" ]; then
  cat "$work/sim.err" >"$work/simulator.log"
  check simulator 1
  finish
fi
echo "simulator at $url (pid $sim_pid)"

# sim_json METHOD PATH [BODY] [BEARER]: a JSON answer of the simulator, pretty enough for python.
sim_json() {
  python3 - "$url" "$@" <<'PY'
import json, sys, urllib.request
url, method, path = sys.argv[1:4]
body = sys.argv[4].encode() if len(sys.argv) > 4 else None
request = urllib.request.Request(url + path, data=body, method=method)
request.add_header("content-type", "application/json")
if len(sys.argv) > 5:
    request.add_header("authorization", "Bearer " + sys.argv[5])
with urllib.request.urlopen(request, timeout=10) as answer:
    print(json.dumps(json.load(answer)))
PY
}
token=$(sim_json POST /_sim/tokens '{"ttl_secs": 3600}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
report_key=$(sim_json POST /_sim/report-keys '{}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["api_key"])')
sim_json GET /_sim/catalogue >"$work/catalogue.json"

# graphql DOCUMENT: the simulator's own answer to a GraphQL document, sent without offerkit.
graphql() {
  sim_json POST /v1/offers "$(python3 -c 'import json,sys; print(json.dumps({"query": sys.argv[1]}))' "$1")" "$token"
}

# offers_of PLAYER ARGS: the simulator's `offers` answer (ids and names) for that player.
offers_of() {
  graphql "{ offers(player_id: \"$1\"$2) { id name } }"
}

# run_example NAME LOG ARGS...: runs one example (env set by the caller); stdout to LOG.out,
# stderr to LOG.err, both to LOG.log; returns its exit status.
run_example() {
  local name=$1 log=$2
  shift 2
  local features=()
  [ "$name" = server_report ] && features=(--features server)
  cargo run -q -p offerkit "${features[@]}" --example "$name" -- "$@" >"$work/$log.out" 2>"$work/$log.err"
  local status=$?
  { echo "exit status $status"; echo "--- stdout"; cat "$work/$log.out"; echo "--- stderr"; cat "$work/$log.err"; } >"$work/$log.log"
  return $status
}

# expect_unauthorized STATUS LOG: the run failed, and said so on stderr with the kind.
expect_unauthorized() {
  local status=$1 log=$2
  [ "$status" -ne 0 ] && grep -q '^error: unauthorized: ' "$work/$log.err"
}

# ---- offers ------------------------------------------------------------------------------------
player=examples-player
offers_of "$player" ', limit: 5, sort: "epc.desc"' >"$work/offers-expected.json"
OFFERKIT_BASE_URL=$url OFFERKIT_ACCESS_TOKEN=$token OFFERKIT_PLAYER_ID=$player run_example offers offers
status=$?
python3 - "$work/offers.out" "$work/offers-expected.json" "$work/catalogue.json" "$player" >>"$work/offers.log" 2>&1 <<'PY'
import json, sys
out, expected, catalogue, player = sys.argv[1:5]
want = json.load(open(expected))["data"]["offers"]
epc = {o["id"]: (o["name"], o["epc"]) for o in json.load(open(catalogue))["offers"]}
lines = open(out).read().splitlines()
assert len(want) == 5, f"the simulator serves {len(want)} offers, not 5"
assert lines[0] == f"5 offers for {player}:", lines[0]
got = [line.split("  ")[1:3] for line in lines[1:]]
assert got == [[o["id"], o["name"]] for o in want], f"printed {got}, the simulator serves {want}"
# Independently of the GraphQL answer: catalogue offers, best epc first.
assert all(epc[i][0] == n for i, n in got), "names differ from the catalogue"
assert [epc[i][1] for i, _ in got] == sorted((epc[i][1] for i, _ in got), reverse=True), "not by epc"
assert all(line.split("  ")[3].startswith("$") for line in lines[1:]), "payout missing"
PY
check offers $(( status != 0 || $? != 0 ))

OFFERKIT_BASE_URL=$url OFFERKIT_ACCESS_TOKEN=not-a-token run_example offers offers-bad-token
expect_unauthorized $? offers-bad-token
check offers-bad-token $?

expired=$(sim_json POST /_sim/tokens '{"ttl_secs": -60}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
OFFERKIT_BASE_URL=$url OFFERKIT_ACCESS_TOKEN=$expired run_example offers offers-expired-token
expect_unauthorized $? offers-expired-token
check offers-expired-token $?

OFFERKIT_ACCESS_TOKEN=$token run_example offers offers-no-base-url
status=$?
[ "$status" -ne 0 ] && grep -q '^error: invalid_argument: set OFFERKIT_BASE_URL' "$work/offers-no-base-url.err"
check offers-no-base-url $?

# ---- pager: a `many-` player engaged with every catalogue offer (README: playerOffers) --------
pager_player=many-examples
graphql "{ playerOffers(player_id: \"$pager_player\", limit: 100) { items { id status } next_cursor } }" \
  >"$work/pager-expected.json"
OFFERKIT_BASE_URL=$url OFFERKIT_ACCESS_TOKEN=$token OFFERKIT_PLAYER_ID=$pager_player run_example pager pager
status=$?
python3 - "$work/pager.out" "$work/catalogue.json" "$work/pager-expected.json" >>"$work/pager.log" 2>&1 <<'PY'
import json, sys
out, catalogue, expected = sys.argv[1:4]
ids = {o["id"] for o in json.load(open(catalogue))["offers"]}
lines = open(out).read().splitlines()
total, pages = len(ids), -(-len(ids) // 20)
assert lines[-1] == f"{total} offers on {pages} pages", lines[-1]
headers = [line for line in lines if line.startswith("page ")]
sizes = [min(20, total - 20 * i) for i in range(pages)]
assert headers == [f"page {i + 1}: {n} offers" for i, n in enumerate(sizes)], headers
items = [line.split("  ")[1:3] for line in lines if line.startswith("  ")]
assert sorted(i for i, _ in items) == sorted(ids), "not every catalogue offer, once each"
# The same items, in the same order and state, as the simulator's answer in one page of 100.
one_page = json.load(open(expected))["data"]["playerOffers"]["items"]
assert items == [[o["id"], o["status"]] for o in one_page], "differs from the simulator's one page"
PY
check pager $(( status != 0 || $? != 0 ))

OFFERKIT_BASE_URL=$url OFFERKIT_ACCESS_TOKEN=not-a-token run_example pager pager-bad-token
expect_unauthorized $? pager-bad-token
check pager-bad-token $?

# ---- token provider: the simulator's /_sim/tokens stands in for the app's backend -------------
offers_of "$player" ', limit: 3' >"$work/token-provider-expected.json"
OFFERKIT_BASE_URL=$url OFFERKIT_TOKEN_URL=$url/_sim/tokens OFFERKIT_PLAYER_ID=$player run_example token_provider token-provider
status=$?
python3 - "$work/token-provider.out" "$work/token-provider-expected.json" "$url" "$player" >>"$work/token-provider.log" 2>&1 <<'PY'
import json, sys, urllib.parse
out, expected, url, player = sys.argv[1:5]
want = json.load(open(expected))["data"]["offers"]
lines = open(out).read().splitlines()
# One ask, because there was no token; the second call reused it.
assert [l for l in lines if l.startswith("asked ")] == ["asked the backend for a token (missing)"], lines
assert lines[1] == f"{len(want)} offers for {player}:", lines[1]
got = [line.split("  ")[1:3] for line in lines[2:2 + len(want)]]
assert got == [[o["id"], o["name"]] for o in want], f"printed {got}, the simulator serves {want}"
support = f"{url}/support?" + urllib.parse.urlencode({"player_id": player})
assert lines[-1] == f"support: {support}", lines[-1]
PY
check token-provider $(( status != 0 || $? != 0 ))

OFFERKIT_BASE_URL=$url OFFERKIT_TOKEN_URL=$url/_sim/no-such-backend run_example token_provider token-provider-refused
expect_unauthorized $? token-provider-refused
check token-provider-refused $?

# ---- server report: 3 days grouped by date and app = 9 rows (README: reporting endpoint) -------
OFFERKIT_REPORTING_URL=$url OFFERKIT_REPORT_API_KEY=$report_key \
  run_example server_report server-report "2025-03-01 00:00:00" "2025-03-03 23:59:59"
status=$?
python3 - "$work/server-report.out" >>"$work/server-report.log" 2>&1 <<'PY'
import sys
lines = open(sys.argv[1]).read().splitlines()
assert lines[0] == "9 rows", lines[0]
rows = [line.split("  ")[1:3] for line in lines[1:]]
want = sorted([d, a] for d in ("2025-03-01", "2025-03-02", "2025-03-03") for a in ("1001", "1002", "1003"))
assert sorted(rows) == want, rows
assert all("payout $" in line for line in lines[1:]), "payout missing"
PY
check server-report $(( status != 0 || $? != 0 ))
if grep -qF "$report_key" "$work/server-report.out" "$work/server-report.err"; then
  echo "the reporting key was printed" >>"$work/server-report-key-not-printed.log"
  check server-report-key-not-printed 1
else
  : >"$work/server-report-key-not-printed.log"
  check server-report-key-not-printed 0
fi

OFFERKIT_REPORTING_URL=$url OFFERKIT_REPORT_API_KEY=sim-report-api-key-expired \
  run_example server_report server-report-expired-key "2025-03-01 00:00:00" "2025-03-03 23:59:59"
expect_unauthorized $? server-report-expired-key
check server-report-expired-key $?

finish
