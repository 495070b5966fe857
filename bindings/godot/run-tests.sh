#!/usr/bin/env bash
# Inside the Debian sid chroot that carries Godot 4.6 (bindings/godot/test.sh enters it): makes
# a fresh Godot project from tests/ and the addon, with the library the host built, and runs it
# headless against the simulator on the host's loopback.
#
#   bindings/godot/run-tests.sh tests HTTP   the GDScript suite (tests/runner.gd): one JSON line
#                                            per case into $OFFERKIT_RESULTS, suite
#                                            $OFFERKIT_SUITE; HTTP is builtin or godot (the
#                                            HTTP stack every client of the run uses)
#   bindings/godot/run-tests.sh example      example/print_offers.gd: 5 offers printed
#   bindings/godot/run-tests.sh editor       the headless editor opens the project, which it has
#                                            never seen: it registers the extension (writes
#                                            .godot/extension_list.cfg), generates the class
#                                            reference of the addon's classes and exits 0
#
# Then the engine's exit is checked: "ObjectDB instances leaked at exit", resources still in
# use, a script error or an engine error anywhere in its output fails the run (for the suite,
# as the case "(engine exit: nothing leaked, no error)"). OFFERKIT_GODOT_LIB is the library's
# path; OFFERKIT_SIM_URL the simulator.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
action=${1:?usage: run-tests.sh tests HTTP | example | editor}
lib=${OFFERKIT_GODOT_LIB:?set OFFERKIT_GODOT_LIB to libofferkit_godot.so}

project="$(mktemp -d /tmp/offerkit-godot.XXXXXX)"
trap 'rm -rf "$project"' EXIT
# Godot's user data and caches stay in the project's directory, not in the shared chroot.
export HOME="$project/.home" XDG_DATA_HOME="$project/.home/data" XDG_CONFIG_HOME="$project/.home/config" XDG_CACHE_HOME="$project/.home/cache"
mkdir -p "$HOME" "$project/.godot" "$project/addons/offerkit/bin/linux-x86_64"
cp "$here/addons/offerkit/offerkit.gdextension" "$project/addons/offerkit/"
cp "$lib" "$project/addons/offerkit/bin/linux-x86_64/libofferkit_godot.so"
# What the editor writes when it first scans a project with an extension.
echo "res://addons/offerkit/offerkit.gdextension" >"$project/.godot/extension_list.cfg"
cp "$here/tests/project.godot" "$project/"
log="$project/godot.log"

case "$action" in
  tests)
    export OFFERKIT_GODOT_HTTP=${2:?usage: run-tests.sh tests builtin|godot}
    cp -r "$here/tests" "$project/tests"
    script=res://tests/runner.gd
    ;;
  example)
    cp -r "$here/example" "$project/example"
    script=res://example/print_offers.gd
    ;;
  editor)
    # As a user's first start of the editor: the editor writes the list itself.
    rm "$project/.godot/extension_list.cfg"
    ;;
  *) echo "usage: run-tests.sh tests HTTP | example | editor" >&2; exit 2 ;;
esac

godot --version
if [[ "$action" == editor ]]; then
  # Not --quit: Godot 4.5 and later crash when the editor quits right after it first registered a
  # GDExtension, before its deferred class-reference generation ran (godotengine/godot#111048,
  # #111645; README.md "Known problems"). 1000 frames give that generation time to finish.
  timeout 300 godot --headless --editor --quit-after 1000 --path "$project" >"$log" 2>&1
else
  timeout 900 godot --headless --verbose --path "$project" -s "$script" >"$log" 2>&1
fi
status=$?
# The run's own lines (the engine's verbose lines stay in the log; its tail is printed when the
# run fails).
grep -E '^(ok |FAIL |offerkit |Initialize godot-rust|[0-9]+ passed|[0-9]+ offers for|[0-9]{6,} )' "$log" || true

# The engine's exit: leaks and errors anywhere in its output.
# (The editor's one error about the chroot's missing CA bundle, for its asset library, is not
# the addon's.)
problems="$(grep -vE "Cannot open X509CertificateMbedTLS file|at: load \(modules/mbedtls/crypto_mbedtls.cpp" "$log" |
  grep -nE 'leaked|Resources still in use at exit|SCRIPT ERROR|Parse Error|^ERROR:|^\s+at: |Orphan StringName|crashed' || true)"
if [[ -n "$problems" ]]; then
  echo "the engine reported leaks or errors:" >&2
  echo "$problems" | head -n 40 >&2
fi
if [[ "$action" == tests && -n "${OFFERKIT_RESULTS:-}" ]]; then
  outcome=passed detail=""
  if [[ -n "$problems" ]]; then
    outcome=failed
    detail="the engine printed $(echo "$problems" | wc -l) line(s) about leaks or errors (see the step log)"
  fi
  printf '{"suite": "%s", "case": "(engine exit: nothing leaked, no error)", "outcome": "%s", "seconds": 0, "detail": "%s"}\n' \
    "${OFFERKIT_SUITE:-godot-tests}" "$outcome" "$detail" >>"$OFFERKIT_RESULTS"
fi
if ((status != 0)); then
  tail -n 60 "$log" >&2
  echo "godot exited with $status" >&2
  exit "$status"
fi
[[ -z "$problems" ]] || exit 1
if [[ "$action" == example ]]; then
  grep -q '^5 offers for demo-player:' "$log" || { echo "the example printed no offers" >&2; exit 1; }
fi
if [[ "$action" == editor ]]; then
  grep -q '^Initialize godot-rust' "$log" || { echo "the editor did not load the extension" >&2; exit 1; }
  grep -qx 'res://addons/offerkit/offerkit.gdextension' "$project/.godot/extension_list.cfg" ||
    { echo "the editor did not register the extension in .godot/extension_list.cfg" >&2; exit 1; }
fi
