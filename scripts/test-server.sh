#!/usr/bin/env bash
# The server-side suite beyond the Rust tests scripts/test.sh already runs (the core with its
# `server` feature on its own, and the CLI's token/report tests):
#   1. the token broker example: clippy, unit tests, and its end-to-end test (simulator +
#      broker process + a Rust game client whose token provider calls the broker);
#   2. end to end with real processes: the offerkit-sim binary, the broker binary, and game
#      clients — the Python binding (examples/token-broker/client.py) when it is installed,
#      and a shell client (token from the broker, then the offerkit CLI) always;
#   3. the client-library secrets check (scripts/check-client-secrets.sh), after a self-test
#      showing it fails on libraries that do carry such symbols or strings.
# Its tools come from the harness (python3 -m harness tools apt venv). Every failure counts: a
# build that fails, a process that does not start, a runner that exits non-zero without saying
# which test failed. What is not run is recorded as skipped (the harness's policy decides).
# Each check is one result for the harness (harness/RESULTS.md); exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT

checks_suite=server-checks
source "$root/harness/lib/checks.sh"
ok() { :; }
fail() { record "$1" failed; echo "FAIL: $1"; }
finish() {
  checks_failed
  exit
}
# check NAME CMD... and skip NAME REASON: harness/lib/checks.sh (one result each).
indented() { sed -u 's/^/  /'; }

# 1. The broker crate.
echo "==> token broker: clippy"
check "token broker clippy" bash -c 'cargo clippy -q -p offerkit-token-broker --all-targets -- -D warnings 2>&1 | sed "s/^/  /"; exit ${PIPESTATUS[0]}'
echo "==> token broker: tests"
harness/lib/nextest.sh token-broker-tests -p offerkit-token-broker
suite_exit token-broker-tests $?

