#!/usr/bin/env bash
# The package suite of the test command: builds dist/ (scripts/package.sh) and smoke-tests every
# artifact as its user installs it — each from a fresh temporary directory with nothing of the
# repository on any path, against the simulator on loopback (bindings/NAME/smoke.sh, as its binding.toml names it). Also
# lints the release workflow that builds the platforms this machine cannot link.
#
#   scripts/test-packages.sh [--no-package | --checks-only]
#
# --no-package smoke-tests the dist/ already there (the release workflow packages first);
# --checks-only runs the checks that are not packages (the harness runs the rest as steps).
# Each check is one result for the harness (harness/RESULTS.md).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
logs="$root/target/package-tests"
rm -rf "$logs"
mkdir -p "$logs"
started=$SECONDS
checks_suite=package-checks
source "$root/harness/lib/checks.sh"

# run NAME COMMAND...: one check of the suite package-checks (its output in the log).
run() {
  local name="$1" t=$SECONDS
  shift
  if "$@" >"$logs/$name.log" 2>&1; then
    printf 'ok   %-28s %4ds\n' "$name" $((SECONDS - t))
    record "$name" passed "" $((SECONDS - t))
  else
    printf 'FAIL %-28s %4ds   (log: %s)\n' "$name" $((SECONDS - t)) "${logs#"$root"/}/$name.log"
    tail -n 15 "$logs/$name.log" | sed 's/^/     | /'
    record "$name" failed "log: ${logs#"$root"/}/$name.log" $((SECONDS - t))
  fi
}

run lint-workflows scripts/lint-workflows.sh
run version-agrees scripts/version.sh --check
run check-release-lib-self-test python3 scripts/check-release-lib.py --self-test
# The harness runs the packaging and each smoke test as steps of their own (--checks-only).
if [[ "${1:-}" == --checks-only ]]; then
  checks_failed
  exit
fi
if [[ "${1:-}" != --no-package ]]; then
  run package scripts/package.sh
fi
if [[ -f dist/SHA256SUMS ]]; then
  # Every binding's smoke test, as its manifest names it (python3 -m harness packages).
  while read -r eco _folder _package smoke; do
    [[ "$smoke" == - ]] || run "smoke-$eco" "$smoke" "$root/dist"
  done < <(python3 -m harness packages)
else
  record "dist" failed "no dist/: nothing to smoke-test"
fi
echo "(took $((SECONDS - started)) s)"
checks_failed
