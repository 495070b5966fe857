#!/usr/bin/env bash
# The tests of the C ABI (libofferkit) and its C++ wrapper. From the repository root:
#
#   scripts/test-c.sh
#
# 1. builds offerkit-ffi (debug, with the test-hooks feature) and the simulator;
# 2. regenerates include/offerkit.h with cbindgen 0.29.4 and fails if a byte differs;
# 3. compiles the headers as C99 and C++17 with -Wall -Wextra -Werror -pedantic (gcc, clang);
# 4. runs the C tests against the simulator binary on a free port: normally, under valgrind
#    memcheck, and as an AddressSanitizer + UBSan build (after checking both tools do catch a
#    deliberate leak of the library's memory);
# 5. runs the stress test (8 threads, random cancellations, client frees) normally, with ASan and
#    under valgrind;
# 6. runs the C++ wrapper tests (g++, g++ -fno-exceptions, clang++ when installed);
# 7. builds and runs the example, and links it through an install prefix with pkg-config (shared
#    and static) and CMake's find_package (shared and static).
#
# Ends with "N passed, N failed" over those steps; exit status 0 only if all passed.
# Logs: target/c-tests/logs/. Environment: STRESS_REQUESTS (default 200), SKIP_TOOL_INSTALL=1.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
work="$root/target/c-tests"
logs="$work/logs"
rm -rf "$work"
mkdir -p "$logs" "$work/lib" "$work/bin"
export RUST_BACKTRACE=0
unset OFFERKIT_SIM_URL

passed=0 failed=0 skipped=0
failures=()
# step NAME COMMAND...: runs a step, logging to $logs/NAME.log.
step() {
  local name="$1"
  shift
  local started=$SECONDS
  if "$@" >"$logs/$name.log" 2>&1; then
    printf 'ok   %-34s %4ds\n' "$name" $((SECONDS - started))
    passed=$((passed + 1))
  else
    printf 'FAIL %-34s %4ds   (log: %s)\n' "$name" $((SECONDS - started)) "${logs#$root/}/$name.log"
    tail -n 25 "$logs/$name.log" | sed 's/^/     | /'
    failed=$((failed + 1))
    failures+=("$name")
  fi
}
skip() {
  printf 'skip %-34s        (%s)\n' "$1" "$2"
  skipped=$((skipped + 1))
}

# ---- tools and builds -------------------------------------------------------------------------
[[ "${SKIP_TOOL_INSTALL:-0}" == 1 ]] || scripts/install-c-tools.sh
have() { command -v "$1" >/dev/null 2>&1; }

build() {
  # One invocation, then private copies at once: another build of the workspace sharing target/
  # (without the test hooks) may replace target/debug/libofferkit.* at any time.
  cargo build -p offerkit-ffi -p offerkit-sim --features offerkit-ffi/test-hooks &&
    cp target/debug/libofferkit.so target/debug/libofferkit.a "$work/lib/" &&
    cp target/debug/offerkit-sim "$work/bin/" &&
    nm -D "$work/lib/libofferkit.so" | grep ' T offerkit_test_panic$' >/dev/null ||
    { echo "libofferkit.so lacks the test hooks (replaced by a concurrent build?)"; return 1; }
}
step build build || { echo "the build failed: nothing else can run"; echo "0 passed, 1 failed"; exit 1; }
step rust-unit-tests cargo test -p offerkit-ffi --features test-hooks --lib

no_server_secrets() {
  # The exported surface: offerkit_* only, and nothing about refresh tokens or reporting keys.
  local symbols
  symbols="$(nm -D --defined-only "$work/lib/libofferkit.so" | awk '$2 == "T" {print $3}')"
  echo "$symbols" | grep -v '^offerkit_' | grep -v '^_' && return 1
  ! echo "$symbols" | grep -Ei 'refresh|report|api_key'
}
step exported-symbols no_server_secrets

# ---- header ---------------------------------------------------------------------------------------
header_is_current() {
  cbindgen --version | grep -qx 'cbindgen 0.29.4' || { echo "cbindgen 0.29.4 is required"; return 1; }
  cbindgen --quiet --config ffi/cbindgen.toml --crate offerkit-ffi --output "$work/offerkit.h" ffi &&
    diff -u include/offerkit.h "$work/offerkit.h"
}
step header-regenerates-identically header_is_current

