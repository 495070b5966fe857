#!/usr/bin/env bash
# The Godot addon's tests. On the host: clippy, the crate's unit tests and the debug library
# (the chroot has no Rust). Then, in Debian sid's Godot 4.6 (a cached chroot: python3 -m
# harness chroot), the GDScript suite runs headless against the simulator twice — through the
# built-in HTTP stack (suite godot-tests) and through Godot's HTTPRequest (suite
# godot-tests-httprequest, the same cases) — each ending with the engine-exit check (nothing
# leaked, no error); then the example prints offers, and the headless editor opens a project
# with the addon.
#
#   bindings/godot/test.sh        (the harness runs it as the step godot/tests)
#
# The simulator is the harness's (OFFERKIT_SIM_URL); run by hand, the script starts its own.
# First run: the chroot (~1 min) and the gdext build (~1.5 min); then ~1 min.
set -uo pipefail
cd "$(dirname "$0")/../.."
checks_suite=godot-checks
source harness/lib/checks.sh

check "offerkit-godot: clippy, no warnings" cargo clippy -q --all-targets -p offerkit-godot -- -D warnings
check "offerkit-godot unit tests" cargo test -q -p offerkit-godot --lib || exit 1
check "build offerkit-godot (debug)" cargo build -q -p offerkit-godot || exit 1
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
export OFFERKIT_GODOT_LIB="$target_dir/debug/libofferkit_godot.so"

pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done' EXIT
if [[ -z "${OFFERKIT_SIM_URL:-}" ]]; then
  cargo build -q -p offerkit-sim --bin offerkit-sim || exit 1
  sim_out=$(mktemp)
  "$target_dir/debug/offerkit-sim" --port 0 >"$sim_out" 2>&1 &
  pids+=($!)
  for _ in $(seq 600); do grep -q '^listening on ' "$sim_out" && break; sleep 0.1; done
  OFFERKIT_SIM_URL=$(sed -n 's/^listening on //p' "$sim_out")
  export OFFERKIT_SIM_URL
fi

in_chroot=(python3 -m harness chroot sid --packages godot --)
check "Godot 4.6 in the sid chroot" "${in_chroot[@]}" godot --headless --version || exit 1
suite godot-tests "${in_chroot[@]}" bindings/godot/run-tests.sh tests builtin
suite godot-tests-httprequest "${in_chroot[@]}" bindings/godot/run-tests.sh tests godot
# The example's token, fetched from the simulator (never printed).
OFFERKIT_ACCESS_TOKEN=$(python3 -c '
import json, sys, urllib.request
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
request = urllib.request.Request(sys.argv[1].split("/", 3)[0] + "//" + sys.argv[1].split("/", 3)[2] + "/_sim/tokens", data=b"{}", method="POST")
print(json.load(opener.open(request))["access_token"])' "$OFFERKIT_SIM_URL")
export OFFERKIT_ACCESS_TOKEN OFFERKIT_BASE_URL="$OFFERKIT_SIM_URL"
check "the example prints offers (Godot 4.6, headless)" "${in_chroot[@]}" bindings/godot/run-tests.sh example
check "the headless editor opens a new project with the addon and exits cleanly (Godot 4.6)" \
  "${in_chroot[@]}" bindings/godot/run-tests.sh editor
checks_failed
