# The counting helpers of the C test scripts (bindings/c/test.sh, bindings/c/test-cross.sh), so
# both count and print checks the same way. Sourced, never run:
#
#   root=... logs=...   # the repository root and the directory of the per-check logs
#   source "$root/scripts/lib/suite.sh"
#
# step NAME CMD...    one check, one case (ok/FAIL line, log in $(log_of NAME));
# suite NAME CMD...   a test program that writes its own results (harness/RESULTS.md) as NAME;
# skip NAME REASON    a check that cannot run here, recorded as skipped;
# finish              exits, non-zero if anything failed.
# Results go to $OFFERKIT_RESULTS through harness/lib/checks.sh; the harness counts them.
# run_sim OUT ARGS... starts the simulator ($sim_bin, default $work/bin/offerkit-sim) on a free
#                     port and waits for its "listening on" line in OUT; stop_sim stops every
#                     simulator run_sim started (by process id);
# start_sims          the two simulators the C tests use: the service and one behind the path
#                     prefix /api (the harness's, when it started them); exports
#                     OFFERKIT_SIM_URL and OFFERKIT_SIM_PREFIXED_URL.

passed=0 failed=0 skipped=0
failures=()
script_started=$SECONDS
checks_suite="${checks_suite:-c-checks}"
source "$root/harness/lib/checks.sh"

# log_of NAME: the log file of a check or suite (its name with anything but letters, digits, '.',
# '_' and '-' replaced, so a name may say anything).
log_of() { echo "$logs/$(tr -c 'a-zA-Z0-9._\n-' '-' <<<"$1").log"; }

fail_report() {
  local name="$1" started="$2"
  printf 'FAIL %-40s %4ds   (log: %s)\n' "$name" $((SECONDS - started)) "$(log_of "$name" | sed "s#^$root/##")"
  tail -n 25 "$(log_of "$name")" | sed 's/^/     | /'
  failures+=("$name")
}

# step NAME COMMAND...: one check, one case of the script's own suite; logs to $(log_of NAME).
step() {
  local name="$1"
  shift
  local started=$SECONDS
  if "$@" >"$(log_of "$name")" 2>&1; then
    printf 'ok   %-40s %4ds\n' "$name" $((SECONDS - started))
    record "$name" passed "" $((SECONDS - started))
    passed=$((passed + 1))
  else
    fail_report "$name" "$started"
    record "$name" failed "log: $(log_of "$name" | sed "s#^$root/##")" $((SECONDS - started))
    failed=$((failed + 1))
    return 1
  fi
}

# suite NAME COMMAND...: a test program that writes its own results as suite NAME
# (OFFERKIT_SUITE, harness/RESULTS.md). A non-zero exit without a failed case it reported (a
# crash, a hang, a build failure) is recorded as a failed case of the suite.
suite() {
  local name="$1"
  shift
  local started=$SECONDS rc
  OFFERKIT_SUITE="$name" "$@" >"$(log_of "$name")" 2>&1
  rc=$?
  if ((rc == 0)); then
    printf 'ok   %-40s %4ds\n' "$name" $((SECONDS - started))
  else
    failed=$((failed + 1))
    grep -E '^(FAIL|    )' "$(log_of "$name")" | head -n 20 | sed 's/^/     | /'
    fail_report "$name" "$started"
    suite_exit "$name" "$rc" $((SECONDS - started))
  fi
}

# skip NAME REASON: a check that cannot run here (a failure in CI, where skips fail the run).
skip() {
  printf 'skip %-40s        (%s)\n' "$1" "$2"
  record "$1" skipped "$2"
  skipped=$((skipped + 1))
}

finish() {
  echo
  if ((${#failures[@]})); then echo "failed: ${failures[*]}"; fi
  echo "(took $((SECONDS - script_started)) s)"
  ((failed == 0)) && checks_failed # checks_failed: any case recorded failed (harness/lib/checks.sh)
  exit
}

sim_pids=()
stop_sim() {
  local pid
  for pid in "${sim_pids[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; done
  sim_pids=()
}
# run_sim OUT ARGS...: starts a simulator, waits for its "listening on" line in OUT.
run_sim() {
  local out="$1"
  shift
  "${sim_bin:-$work/bin/offerkit-sim}" --port 0 "$@" >"$out" 2>>"$logs/simulator.log" &
  sim_pids+=($!)
  for _ in $(seq 1 600); do
    grep -q '^listening on ' "$out" && return 0
    sleep 0.1
  done
  return 1
}
start_sims() {
  if [[ -n "${OFFERKIT_SIM_URL:-}" && -n "${OFFERKIT_SIM_PREFIXED_URL:-}" ]]; then
    echo "simulators at $OFFERKIT_SIM_URL and $OFFERKIT_SIM_PREFIXED_URL (the harness's)"
    return 0
  fi
  run_sim "$work/sim.out" && run_sim "$work/sim-prefixed.out" --path-prefix /api || return 1
  OFFERKIT_SIM_URL="$(sed -n 's/^listening on //p' "$work/sim.out")"
  OFFERKIT_SIM_PREFIXED_URL="$(sed -n 's/^listening on //p' "$work/sim-prefixed.out")"
  export OFFERKIT_SIM_URL OFFERKIT_SIM_PREFIXED_URL
  echo "simulators at $OFFERKIT_SIM_URL and $OFFERKIT_SIM_PREFIXED_URL (pids ${sim_pids[*]})"
}