header_compiles() {
  printf '#include "offerkit.h"\nint main(void) { return OFFERKIT_STATUS_OK; }\n' >"$work/h.c"
  printf '#include "offerkit.h"\n#include "offerkit.hpp"\nint main() { return 0; }\n' >"$work/h.cpp"
  local ccs=(gcc) cxxs=(g++)
  have clang && ccs+=(clang)
  have clang++ && cxxs+=(clang++)
  for cc in "${ccs[@]}"; do
    for hooks in "" -DOFFERKIT_TEST_HOOKS; do
      echo "$cc -std=c99 $hooks"
      $cc -std=c99 -Wall -Wextra -Werror -pedantic $hooks -Iinclude -fsyntax-only "$work/h.c" || return 1
    done
  done
  for cxx in "${cxxs[@]}"; do
    for extra in "" -fno-exceptions; do
      echo "$cxx -std=c++17 $extra"
      $cxx -std=c++17 -Wall -Wextra -Werror -pedantic $extra -Iinclude -Ibindings/cpp \
        -fsyntax-only "$work/h.cpp" || return 1
    done
  done
}
step header-compiles-c99-cxx17 header_compiles

# ---- simulator ------------------------------------------------------------------------------------
sim_pid=""
stop_sim() { [[ -n "$sim_pid" ]] && kill "$sim_pid" 2>/dev/null && wait "$sim_pid" 2>/dev/null; sim_pid=""; }
trap stop_sim EXIT
start_sim() {
  "$work/bin/offerkit-sim" --port 0 >"$work/sim.out" 2>"$logs/simulator.log" &
  sim_pid=$!
  for _ in $(seq 1 600); do
    if grep -q '^listening on ' "$work/sim.out"; then
      OFFERKIT_SIM_URL="$(sed -n 's/^listening on //p' "$work/sim.out")"
      export OFFERKIT_SIM_URL
      echo "simulator at $OFFERKIT_SIM_URL (pid $sim_pid)"
      return 0
    fi
    sleep 0.1
  done
  return 1
}
step simulator-starts start_sim || { echo "$passed passed, $((failed + 1)) failed"; exit 1; }

