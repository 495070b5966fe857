#!/usr/bin/env bash
# The package suite of the test command: builds dist/ (scripts/package.sh) and smoke-tests every
# artifact as its user installs it — each from a fresh temporary directory with nothing of the
# repository on any path, against the simulator on loopback (scripts/package/smoke-ECO.sh). Also
# lints the release workflow that builds the platforms this machine cannot link.
#
#   scripts/test-packages.sh [--no-package]
#
# --no-package smoke-tests the dist/ already there (the release workflow packages first).
# Counts every check of every smoke script; ends with "N passed, N failed, N skipped".
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
logs="$root/target/package-tests"
rm -rf "$logs"
mkdir -p "$logs"
passed=0 failed=0 skipped=0
started=$SECONDS

# run NAME COMMAND...: a script ending with "N passed, N failed[, N skipped]"; a missing summary
# or a non-zero exit with no counted failure is one failure.
run() {
  local name="$1" t=$SECONDS p f s
  shift
  "$@" >"$logs/$name.log" 2>&1
  local rc=$?
  read -r p f s < <(awk '/^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$/ { p = $1; f = $3; s = (NF >= 6 ? $5 : 0); seen = 1 }
    END { if (seen) print p, f, s; else print "-", "-", "-" }' "$logs/$name.log")
  if [[ "$p" == "-" ]]; then p=0 f=1 s=0; elif ((rc != 0 && f == 0)); then f=1; fi
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
  if ((f == 0)); then
    printf 'ok   %-28s %4ds   %d passed, %d skipped\n' "$name" $((SECONDS - t)) "$p" "$s"
  else
    printf 'FAIL %-28s %4ds   (log: %s)\n' "$name" $((SECONDS - t)) "${logs#"$root"/}/$name.log"
    grep -E '^(FAIL|skip|SKIP)' "$logs/$name.log" | head -n 20 | sed 's/^/     | /'
    tail -n 15 "$logs/$name.log" | sed 's/^/     | /'
  fi
}

package() {
  scripts/package.sh && echo "1 passed, 0 failed, 0 skipped"
}
run lint-workflows scripts/lint-workflows.sh
run version-agrees scripts/version.sh --check
run check-release-lib-self-test python3 scripts/check-release-lib.py --self-test
if [[ "${1:-}" != --no-package ]]; then
  run package package
fi
if [[ -f dist/SHA256SUMS ]]; then
  # The simulator the smoke tests serve from (a test tool, not part of any artifact).
  cargo build -q -p offerkit-sim
  for eco in c unity unreal python kotlin swift; do
    script="bindings/$eco/smoke.sh"
    [[ -f "$script" ]] || script="bindings/$eco/Tools~/smoke.sh"
    run "smoke-$eco" "$script" "$root/dist"
  done
else
  echo "FAIL no dist/: nothing to smoke-test"
  failed=$((failed + 1))
fi
echo "(took $((SECONDS - started)) s)"
echo "$passed passed, $failed failed, $skipped skipped"
((failed == 0))
