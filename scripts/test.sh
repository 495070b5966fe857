#!/usr/bin/env bash
# The one test command: formatting, lints, every test suite and every example this repository
# contains, installing what a fresh Debian machine lacks. Exits non-zero if anything failed and
# ends with one line "N passed, N failed" (test counts summed over all suites).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
log_dir=$(mktemp -d)
trap 'rm -rf "$log_dir"' EXIT
failed_steps=()
passed=0
failed=0
skipped=0

step() {
  local name=$1
  shift
  echo "==> $name"
  local log="$log_dir/$(echo "$name" | tr -c 'a-zA-Z0-9' '_').log"
  if "$@" 2>&1 | tee "$log"; then
    :
  else
    failed_steps+=("$name")
  fi
  # Sum cargo's "test result:" lines and a sub-suite's closing "N passed, N failed" line.
  local counts
  counts=$(awk '
    /^test result: / { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed;/) p += $i; if ($(i+1) ~ /^failed;/) f += $i } }
    /^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed,/) lp = $i; if ($(i+1) ~ /^failed/) lf = $i } }
    END { print p + lp, f + lf }' "$log")
  passed=$((passed + ${counts% *}))
  failed=$((failed + ${counts#* }))
  skipped=$((skipped + $(grep -c '^SKIP postgres: ' "$log")))
}

command -v cargo >/dev/null || { echo "cargo is required (rustup toolchain)"; exit 1; }

# Rust crates, each built with -p so features never unify with the bindgen binary.
rust_crates=(-p offerkit -p offerkit-sim -p offerkit-cli -p offerkit-rewards)

step "format" cargo fmt --all -- --check
step "clippy" cargo clippy "${rust_crates[@]}" --all-targets -- -D warnings
step "clippy (server feature)" cargo clippy -p offerkit --all-targets --features server -- -D warnings
step "clippy (client libraries)" cargo clippy -p offerkit-ffi -p offerkit-uniffi --all-targets -- -D warnings
step "rust tests" cargo test "${rust_crates[@]}"
step "main job (README)" cargo run -q -p offerkit-cli -- offers --player-id demo --limit 3
step "soak (short)" scripts/soak.sh 20 --debug
# Each language's suite installs its own tools and ends with "N passed, N failed".
for suite in scripts/test-c.sh scripts/test-uniffi.sh scripts/test-unity.sh scripts/test-server.sh scripts/test-rewards.sh; do
  step "$suite" "$root/$suite"
done

if [ ${#failed_steps[@]} -ne 0 ]; then
  echo "FAILED steps: ${failed_steps[*]}"
  [ "$failed" -gt 0 ] || failed=${#failed_steps[@]}
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ ${#failed_steps[@]} -eq 0 ]
