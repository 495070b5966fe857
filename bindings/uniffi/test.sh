#!/usr/bin/env bash
# The uniffi bindings' tests, installing what a fresh machine lacks (scripts/install-uniffi-tools.sh):
#   - clippy and unit tests of offerkit-uniffi and its bindgen,
#   - freshness of the committed Kotlin/Swift/Python bindings (regenerated into a temp dir, diffed),
#   - Kotlin on the JVM (JNA, kotlinx-coroutines) against the simulator on a free port: the
#     library compiled as its own module, the tests against its jar, its public surface
#     checked for uniffi names (javap) and consumer-rules.pro against the generated code,
#   - Python: the maturin wheel (the hand-written package over the generated module) installed
#     into a venv, pytest (asyncio) against the same simulator, `mypy --strict` on the tests and
#     the example,
#   - the Kotlin and Python examples,
#   - the Kotlin and Python tests again against the shipping library (`cargo build --release`:
#     LTO, size-tuned, stripped), the one apps load. About 3 min of build the first time on a
#     2-core machine, ~40 s after a change to the crate, nothing when unchanged; the runs take
#     seconds.
# Writes one result per check and test for the harness (harness/RESULTS.md: Kotlin's runner its
# own, pytest JUnit files); exit status 0 only if nothing failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

