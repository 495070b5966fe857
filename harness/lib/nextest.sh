#!/usr/bin/env bash
# Runs cargo-nextest with the harness profile and leaves its JUnit file in the step's results
# directory as SUITE.xml, so the harness counts the Rust tests from it:
#   harness/lib/nextest.sh SUITE [cargo nextest run arguments...]
# Doc tests are not run by nextest: steps that have them run `cargo test --doc` as a check too.
set -uo pipefail
suite="$1"
shift
root="$(cd "$(dirname "$0")/../.." && pwd)"
target="$(cd "$root" && cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
# A JUnit file of this run's own (the profile's file, renamed per process), so two runs sharing a
# target directory never read each other's.
config="$(mktemp)"
trap 'rm -f "$config"' EXIT
sed "s/^path = \"junit.xml\"$/path = \"junit-$$.xml\"/" "$root/.config/nextest.toml" >"$config"
grep -q "junit-$$.xml" "$config" || { echo "nextest.sh: no junit path in .config/nextest.toml" >&2; exit 1; }
junit="$target/nextest/harness/junit-$$.xml"
rm -f "$junit"
cargo nextest run --config-file "$config" --profile harness --no-fail-fast "$@"
status=$?
if [[ -f "$junit" && -n "${OFFERKIT_RESULTS_DIR:-}" ]]; then
  # nextest names the JUnit suites after the test binaries; the file's name is the harness's suite.
  cp "$junit" "$OFFERKIT_RESULTS_DIR/$suite.xml"
fi
rm -f "$junit"
exit $status