# 2. Processes: simulator, broker, clients.
echo "==> building offerkit-sim, offerkit-token-broker, offerkit-cli"
cargo build -q -p offerkit-sim -p offerkit-token-broker -p offerkit-cli 2>&1 | indented
built=${PIPESTATUS[0]}
target_dir=$(cargo metadata --format-version 1 --no-deps |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
bin="$target_dir/debug"

# Waits for a "listening on URL" line in $1 and prints the URL.
listening() {
  local line
  for _ in $(seq 1 1200); do
    line=$(grep -m1 '^listening on ' "$1" 2>/dev/null) && { echo "${line#listening on }"; return 0; }
    sleep 0.05
  done
  return 1
}

py_get() { # url [session]: JSON of GET (no session) or POST /offer-token (session); "STATUS BODY"
  python3 - "$@" <<'PY'
import json, sys, urllib.error, urllib.request
url = sys.argv[1]
if len(sys.argv) > 2:
    headers = {"Authorization": f"Bearer {sys.argv[2]}"} if sys.argv[2] else {}
    request = urllib.request.Request(url, data=b"", method="POST", headers=headers)
else:
    request = urllib.request.Request(url)
try:
    with urllib.request.urlopen(request, timeout=10) as r:
        print(r.status, r.read().decode())
except urllib.error.HTTPError as e:
    print(e.code, e.read().decode())
PY
}

if [ "$built" -ne 0 ]; then
  fail "build of offerkit-sim, offerkit-token-broker, offerkit-cli (the end-to-end checks need them)"
else
  refresh="rt-e2e-$(date +%s)-$$"
  "$bin/offerkit-sim" --port 0 --refresh-token "$refresh" >"$work/sim.log" 2>&1 &
  pids+=($!)
  sim_url=$(listening "$work/sim.log") || { fail "simulator did not start"; cat "$work/sim.log"; }

  umask 077
  printf '%s\n' "$refresh" >"$work/refresh-token"
  env -i PATH="$PATH" OFFERKIT_BASE_URL="$sim_url" OFFERKIT_REFRESH_TOKEN_FILE="$work/refresh-token" \
    BROKER_BIND=127.0.0.1:0 BROKER_LOG=trace "$bin/offerkit-token-broker" >"$work/broker.log" 2>&1 &
  pids+=($!)
  broker_url=$(listening "$work/broker.log") || { fail "broker did not start"; cat "$work/broker.log"; }
fi

if [ -n "${sim_url:-}" ] && [ -n "${broker_url:-}" ]; then
  echo "==> end to end: simulator $sim_url, broker $broker_url"
  refused=$(py_get "$broker_url/offer-token" "")
  check "broker refuses a request without a player session (401)" test "${refused%% *}" = 401

  answer=$(py_get "$broker_url/offer-token" "shell-session")
  body=${answer#* }
  keys=$(python3 -c 'import json,sys; print(",".join(sorted(json.loads(sys.argv[1]))))' "$body" 2>/dev/null)
  check "broker answers {access_token, expires_in}" test "${answer%% *} $keys" = "200 access_token,expires_in"
  token=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["access_token"])' "$body" 2>/dev/null)
  # A shell client: the access token from the broker, the offer query through the CLI.
  out=$(env -i PATH="$PATH" "$bin/offerkit" --json --base-url "$sim_url" --access-token "$token" \
    offers --player-id demo --limit 2 2>"$work/cli.err")
  count=$(python3 -c 'import json,sys; print(len(json.loads(sys.argv[1])))' "$out" 2>/dev/null)
  check "CLI queries offers with the broker's token" test "$count" = 2

  if [ -x "${VENV:-.tools/venv}/bin/python" ] &&
    "${VENV:-.tools/venv}/bin/python" -c 'import offerkit; offerkit.AccessTokenProvider; offerkit.OfferClient' 2>/dev/null; then
    echo "==> python game client (uniffi binding) with the broker as its token provider"
    env -i PATH="$PATH" OFFERKIT_BASE_URL="$sim_url" BROKER_URL="$broker_url" PLAYER_SESSION=py-session \
      timeout 60 "${VENV:-.tools/venv}/bin/python" examples/token-broker/client.py >"$work/py.log" 2>&1
    status=$?
    indented <"$work/py.log"
    check "python client gets offers through the broker" test "$status" = 0
    check "python client output has no refresh token" bash -c '! grep -qF -- "$1" "$2"' _ "$refresh" "$work/py.log"
  else
    skip "python client: the uniffi Python binding is not installed in .tools/venv (bindings/uniffi/test.sh installs it); the Rust client of step 1 covered the end-to-end test"
  fi

  stats=$(py_get "$sim_url/_sim/stats")
  exchanges=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["token"])' "${stats#* }" 2>/dev/null)
  check "one exchange served every client (cached by the broker)" test "$exchanges" = 1
  kill "${pids[@]}" 2>/dev/null
  wait 2>/dev/null
  check "broker logs (trace) never show the refresh token" bash -c '! grep -qF -- "$1" "$2" && grep -q "token broker ready" "$2"' _ "$refresh" "$work/broker.log"
fi

# 3. The secrets check: first show it catches offending libraries, then run it for real.
echo "==> secrets check self-test (fixtures that must fail)"
cat >"$work/dirty.c" <<'C'
const char *offerkit_grant = "grant_type=refresh_token&refresh_token=";
int offerkit_exchange_refresh_token(void) { return 1; }
C
cat >"$work/symbol.c" <<'C'
int offerkit_report_client_new(void) { return 2; }
C
cat >"$work/clean.c" <<'C'
const char *offerkit_name = "offers";
int offerkit_version(void) { return 1; }
C
for f in dirty symbol clean; do
  gcc -shared -fPIC -o "$work/lib$f.so" "$work/$f.c" && gcc -c -o "$work/$f.o" "$work/$f.c" &&
    ar rcs "$work/lib$f.a" "$work/$f.o" || fail "build of the secrets check fixture lib$f"
done
for lib in libdirty.so libdirty.a libsymbol.so; do
  check "secrets check rejects $lib" bash -c '! OFFERKIT_RESULTS=/dev/null scripts/check-client-secrets.sh "$1" >"$1.out" 2>&1 && grep -q "^FAIL" "$1.out"' _ "$work/$lib"
done
check "secrets check accepts a clean library" bash -c 'OFFERKIT_RESULTS=/dev/null scripts/check-client-secrets.sh "$@" >/dev/null' _ "$work/libclean.so" "$work/libclean.a"

echo "==> secrets check of the client libraries"
suite client-secrets scripts/check-client-secrets.sh

finish
