# The counting helpers of the C test scripts (bindings/c/test.sh, bindings/c/test-cross.sh), so
# both count and print checks the same way. Sourced, never run:
#
#   root=... logs=...   # the repository root and the directory of the per-check logs
#   source "$root/scripts/lib/suite.sh"
#
# step NAME CMD...    one check, one case (ok/FAIL line, log in $logs/NAME.log);
# suite NAME CMD...   a test program ending "N passed, N failed[, N skipped]" (or cargo's
#                     "test result:" lines): its cases are counted;
# skip NAME REASON    a check that cannot run here, counted as skipped;
# finish              prints the totals ("N passed, N failed, N skipped") and exits;
# run_sim OUT ARGS... starts the simulator ($sim_bin, default $work/bin/offerkit-sim) on a free
#                     port and waits for its "listening on" line in OUT; stop_sim stops every
#                     simulator run_sim started (by process id);
# start_sims          the two simulators the C tests use: the service and one behind the path
#                     prefix /api; exports OFFERKIT_SIM_URL and OFFERKIT_SIM_PREFIXED_URL.

passed=0 failed=0 skipped=0
failures=()
script_started=$SECONDS

fail_report() {
  local name="$1" started="$2"
  printf 'FAIL %-40s %4ds   (log: %s)\n' "$name" $((SECONDS - started)) "${logs#"$root"/}/$name.log"
  tail -n 25 "$logs/$name.log" | sed 's/^/     | /'
  failures+=("$name")
}

# step NAME COMMAND...: one check, counted as one case; logs to $logs/NAME.log.
step() {
  local name="$1"
  shift
  local started=$SECONDS
  if "$@" >"$logs/$name.log" 2>&1; then
    printf 'ok   %-40s %4ds\n' "$name" $((SECONDS - started))
    passed=$((passed + 1))
  else
    fail_report "$name" "$started"
    failed=$((failed + 1))
    return 1
  fi
}

# suite NAME COMMAND...: a test program ending with "N passed, N failed[, N skipped]" (or cargo's
# "test result:" lines); its cases are counted. A crash, a hang or a missing summary is a failure.
# With NOT_APPLICABLE=1 its skipped cases are not counted as skips: they cannot exist in that
# build by design (the test hooks of a shipping library) and another run covers them.
suite() {
  local name="$1"
  shift
  local started=$SECONDS rc p f k
  "$@" >"$logs/$name.log" 2>&1
  rc=$?
  read -r p f k < <(awk '
    /^test result: / { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed;/) cp += $i; if ($(i+1) ~ /^failed;/) cf += $i; if ($(i+1) ~ /^ignored;/) ck += $i }; cargo = 1 }
    /^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$/ { lp = $1; lf = $3; lk = (NF >= 6 ? $5 : 0); line = 1 }
    END { if (cargo) print cp + 0, cf + 0, ck + 0; else if (line) print lp, lf, lk; else print "-", "-", "-" }' "$logs/$name.log")
  if [[ "$p" == "-" ]]; then
    echo "     (no summary line: crashed, hung or did not build)" >>"$logs/$name.log"
    p=0 f=1 k=0
  elif ((rc != 0 && f == 0)); then
    echo "     (exit status $rc with no failed case)" >>"$logs/$name.log"
    f=1
  fi
  local shown="$k skipped"
  if [[ "${NOT_APPLICABLE:-0}" == 1 ]]; then
    shown="$k not applicable to this build"
    k=0
  fi
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + k))
  if ((f == 0)); then
    printf 'ok   %-40s %4ds   %d passed, %s\n' "$name" $((SECONDS - started)) "$p" "$shown"
  else
    grep -E '^(FAIL|    )' "$logs/$name.log" | head -n 20 | sed 's/^/     | /'
    fail_report "$name" "$started"
  fi
}

# skip NAME REASON: a check that cannot run here, counted as skipped.
skip() {
  printf 'skip %-40s        (%s)\n' "$1" "$2"
  skipped=$((skipped + 1))
}

finish() {
  echo
  if ((${#failures[@]})); then echo "failed: ${failures[*]}"; fi
  echo "(took $((SECONDS - script_started)) s)"
  echo "$passed passed, $failed failed, $skipped skipped"
  ((failed == 0))
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
  run_sim "$work/sim.out" && run_sim "$work/sim-prefixed.out" --path-prefix /api || return 1
  OFFERKIT_SIM_URL="$(sed -n 's/^listening on //p' "$work/sim.out")"
  OFFERKIT_SIM_PREFIXED_URL="$(sed -n 's/^listening on //p' "$work/sim-prefixed.out")"
  export OFFERKIT_SIM_URL OFFERKIT_SIM_PREFIXED_URL
  echo "simulators at $OFFERKIT_SIM_URL and $OFFERKIT_SIM_PREFIXED_URL (pids ${sim_pids[*]})"
}
