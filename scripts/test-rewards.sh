#!/usr/bin/env bash
# The rewards suite: the parts of the ledger and receiver tests that need PostgreSQL, run
# against a real server. `cargo test` in scripts/test.sh already runs every rewards test on
# SQLite and prints "SKIP postgres: …" for the PostgreSQL halves; here they run for real:
#   1. a throw-away PostgreSQL (Debian's package, installed when missing) on 127.0.0.1, a
#      free port, its files in a temp dir, stopped by its process id at the end;
#   2. the ledger tests (core/tests/ledger.rs) and the receiver process tests
#      (cli/tests/rewards.rs: two receivers sharing one PostgreSQL, storage failure) with
#      OFFERKIT_TEST_POSTGRES_URL set.
# Never skips PostgreSQL: if it cannot start, or a test still reports a skip, that is a
# failure. Costs about 10 s after the workspace's test build (plus ~30 s for apt on a fresh
# machine). Last line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
source scripts/postgres.sh
cleanup() {
  pg_stop
  rm -rf "$work"
}
trap cleanup EXIT

passed=0
failed=0
fail() { failed=$((failed + $1)); echo "FAIL: $2"; }
indented() { sed -u 's/^/  /'; }

command -v python3 >/dev/null || { apt-get update -qq >/dev/null && apt-get install -y -qq python3 >/dev/null; }

echo "==> PostgreSQL (throw-away cluster on loopback)"
if ! pg_start >"$work/pg.log" 2>&1; then
  indented <"$work/pg.log"
  fail 1 "PostgreSQL did not start"
  echo "$passed passed, $failed failed"
  exit 1
fi
echo "  $PG_URL (pid $PG_PID)"
export OFFERKIT_TEST_POSTGRES_URL="$PG_URL"

# The same packages as scripts/test.sh's "rust tests" step, so the build is reused.
echo "==> ledger and receiver tests against PostgreSQL"
cargo test -p offerkit -p offerkit-sim -p offerkit-cli -p offerkit-rewards \
  --test ledger --test rewards >"$work/tests.log" 2>&1
status=$?
indented <"$work/tests.log"
counts=$(awk '/^test result: / { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed;/) p += $i; if ($(i+1) ~ /^failed;/) f += $i } } END { print p + 0, f + 0 }' "$work/tests.log")
passed=$((passed + ${counts% *}))
failed=$((failed + ${counts#* }))
if [ "$status" -ne 0 ] && [ "${counts#* }" -eq 0 ]; then fail 1 "the tests did not run"; fi
skips=$(grep -c '^SKIP postgres' "$work/tests.log")
[ "$skips" -eq 0 ] || fail "$skips" "tests skipped PostgreSQL although it runs"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