failures=()
work=$(mktemp -d)
sim_pid=""
prefixed_sim_pid=""
cleanup() {
  [ -n "$sim_pid" ] && kill "$sim_pid" 2>/dev/null
  [ -n "$prefixed_sim_pid" ] && kill "$prefixed_sim_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

checks_suite=uniffi-checks
source "$root/harness/lib/checks.sh"
fail() { failures+=("$1"); record "$1" failed "${2:-}"; echo "FAILED: $1"; }
ok() { record "$1" passed; }
finish() {
  if [ ${#failures[@]} -ne 0 ]; then echo "uniffi FAILED: ${failures[*]}"; fi
  [ ${#failures[@]} -eq 0 ]
  exit
}
# `runner SUITE STATUS`: after a test program of SUITE (it wrote its own results) exited.
runner() { [ "$2" -eq 0 ] || { failures+=("$1"); suite_exit "$1" "$2"; }; }

# KOTLIN_HOME and VENV: the harness's (python3 -m harness tools kotlin venv), else installed here.
if [ -z "${KOTLIN_HOME:-}" ] || [ -z "${VENV:-}" ]; then eval "$(scripts/install-uniffi-tools.sh)"; fi
jna=/usr/share/java/jna.jar
coroutines="$KOTLIN_HOME/lib/kotlinx-coroutines-core-jvm.jar"
stdlib="$KOTLIN_HOME/lib/kotlin-stdlib.jar"

# One debug build of each crate, each with its own -p (never unify uniffi's `cli` feature
# into the library). The library stays unstripped: uniffi-bindgen reads its metadata.
echo "==> build"
cargo build -q -p offerkit-uniffi || { fail "build offerkit-uniffi"; finish; }
cargo build -q -p offerkit-uniffi-bindgen || fail "build offerkit-uniffi-bindgen"
cargo build -q -p offerkit-sim --bin offerkit-sim || fail "build offerkit-sim"
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
lib_dir="$target_dir/debug"

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

# The simulator on a free port, shared by the Kotlin and Python runs (each test resets it), and a
# second one behind the path prefix /api (a gateway: other paths get an HTML 404), for the
# tests of a wrong base_url.
echo "==> simulator"
# `wait_listening OUT`: waits for a simulator's "listening on" line in OUT and prints its address.
wait_listening() {
  local out=$1
  for _ in $(seq 600); do
    grep -q '^listening on ' "$out" && break
    sleep 0.1
  done
  sed -n 's/^listening on //p' "$out"
}
if [ -z "${OFFERKIT_SIM_URL:-}" ] || [ -z "${OFFERKIT_SIM_PREFIXED_URL:-}" ]; then
  "$lib_dir/offerkit-sim" --port 0 > "$work/sim.out" 2>&1 &
  sim_pid=$!
  OFFERKIT_SIM_URL=$(wait_listening "$work/sim.out")
  "$lib_dir/offerkit-sim" --port 0 --path-prefix /api > "$work/sim-prefixed.out" 2>&1 &
  prefixed_sim_pid=$!
  OFFERKIT_SIM_PREFIXED_URL=$(wait_listening "$work/sim-prefixed.out")
fi
if [ -z "$OFFERKIT_SIM_URL" ] || [ -z "$OFFERKIT_SIM_PREFIXED_URL" ]; then
  fail "simulator did not start"
  cat "$work/sim.out" "$work/sim-prefixed.out"
  finish
fi
export OFFERKIT_SIM_URL OFFERKIT_SIM_PREFIXED_URL
echo "simulator at $OFFERKIT_SIM_URL, behind a path prefix at $OFFERKIT_SIM_PREFIXED_URL"

# Kotlin: the library (the committed generated code in com.offerkit.internal and the
# hand-written layer in com.offerkit) as a module of its own, then the tests and the example
# against its jar, as an app sees it: anything that reached into the generated code (internal
# to the library module) would not compile.
echo "==> kotlin"
kotlin_cp="$jna:$coroutines"
generated_kt=bindings/kotlin/src/main/kotlin/com/offerkit/internal/offerkit.kt
# Names of uniffi's plumbing, which the public surface must not show.
generated_names='FfiConverter|[Uu]niffi|RustBuffer'
# The public surface as javap shows it (public members of every class of com.offerkit and of
# the generated records and enums it re-exports), searched for the plumbing's names.
kotlin_surface() {
  local classes records listing
  classes=$(jar tf "$work/offerkit.jar" | grep -E '^com/offerkit/[^/]+\.class$' | sed 's/\.class$//; s#/#.#g')
  records=$(sed -nE 's/^(data|enum) class ([A-Za-z]+).*/com.offerkit.internal.\2/p' "$generated_kt")
  listing=$(javap -public -cp "$work/offerkit.jar" $classes $records) || return 1
  if ! grep -q 'class com.offerkit.OfferClient ' <<< "$listing"; then
    echo "javap did not list com.offerkit.OfferClient"
    return 1
  fi
  # The search does find the plumbing where it is, so finding nothing on the surface means something.
  grep -qE "$generated_names" <<<"$(javap -public -cp "$work/offerkit.jar" com.offerkit.internal.FfiConverterString)" || return 1
  if grep -E "$generated_names" <<< "$listing"; then
    echo "uniffi names on the public surface (above)"
    return 1
  fi
  echo "$(wc -l <<< "$classes") classes of com.offerkit and $(wc -l <<< "$records") re-exported records: no uniffi names"
}
if timeout 600 "$KOTLIN_HOME/bin/kotlinc-jvm" -nowarn -module-name offerkit -cp "$kotlin_cp" \
  $(find bindings/kotlin/src/main/kotlin -name '*.kt' | sort) -d "$work/offerkit.jar" 2>&1 &&
  timeout 600 "$KOTLIN_HOME/bin/kotlinc-jvm" -nowarn -module-name offerkit-tests -cp "$work/offerkit.jar:$kotlin_cp" \
    bindings/kotlin/tests/OfferkitTest.kt bindings/kotlin/example/Main.kt -d "$work/kotlin.jar" 2>&1; then
  ok "kotlin compile"
  classpath="$work/kotlin.jar:$work/offerkit.jar:$jna:$coroutines:$stdlib"
  check "kotlin public surface shows no uniffi names" kotlin_surface
  # R8 cannot run here: the rules are checked against the generated code instead.
  check "consumer-rules.pro keeps exactly what JNA reflects on" python3 bindings/kotlin/check-consumer-rules.py \
    --self-test bindings/kotlin/consumer-rules.pro "$generated_kt"
  # Under timeout: a failed test must not leave the JVM hanging on a non-daemon thread.
  OFFERKIT_SUITE=kotlin-tests timeout 300 java -Djna.library.path="$lib_dir" -cp "$classpath" offerkittest.OfferkitTestKt
  runner kotlin-tests $?
  echo "==> kotlin example"
  OFFERKIT_BASE_URL="$OFFERKIT_SIM_URL" timeout 60 java -Djna.library.path="$lib_dir" \
    -cp "$classpath" example.MainKt 2>&1 | tee "$work/kotlin-example.log"
  if grep -q "^5 offers for demo-player:" "$work/kotlin-example.log"; then ok "kotlin example"; else fail "kotlin example"; fi
else
  fail "kotlin compile"
fi

# Python: build the wheel with maturin (it runs our uniffi-bindgen), install it, test it.
echo "==> python wheel"
rm -rf "$work/wheels"
if (cd bindings/python && "$VENV/bin/maturin" build --quiet --out "$work/wheels" 2>&1 | grep -v "looks like an old-style --config") &&
  "$VENV/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps "$work"/wheels/offerkit-*.whl; then
  ok "python wheel"
  # The wheel ships exactly the committed generated module, under the package's `_native`.
  installed=$("$VENV/bin/python" -c 'import offerkit._native.offerkit as m; print(m.__file__)')
  check "wheel module is the committed one" diff -q "$installed" bindings/python/generated/offerkit.py
  # The package's hints hold for code written against it: the tests and the example.
  check "mypy --strict (python tests and example)" \
    "$VENV/bin/mypy" --strict --python-version 3.10 --no-incremental bindings/python/tests bindings/python/example
  echo "==> pytest"
  # -p asyncio: pytest refuses to start without pytest-asyncio, instead of skipping every async test.
  (cd bindings/python/tests && timeout 300 "$VENV/bin/python" -m pytest -q -p no:cacheprovider -p asyncio \
    --junitxml="$OFFERKIT_RESULTS_DIR/python-tests.xml" -o junit_suite_name=python-tests)
  runner python-tests $?
  echo "==> python example"
  OFFERKIT_BASE_URL="$OFFERKIT_SIM_URL" timeout 60 "$VENV/bin/python" bindings/python/example/offers.py 2>&1 | tee "$work/python-example.log"
  if grep -q "^5 offers for demo-player:" "$work/python-example.log"; then ok "python example"; else fail "python example"; fi
else
  fail "python wheel"
fi

# The same suites against the release library: what ships is built with other optimisation
# and LTO, and stripped; the tests must hold there too. Kotlin loads it through JNA's path;
# Python gets a copy of the installed package with the release library beside the module.
{
  echo "==> release build"
  if cargo build -q --release -p offerkit-uniffi; then
    release_dir="$target_dir/release"
    if [ -f "$work/kotlin.jar" ] && [ -n "${classpath:-}" ]; then
      echo "==> kotlin tests (release library)"
      OFFERKIT_SUITE=kotlin-tests-release timeout 300 java -Djna.library.path="$release_dir" -cp "$classpath" offerkittest.OfferkitTestKt
      runner kotlin-tests-release $?
    fi
    if [ -n "${installed:-}" ]; then
      echo "==> pytest (release library)"
      mkdir -p "$work/release-python"
      cp -r "$(dirname "$(dirname "$installed")")" "$work/release-python/offerkit"
      cp "$release_dir/libofferkit_uniffi.so" "$work/release-python/offerkit/_native/"
      loaded=$(cd bindings/python/tests && PYTHONPATH="$work/release-python" "$VENV/bin/python" -c 'import offerkit._native.offerkit as m; print(m.__file__)')
      check "python (release library) imports the copy" test "$loaded" = "$work/release-python/offerkit/_native/offerkit.py"
      (cd bindings/python/tests && PYTHONPATH="$work/release-python" timeout 300 "$VENV/bin/python" -m pytest -q -p no:cacheprovider \
        -p asyncio --junitxml="$OFFERKIT_RESULTS_DIR/python-tests-release.xml")
      runner python-tests-release $?
    fi
  else
    fail "release build offerkit-uniffi"
  fi
}
finish