# ---- C tests --------------------------------------------------------------------------------------
lib=("-L$work/lib" -lofferkit -lpthread "-Wl,-rpath,$work/lib")
cflags=(-std=gnu11 -Wall -Wextra -Werror -g -DOFFERKIT_TEST_HOOKS -Iinclude -Itests/c)
ctests=(tests/c/main.c tests/c/support.c tests/c/test_*.c)
san=(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
vg=(valgrind --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=3)

build_c() {
  gcc "${cflags[@]}" "${ctests[@]}" "${lib[@]}" -o "$work/bin/c_tests" &&
    gcc "${cflags[@]}" "${san[@]}" "${ctests[@]}" "${lib[@]}" -o "$work/bin/c_tests_asan" &&
    gcc "${cflags[@]}" tests/c/stress.c tests/c/support.c "${lib[@]}" -o "$work/bin/stress" &&
    gcc "${cflags[@]}" "${san[@]}" tests/c/stress.c tests/c/support.c "${lib[@]}" -o "$work/bin/stress_asan" &&
    gcc "${cflags[@]}" tests/c/leak_canary.c "${lib[@]}" -o "$work/bin/leak_canary" &&
    gcc "${cflags[@]}" "${san[@]}" tests/c/leak_canary.c "${lib[@]}" -o "$work/bin/leak_canary_asan"
}
step c-tests-build build_c

step c-tests-threads timeout 300 "$work/bin/c_tests" isolated_threads
step c-tests timeout 600 "$work/bin/c_tests"
leak_tools_work() {
  # Both tools must flag a deliberate leak of the library's memory, or their green means nothing.
  "${vg[@]}" "$work/bin/leak_canary" && { echo "valgrind missed the leak"; return 1; }
  ASAN_OPTIONS=detect_leaks=1 "$work/bin/leak_canary_asan" && { echo "LeakSanitizer missed the leak"; return 1; }
  return 0
}
step leak-checkers-see-library-leaks leak_tools_work
step c-tests-valgrind timeout 1200 "${vg[@]}" "$work/bin/c_tests"
step c-tests-asan-ubsan env ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 timeout 600 "$work/bin/c_tests_asan"

# ---- stress ---------------------------------------------------------------------------------------
step stress timeout 600 "$work/bin/stress"
step stress-asan-ubsan env ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 timeout 600 "$work/bin/stress_asan"
step stress-valgrind env STRESS_REQUESTS="${STRESS_VALGRIND_REQUESTS:-40}" timeout 1200 "${vg[@]}" "$work/bin/stress"

# ---- C++ wrapper ----------------------------------------------------------------------------------
cpp_tests() {
  local cxx="$1"
  shift
  gcc -std=gnu11 -g -Iinclude -c tests/c/support.c -o "$work/support-$cxx.o" &&
    $cxx -std=c++17 -Wall -Wextra -Werror -pedantic -g "$@" -Iinclude -Ibindings/cpp -Itests/c \
      tests/cpp/test_wrapper.cpp "$work/support-$cxx.o" "${lib[@]}" -o "$work/bin/cpp_tests_$cxx" &&
    timeout 300 "$work/bin/cpp_tests_$cxx"
}
step cpp-tests-g++ cpp_tests g++
step cpp-tests-g++-no-exceptions cpp_tests g++ -fno-exceptions
if have clang++; then step cpp-tests-clang++ cpp_tests clang++; else skip cpp-tests-clang++ "clang++ not installed"; fi

# ---- example, pkg-config, CMake -------------------------------------------------------------------
token() {
  local body
  if have curl; then
    body="$(curl -fsS -X POST "$OFFERKIT_SIM_URL/_sim/tokens")"
  else
    body="$(python3 -c 'import sys, urllib.request as u; print(u.urlopen(u.Request(sys.argv[1] + "/_sim/tokens", data=b"", method="POST")).read().decode())' "$OFFERKIT_SIM_URL")"
  fi
  sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p' <<<"$body"
}
run_example() {
  local exe="$1"
  OFFERKIT_ACCESS_TOKEN="$(token)" "$exe" "$OFFERKIT_SIM_URL" demo | tee "$work/example.out" &&
    grep -q '^10 offers for demo:' "$work/example.out" &&
    grep -q '/click/' "$work/example.out"
}
example() {
  gcc -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude examples/c/print_offers.c "${lib[@]}" \
    -o "$work/bin/print_offers" && run_example "$work/bin/print_offers"
}
step example-c example

prefix="$work/prefix"
pkg_config() {
  ffi/install.sh "$prefix" --debug --no-build &&
    export PKG_CONFIG_PATH="$prefix/lib/pkgconfig" &&
    pkg-config --modversion offerkit &&
    # Shared: the usual line.
    gcc -std=c99 examples/c/print_offers.c $(pkg-config --cflags --libs offerkit) \
      -Wl,-rpath,"$prefix/lib" -o "$work/bin/print_offers_pc" &&
    run_example "$work/bin/print_offers_pc" &&
    # Static: the archive itself plus the system libraries of `pkg-config --static`.
    gcc -std=c99 examples/c/print_offers.c $(pkg-config --cflags offerkit) "$prefix/lib/libofferkit.a" \
      $(pkg-config --static --libs-only-l offerkit | sed 's/-lofferkit//') -o "$work/bin/print_offers_static" &&
    ! ldd "$work/bin/print_offers_static" | grep -q offerkit &&
    run_example "$work/bin/print_offers_static"
}
step install-pkg-config pkg_config
cmake_package() {
  for static in OFF ON; do
    local dir="$work/cmake-$static"
    cmake -S examples/c -B "$dir" -DCMAKE_PREFIX_PATH="$prefix" -DOFFERKIT_STATIC=$static &&
      cmake --build "$dir" &&
      run_example "$dir/print_offers" &&
      OFFERKIT_ACCESS_TOKEN="$(token)" "$dir/print_offers_cpp" "$OFFERKIT_SIM_URL" | grep -q '\$' || return 1
  done
}
if have cmake; then step cmake-find-package cmake_package; else skip cmake-find-package "cmake not installed"; fi

stop_sim
echo
if ((failed)); then echo "failed steps: ${failures[*]}"; fi
echo "C ABI: $passed passed, $failed failed, $skipped skipped"
echo "$passed passed, $failed failed"
((failed == 0))
