#!/usr/bin/env bash
# The core as the web package builds it: for wasm32-unknown-unknown, without reqwest (the host's
# `fetch` carries the bytes through the executor seam), with and without the `server` feature
# (Node backends), clippy-clean; without tokio's timers, which compile for wasm32 but panic
# there at run time (core/src/runtime.rs takes time from the JavaScript host instead); and with
# every clock read and timer of core's library code going through that file.
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

# Clock reads and timers in core's library code go through core/src/runtime.rs: std's clocks and
# tokio's timers compile for wasm32 but panic there, so the build alone would not catch a new
# one. Test modules (a file's `#[cfg(test)]` at column 0 and below, run natively) and the
# native-only ledger are left out.
clocks_through_runtime() {
  python3 - <<'PY'
import pathlib, re, sys
bad = re.compile(r"std::time::Instant|std::time::\{[^}]*\bInstant\b|SystemTime::now|tokio::(time|spawn|task)\b|\bweb_time\b|\bgloo_timers\b")
found = []
for path in sorted(pathlib.Path("core/src").rglob("*.rs")):
    if path.as_posix() == "core/src/runtime.rs" or path.as_posix().startswith("core/src/server/ledger/"):
        continue
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("#[cfg(test)]"):
            break
        if bad.search(line):
            found.append(f"{path}:{number}: {line.strip()}")
print("\n".join(["clocks or timers outside core/src/runtime.rs:", *found]) if found else "none outside core/src/runtime.rs")
sys.exit(1 if found else 0)
PY
}

if ! grep -qx "$target" <<<"$(rustup target list --installed)"; then
  record wasm32-target failed "$target is not installed (python3 -m harness tools rust-targets)"
  exit 1
fi
check wasm32-build cargo build "${core[@]}"
check wasm32-clippy cargo clippy "${core[@]}" -- -D warnings
check wasm32-clippy-server cargo clippy "${core[@]}" --features server -- -D warnings
check wasm32-tokio-without-timers tokio_features_only_sync
check wasm32-clocks-through-runtime clocks_through_runtime
checks_failed
