# What a step's shell script uses to report its checks to the harness: each call writes one JSON
# line (harness/RESULTS.md) to $OFFERKIT_RESULTS, which the harness reads; nothing parses the
# output. Sourced, never run:
#
#   checks_suite=c-checks                  # the suite of the script's own checks (else $OFFERKIT_STEP)
#   source "$root/harness/lib/checks.sh"
#   check NAME CMD...       runs CMD: passed if it exits 0, else failed (its output stays in the log)
#   record NAME OUTCOME [DETAIL]   one case as is (passed, failed, skipped, na)
#   skip NAME REASON        a check that could not run (a failure in CI: skips fail the run)
#   suite NAME CMD...       runs a test program that writes its own results as suite NAME
#                           (OFFERKIT_SUITE=NAME); if it exits non-zero without having reported
#                           a failed case, a failed case "(exit status N)" is added for it
#   checks_failed           exit status 1 if any check of this script failed, else 0
#
# Without OFFERKIT_RESULTS (a script run by hand) the results go to a file in the temp dir, named
# on the first line the script prints.

if [[ -z "${OFFERKIT_RESULTS:-}" ]]; then
  OFFERKIT_RESULTS="$(mktemp "${TMPDIR:-/tmp}/offerkit-results.XXXXXX.jsonl")"
  export OFFERKIT_RESULTS
  echo "results: $OFFERKIT_RESULTS"
fi
checks_suite="${checks_suite:-${OFFERKIT_STEP:-checks}}"
_checks_failed=0

record() { # NAME OUTCOME [DETAIL] [SECONDS]
  [[ "$2" == failed ]] && _checks_failed=1
  python3 - "$OFFERKIT_RESULTS" "${OFFERKIT_SUITE:-$checks_suite}" "$1" "$2" "${3:-}" "${4:-0}" <<'PY'
import json, sys
path, suite, case, outcome, detail, seconds = sys.argv[1:7]
with open(path, "a", encoding="utf-8") as f:
    f.write(json.dumps({"suite": suite, "case": case, "outcome": outcome,
                        "seconds": float(seconds), "detail": detail}) + "\n")
PY
}

check() { # NAME CMD...
  local name="$1" started=$SECONDS status
  shift
  echo "==> $name"
  "$@"
  status=$?
  if ((status == 0)); then
    echo "ok   $name ($((SECONDS - started)) s)"
    record "$name" passed "" $((SECONDS - started))
  else
    echo "FAIL $name (exit status $status, $((SECONDS - started)) s)"
    record "$name" failed "exit status $status" $((SECONDS - started))
  fi
  return $status
}

skip() { # NAME REASON
  echo "skip $1 ($2)"
  record "$1" skipped "$2"
}

# suite_exit NAME STATUS [SECONDS]: after a test program of suite NAME exited with STATUS: if it
# is not 0 and the program reported no failed case, one failed case "(exit status N)" is added.
suite_exit() {
  local name="$1" status="$2" seconds="${3:-0}"
  if ((status != 0)); then
    _checks_failed=1
    if ! python3 - "$OFFERKIT_RESULTS" "$name" <<'PY'; then
import json, sys
path, suite = sys.argv[1:3]
found = False
with open(path, encoding="utf-8", errors="replace") as f:
    for line in f:
        try:
            r = json.loads(line)
        except ValueError:
            continue
        found |= r.get("suite") == suite and r.get("outcome") == "failed"
sys.exit(0 if found else 1)
PY
      OFFERKIT_SUITE="$name" record "(exit status $status)" failed "the program exited with $status without reporting a failed case (crash, hang or build failure)" "$seconds"
    fi
  fi
}

suite() { # NAME CMD...
  local name="$1" status started=$SECONDS
  shift
  echo "==> suite $name"
  OFFERKIT_SUITE="$name" "$@"
  status=$?
  suite_exit "$name" "$status" $((SECONDS - started))
  echo "     suite $name: exit status $status ($((SECONDS - started)) s)"
  return $status
}

checks_failed() { return $_checks_failed; }
