#!/usr/bin/env bash
# The C++ wrapper's tests (bindings/cpp/tests/test_wrapper.cpp) against the simulator, built with
# g++, g++ -fno-exceptions and clang++, over the C ABI library with its test hooks (debug, as the
# C tests use it). Results for the harness (harness/RESULTS.md); exit status 0 only if nothing
# failed. Logs: target/cpp-tests/logs/.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
work="$root/target/cpp-tests"
logs="$work/logs"
rm -rf "$work"
mkdir -p "$logs" "$work/lib" "$work/bin"
export RUST_BACKTRACE=0

# step, suite, skip, finish and start_sims: the frame of the C test scripts.
checks_suite=cpp-checks
source "$root/scripts/lib/suite.sh"

build() {
  # Copied at once: another build sharing target/ (without the hooks) may replace it any time.
  cargo build -p offerkit-ffi --features offerkit-ffi/test-hooks &&
    cp target/debug/libofferkit.so "$work/lib/"
}
step build build || finish
trap stop_sim EXIT
step simulator-starts start_sims || finish

lib=("-L$work/lib" -lofferkit -lpthread "-Wl,-rpath,$work/lib")
cpp_tests() {
  local cxx="$1"
  shift
  gcc -std=gnu11 -g -Iinclude -c bindings/c/tests/support.c -o "$work/support-$cxx.o" &&
    gcc -std=c99 -Wall -Wextra -Werror -pedantic -g -c bindings/c/tests/results.c -o "$work/results-$cxx.o" &&
    $cxx -std=c++17 -Wall -Wextra -Werror -pedantic -g "$@" -Iinclude -Ibindings/cpp -Ibindings/c/tests \
      bindings/cpp/tests/test_wrapper.cpp "$work/support-$cxx.o" "$work/results-$cxx.o" "${lib[@]}" -o "$work/bin/cpp_tests_$cxx" &&
    timeout 300 "$work/bin/cpp_tests_$cxx"
}
suite cpp-tests-g++ cpp_tests g++
suite cpp-tests-g++-no-exceptions cpp_tests g++ -fno-exceptions
suite cpp-tests-clang++ cpp_tests clang++
stop_sim
finish
