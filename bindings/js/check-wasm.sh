#!/usr/bin/env bash
# The core as the web package builds it: for wasm32-unknown-unknown, without reqwest (the host's
# `fetch` carries the bytes through the executor seam), with and without the `server` feature
# (Node backends), clippy-clean; and without tokio's timers, which compile for wasm32 but panic
# there at run time (core/src/runtime.rs takes time from the JavaScript host instead).
# Results for the harness (harness/RESULTS.md); the target comes from
# `python3 -m harness tools rust-targets`.
set -uo pipefail
cd "$(dirname "$0")/../.."
checks_suite=js-wasm-checks
source harness/lib/checks.sh

target=wasm32-unknown-unknown
core=(-p offerkit --no-default-features --target "$target")

# tokio's features as the wasm32 build resolves them: `sync` only.
tokio_features_only_sync() {
  local features
  features=$(cargo tree "${core[@]}" --features server -e features,normal -i tokio --prefix none |
    sed -nE 's/^tokio feature "([^"]+)".*/\1/p' | sort -u | tr '\n' ' ')
  echo "tokio features on $target: $features"
  [[ "$features" == "sync " ]]
}

if ! rustup target list --installed | grep -qx "$target"; then
  record wasm32-target failed "$target is not installed (python3 -m harness tools rust-targets)"
  exit 1
fi
check wasm32-build cargo build "${core[@]}"
check wasm32-clippy cargo clippy "${core[@]}" -- -D warnings
check wasm32-clippy-server cargo clippy "${core[@]}" --features server -- -D warnings
check wasm32-tokio-without-timers tokio_features_only_sync
checks_failed
