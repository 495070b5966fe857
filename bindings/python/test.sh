#!/usr/bin/env bash
# The Python package's tests: the maturin wheel (the hand-written package over the generated
# module) installed into the tools venv, pytest (asyncio) against the simulator, again on uvloop's
# loop, `mypy --strict` on the package, the tests and the example, the example; pytest again
# against the shipping library.
# Results for the harness (pytest's JUnit files, harness/RESULTS.md).
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
checks_suite=python-checks
source bindings/uniffi/lib.sh

# Python: build the wheel with maturin (it runs our uniffi-bindgen), install it, test it.
echo "==> python wheel"
rm -rf "$work/wheels"
if (cd bindings/python && "$VENV/bin/maturin" build --quiet --out "$work/wheels" 2>&1 | grep -v "looks like an old-style --config") &&
  "$VENV/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps "$work"/wheels/offerkit-*.whl; then
  ok "python wheel"
  # The wheel ships exactly the committed generated module, under the package's `_native`.
  installed=$("$VENV/bin/python" -c 'import offerkit._native.offerkit as m; print(m.__file__)')
  check "wheel module is the committed one" diff -q "$installed" bindings/python/generated/offerkit.py
  # The package's hints hold for itself and for code written against it: the tests and the
  # example (the generated module is read from the installed wheel).
  check "mypy --strict (python package, tests and example)" \
    "$VENV/bin/mypy" --strict --python-version 3.10 --no-incremental bindings/python/python/offerkit \
    bindings/python/tests bindings/python/example
  echo "==> pytest"
  # -p asyncio: pytest refuses to start without pytest-asyncio, instead of skipping every async test.
  (cd bindings/python/tests && timeout 300 "$VENV/bin/python" -m pytest -q -p no:cacheprovider -p asyncio \
    --junitxml="$OFFERKIT_RESULTS_DIR/python-tests.xml" -o junit_suite_name=python-tests)
  runner python-tests $?
  # Once more on uvloop's event loop (conftest.py), which many asyncio servers run: the loop's
  # completion socket through uvloop's `add_reader`, its thread-safe calls for the rest.
  echo "==> pytest (uvloop)"
  (cd bindings/python/tests && OFFERKIT_TEST_LOOP=uvloop timeout 300 "$VENV/bin/python" -m pytest -q \
    -p no:cacheprovider -p asyncio --junitxml="$OFFERKIT_RESULTS_DIR/python-tests-uvloop.xml" \
    -o junit_suite_name=python-tests-uvloop)
  runner python-tests-uvloop $?
  echo "==> python example"
  OFFERKIT_BASE_URL="$OFFERKIT_SIM_URL" timeout 60 "$VENV/bin/python" bindings/python/example/offers.py 2>&1 | tee "$work/python-example.log"
  if grep -q "^5 offers for demo-player:" "$work/python-example.log"; then ok "python example"; else fail "python example"; fi
else
  fail "python wheel"
fi

# The same suite against the shipping library: a copy of the installed package with the
# release library beside the module, `offers` and `links` through the generated coroutines.
echo "==> release build"
if build_release; then
  if [ -n "${installed:-}" ]; then
    echo "==> pytest (release library)"
    mkdir -p "$work/release-python"
    cp -r "$(dirname "$(dirname "$installed")")" "$work/release-python/offerkit"
    cp "$release_dir/libofferkit_uniffi.so" "$work/release-python/offerkit/_native/"
    loaded=$(cd bindings/python/tests && PYTHONPATH="$work/release-python" "$VENV/bin/python" -c 'import offerkit._native.offerkit as m; print(m.__file__)')
    check "python (release library) imports the copy" test "$loaded" = "$work/release-python/offerkit/_native/offerkit.py"
    # This run takes `offers` and `links` through the generated coroutines (what Windows
    # uses) instead of the loop's completion socket, so both ways run the whole suite.
    (cd bindings/python/tests && PYTHONPATH="$work/release-python" OFFERKIT_TEST_GENERATED_COROUTINES=1 \
      timeout 300 "$VENV/bin/python" -m pytest -q -p no:cacheprovider \
      -p asyncio --junitxml="$OFFERKIT_RESULTS_DIR/python-tests-release.xml")
    runner python-tests-release $?
  fi
else
  fail "release build offerkit-uniffi"
fi
finish
