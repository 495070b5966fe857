#!/usr/bin/env bash
# The uniffi crate's checks: clippy and the Rust tests of offerkit-uniffi and its bindgen, the
# committed Kotlin, Swift and Python bindings regenerated and compared, and no server API in the
# library. The Kotlin and Python suites are their bindings' own steps (bindings/kotlin/test.sh,
# bindings/python/test.sh). Results for the harness (harness/RESULTS.md); exit status 0 only if
# nothing failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
checks_suite=uniffi-checks
needs_sim=0
source bindings/uniffi/lib.sh

check "clippy offerkit-uniffi" cargo clippy -q -p offerkit-uniffi --all-targets -- -D warnings
check "clippy offerkit-uniffi-bindgen" cargo clippy -q -p offerkit-uniffi-bindgen --all-targets -- -D warnings
harness/lib/nextest.sh uniffi-rust-tests -p offerkit-uniffi -p offerkit-uniffi-bindgen
runner uniffi-rust-tests $?

check "bindings are fresh" bindings/uniffi/generate-bindings.sh --check
# Client libraries never carry the refresh-token exchange or the reporting key.
no_server_api() {
  local exported
  exported=$(nm -D --defined-only "$lib_dir/libofferkit_uniffi.so" | awk '{ print $3 }' | grep '^uniffi_offerkit_uniffi_fn_')
  [ -n "$exported" ] && ! grep -iE 'refresh|report|api_key' <<< "$exported"
}
check "no refresh-token or reporting API exported" no_server_api
finish
