#!/usr/bin/env bash
# The tests of the C ABI (libofferkit); the C++ wrapper has its own (bindings/cpp/test.sh). From
# the repository root:
#
#   bindings/c/test.sh
#
# 1. builds offerkit-ffi (debug, with the test-hooks feature), the shipping library (release,
#    without it, the standard library rebuilt for size: scripts/lib/shipping-build.sh) and the
#    simulator; checks the release library exports no offerkit_test_* symbol;
# 2. regenerates include/offerkit.h with cbindgen 0.29.4 and fails if a byte differs;
# 3. compiles the headers as C99 and C++17 with -Wall -Wextra -Werror -pedantic (gcc, clang);
# 4. runs the C tests against the simulator binary on a free port: normally, under valgrind
#    memcheck (failing on any byte left allocated, of any leak kind), and as an AddressSanitizer + UBSan build (after checking both tools do catch a
#    deliberate leak of the library's memory) -- all three with the test hooks and --no-skips, so
#    no test can pass by not running -- and once more against the shipping release library,
#    where the tests that need the hooks are counted as skipped;
#    then the same C tests again with every config carrying the libcurl host executor
#    (OFFERKIT_TEST_EXECUTOR=curl: plain, valgrind, ASan+UBSan; tests of the built-in transport
#    itself are listed n/a, never counted), and against the lite library (built without the
#    built-in transport, checked to have none of it; release, std rebuilt for size, with the
#    hooks, so a panic is provoked in such a build) through the same executor;
# 5. runs the stress test (8 threads, random cancellations, client frees) normally, with ASan and
#    under valgrind;
# 6. builds and runs the example, and links it against the installed release library with
#    pkg-config (shared and static) and CMake's find_package (shared and static).
#
# Counts test CASES: every case of every run of a test program (the C tests count once per way
# they run), every Rust unit test, and one per other check. Ends with
# "N passed, N failed, N skipped"; exit status 0 only if nothing failed.
# Logs: target/c-tests/logs/. Environment: STRESS_REQUESTS (default 200).
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
work="$root/target/c-tests"
logs="$work/logs"
rm -rf "$work"
mkdir -p "$logs" "$work/lib" "$work/release" "$work/bin"
export RUST_BACKTRACE=0
unset OFFERKIT_SIM_URL OFFERKIT_SIM_PREFIXED_URL

# step, suite, skip, finish, start_sims and stop_sim: the counting shared with test-c-cross.sh.
source "$root/scripts/lib/suite.sh"

# ---- tools and builds -------------------------------------------------------------------------
# The tools (cbindgen 0.29.4, cmake, clang, valgrind, libcurl's headers, ...) are the harness's
# to install: scripts/test.sh --only c/tests, or `python3 -m harness tools apt cbindgen` first.
have() { command -v "$1" >/dev/null 2>&1; }

build() {
  # Two invocations, each copied at once: another build of the workspace sharing target/
  # (without the test hooks) may replace target/debug/libofferkit.* at any time. Apart, because
  # one invocation would unify features: the library would get the simulator's tokio features
  # (its signal driver keeps process-lifetime globals), which the shipping library never has.
  cargo build -p offerkit-ffi --features offerkit-ffi/test-hooks &&
    cp target/debug/libofferkit.so target/debug/libofferkit.a "$work/lib/" &&
    nm -D "$work/lib/libofferkit.so" | grep ' T offerkit_test_panic$' >/dev/null ||
    { echo "libofferkit.so lacks the test hooks (replaced by a concurrent build?)"; return 1; }
  cargo build -p offerkit-sim && cp target/debug/offerkit-sim "$work/bin/"
}
step build build || true
((failed == 0)) || { echo "the build failed: nothing else can run"; finish; }

source "$root/scripts/lib/shipping-build.sh"
shipping="$(shipping_dir "$root/target/shipping" "$shipping_host")"
release_build() {
  # The library as it ships: release profile, default features only, the standard library
  # rebuilt for size, as scripts/build-native.sh builds it (the same target directory). Copied
  # at once, for the same reason as above.
  shipping_build "$root/target/shipping" "$shipping_host" -p offerkit-ffi &&
    cp "$shipping/libofferkit.so" "$shipping/libofferkit.a" "$work/release/"
}
step build-release release_build

lite_build() {
  # The lite library: the same crate without its default `builtin-http` feature (no reqwest,
  # hyper, rustls or tokio's sockets; host executors only), built as it ships (release, the
  # standard library rebuilt for size) but with the test hooks, so that the suite below provokes
  # panics in a library whose std was built that way. Its own target directory: no build of
  # another feature set replaces its artifacts. (The shipping lite library, without the hooks,
  # is checked by scripts/check-release-lib.py when packaged.)
  shipping_build "$root/target/shipping-lite-hooks" "$shipping_host" -p offerkit-ffi \
    --no-default-features --features test-hooks &&
    mkdir -p "$work/lite" &&
    cp "$(shipping_dir "$root/target/shipping-lite-hooks" "$shipping_host")/libofferkit.so" "$work/lite/libofferkit_lite.so"
}
step build-lite lite_build
lite_has_no_builtin_transport() {
  # Nothing of the built-in transport is compiled into it (checked on the dependency graph, and
  # on the library's own answer).
  # (Whole outputs captured before grep: `grep -q` closing a pipe early would fail it under
  # pipefail.)
  local transport='^(reqwest|hyper|hyper-util|rustls|webpki-roots|mio|socket2) ' lite full symbols
  lite="$(cargo tree -p offerkit-ffi --no-default-features -e normal --prefix none)" || return 1
  full="$(cargo tree -p offerkit-ffi -e normal --prefix none)" || return 1
  if grep -E "$transport" <<<"$lite"; then echo "the lite library depends on the above"; return 1; fi
  grep -E '^reqwest ' <<<"$full" >/dev/null || { echo "the check cannot fail: the full library has no reqwest either"; return 1; }
  symbols="$(nm -D --defined-only "$work/lite/libofferkit_lite.so")" || return 1
  grep ' offerkit_has_builtin_http$' <<<"$symbols" >/dev/null
}
if [[ -f "$work/lite/libofferkit_lite.so" ]]; then
  step lite-has-no-builtin-transport lite_has_no_builtin_transport
else
  skip lite-has-no-builtin-transport "no lite build"
fi

release_has_no_test_hooks() {
  # The check must be able to fail: the hooks build does export them ...
  grep -q ' offerkit_test_' <<<"$(nm -D --defined-only "$work/lib/libofferkit.so")" || return 1
  # ... and the shipping build must not, in either library.
  local found
  found="$(nm -D --defined-only "$work/release/libofferkit.so" | grep ' offerkit_test_')"
  [[ -z "$found" ]] || { echo "the release library exports test hooks:"; echo "$found"; return 1; }
  found="$(nm --defined-only "$work/release/libofferkit.a" 2>/dev/null | grep ' T offerkit_test_')"
  [[ -z "$found" ]] || { echo "the release archive defines test hooks:"; echo "$found"; return 1; }
}
if [[ -f "$work/release/libofferkit.so" ]]; then
  step release-exports-no-test-hooks release_has_no_test_hooks
else
  skip release-exports-no-test-hooks "no release build"
fi
suite ffi-unit-tests harness/lib/nextest.sh ffi-unit-tests -p offerkit-ffi --features test-hooks --lib

no_server_secrets() {
  # The exported surface: offerkit_* only, and nothing about refresh tokens or reporting keys.
  local symbols
  symbols="$(nm -D --defined-only "$work/lib/libofferkit.so" | awk '$2 == "T" {print $3}')"
  echo "$symbols" | grep -v '^offerkit_' | grep -v '^_' && return 1
  ! echo "$symbols" | grep -Ei 'refresh|report|api_key'
}
step exported-symbols no_server_secrets

# ---- header ---------------------------------------------------------------------------------------
# cbindgen 0.29.4 is Debian sid's package: it runs in the harness's cached sid chroot (made in the
# background while Rust compiles) instead of being compiled from crates.io on every fresh machine.
# It reads ffi/src/lib.rs and the modules it declares (parse_deps = false), so it needs no cargo.
header_is_current() {
  local cbindgen=(python3 -m harness chroot sid --packages cbindgen -- cbindgen)
  grep -qx 'cbindgen 0.29.4' <<<"$("${cbindgen[@]}" --version)" || { echo "cbindgen 0.29.4 is required"; return 1; }
  "${cbindgen[@]}" --quiet --config ffi/cbindgen.toml --output "$work/offerkit.h" ffi/src/lib.rs &&
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

status_is_a_checked_enum() {
  # OfferkitStatus is a real C enum in C99 too, so compilers check switches over it: one that
  # misses a status fails with -Wswitch-enum -Werror (bindings/c/tests/test_statuses.c lists them all).
  # If the type were a plain integer, the incomplete switch would compile and this check fail.
  printf '#include "offerkit.h"\nint f(OfferkitStatus s) { switch (s) { case OFFERKIT_STATUS_OK: return 0; default: return 1; } }\nint main(void) { return f(OFFERKIT_STATUS_BUSY); }\n' >"$work/switch.c"
  local ccs=(gcc)
  have clang && ccs+=(clang)
  for cc in "${ccs[@]}"; do
    echo "$cc -std=c99 -Wswitch-enum: an incomplete switch must not compile"
    if $cc -std=c99 -Wall -Wswitch-enum -Werror -Iinclude -fsyntax-only "$work/switch.c"; then
      echo "an incomplete switch over OfferkitStatus compiled"
      return 1
    fi
  done
}
step status-is-a-checked-enum status_is_a_checked_enum

bench_programs_compile() {
  # The C benchmark programs (bench/c, run by scripts/bench.sh and BENCHMARKS.md's commands) are
  # not run here, but they must keep compiling against the header, warnings as errors.
  local f
  for f in bench/c/*.c; do
    echo "gcc -std=gnu11 -Wall -Wextra -Werror $f"
    gcc -std=gnu11 -Wall -Wextra -Werror -Iinclude -Ibindings/c/tests -fsyntax-only "$f" || return 1
  done
}
step bench-programs-compile bench_programs_compile

# ---- simulator ------------------------------------------------------------------------------------
trap stop_sim EXIT
step simulator-starts start_sims || { echo "nothing can run without the simulator"; finish; }

# ---- C tests --------------------------------------------------------------------------------------
lib=("-L$work/lib" -lofferkit -lpthread "-Wl,-rpath,$work/lib")
release_lib=("-L$work/release" -lofferkit -lpthread "-Wl,-rpath,$work/release")
cflags=(-std=gnu11 -Wall -Wextra -Werror -g -DOFFERKIT_TEST_HOOKS -Iinclude -Ibindings/c/tests)
release_cflags=(-std=gnu11 -Wall -Wextra -Werror -g -Iinclude -Ibindings/c/tests)
ctests=(bindings/c/tests/main.c bindings/c/tests/results.c bindings/c/tests/support.c bindings/c/tests/executor_mode.c bindings/c/tests/curl_executor.c bindings/c/tests/test_*.c -lcurl)
san=(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
# Every leak kind is an error (definitely, indirectly, possibly lost and still reachable): the
# programs call offerkit_shutdown before exiting, which releases everything the library
# allocated. The one suppression file names the single allocation tracing-core keeps for the
# life of the process (see there why).
vg=(valgrind --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all
  --suppressions="$root/bindings/c/tests/tracing-core.supp" --error-exitcode=3)

build_c() {
  gcc "${cflags[@]}" "${ctests[@]}" "${lib[@]}" -o "$work/bin/c_tests" &&
    gcc "${cflags[@]}" "${san[@]}" "${ctests[@]}" "${lib[@]}" -o "$work/bin/c_tests_asan" &&
    gcc "${cflags[@]}" bindings/c/tests/stress.c bindings/c/tests/results.c bindings/c/tests/support.c "${lib[@]}" -o "$work/bin/stress" &&
    gcc "${cflags[@]}" "${san[@]}" bindings/c/tests/stress.c bindings/c/tests/results.c bindings/c/tests/support.c "${lib[@]}" -o "$work/bin/stress_asan" &&
    gcc "${cflags[@]}" bindings/c/tests/leak_canary.c "${lib[@]}" -o "$work/bin/leak_canary" &&
    gcc "${cflags[@]}" "${san[@]}" bindings/c/tests/leak_canary.c "${lib[@]}" -o "$work/bin/leak_canary_asan"
}
step c-tests-build build_c

# With the hooks every test can run: --no-skips makes a skipped test a failed one.
suite c-tests-threads timeout 300 "$work/bin/c_tests" --no-skips isolated_threads
suite c-tests timeout 600 "$work/bin/c_tests" --no-skips
leak_tools_work() {
  # Both tools must flag a deliberate leak of the library's memory, or their green means nothing.
  "${vg[@]}" "$work/bin/leak_canary" && { echo "valgrind missed the leak"; return 1; }
  ASAN_OPTIONS=detect_leaks=1 "$work/bin/leak_canary_asan" && { echo "LeakSanitizer missed the leak"; return 1; }
  return 0
}
step leak-checkers-see-library-leaks leak_tools_work
suite c-tests-valgrind timeout 1200 "${vg[@]}" "$work/bin/c_tests" --no-skips
suite c-tests-asan-ubsan env ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 timeout 600 "$work/bin/c_tests_asan" --no-skips

# ---- the same C tests through a host executor (libcurl) ---------------------------------------------
# Every config the tests make gets bindings/c/tests/curl_executor.c (OFFERKIT_TEST_EXECUTOR=curl). The tests
# of the built-in transport itself assert its refusal instead, or are listed as n/a (never counted).
suite c-tests-curl env OFFERKIT_TEST_EXECUTOR=curl timeout 600 "$work/bin/c_tests" --no-skips
# That every test that passes with the built-in transport passes through curl too, or is listed
# n/a (bindings/c/tests/na/), is the harness's comparison (bindings/c/binding.toml).
# No suppression for libcurl or OpenSSL: curl_global_cleanup (executor_mode_stop) releases them.
suite c-tests-curl-valgrind env OFFERKIT_TEST_EXECUTOR=curl timeout 1200 "${vg[@]}" "$work/bin/c_tests" --no-skips
suite c-tests-curl-asan-ubsan env OFFERKIT_TEST_EXECUTOR=curl ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 \
  timeout 600 "$work/bin/c_tests_asan" --no-skips

# The shipping library: the same tests built without OFFERKIT_TEST_HOOKS. The tests that need
# the hooks cannot exist in it (they are not skips: the hooks runs above ran them, and the check
# below proves no test went missing); every other one must pass as it does above.
release_tests() {
  gcc "${release_cflags[@]}" "${ctests[@]}" "${release_lib[@]}" -o "$work/bin/c_tests_release" &&
    timeout 600 "$work/bin/c_tests_release"
}
if [[ -f "$work/release/libofferkit.so" ]]; then
  suite c-tests-release-library release_tests
else
  skip c-tests-release-library "no release build"
fi

# The lite library (no built-in transport, release, std rebuilt for size, with the hooks) runs
# the whole suite through the curl executor, the panic tests included: --no-skips.
lite_tests() {
  gcc "${cflags[@]}" "${ctests[@]}" "-L$work/lite" -l:libofferkit_lite.so -lpthread \
    "-Wl,-rpath,$work/lite" -o "$work/bin/c_tests_lite" &&
    OFFERKIT_TEST_EXECUTOR=curl OFFERKIT_TEST_LITE=1 timeout 600 "$work/bin/c_tests_lite" --no-skips
}
if [[ -f "$work/lite/libofferkit_lite.so" ]]; then
  suite c-tests-lite-library-curl lite_tests
else
  skip c-tests-lite-library-curl "no lite build"
fi

# ---- stress ---------------------------------------------------------------------------------------
suite c-stress timeout 600 "$work/bin/stress"
suite c-stress-asan-ubsan env ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 timeout 600 "$work/bin/stress_asan"
suite c-stress-valgrind env STRESS_REQUESTS="${STRESS_VALGRIND_REQUESTS:-40}" timeout 1200 "${vg[@]}" "$work/bin/stress"

# ---- example, pkg-config, CMake (against the installed shipping library) --------------------------
# sim METHOD PATH: one request to the simulator's control endpoint; prints the body.
sim() {
  if have curl; then
    curl -fsS -X "$1" "$OFFERKIT_SIM_URL$2"
  else
    python3 -c 'import sys, urllib.request as u; print(u.urlopen(u.Request(sys.argv[1] + sys.argv[2], data=b"" if sys.argv[3] == "POST" else None, method=sys.argv[3])).read().decode())' "$OFFERKIT_SIM_URL" "$2" "$1"
  fi
}
token() {
  sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p' <<<"$(sim POST /_sim/tokens)"
}
# The examples expect a well-behaved service, whatever a test run before them left switched on.
sim DELETE /_sim/faults >/dev/null && sim DELETE /_sim/mess >/dev/null
run_example() {
  local exe="$1"
  OFFERKIT_ACCESS_TOKEN="$(token)" "$exe" "$OFFERKIT_SIM_URL" demo | tee "$work/example.out" &&
    grep -q '^10 offers for demo:' "$work/example.out" &&
    grep -q '/click/' "$work/example.out"
}
example() {
  gcc -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude bindings/c/example/print_offers.c "${lib[@]}" \
    -o "$work/bin/print_offers" && run_example "$work/bin/print_offers"
}
step example-c example

prefix="$work/prefix"
pkg_config() {
  # The release library this script built (target/release, copied to $work/release).
  mkdir -p "$work/install-root/release" &&
    cp "$work/release/libofferkit.so" "$work/release/libofferkit.a" "$work/install-root/release/" &&
    CARGO_TARGET_DIR="$work/install-root" ffi/install.sh "$prefix" --no-build &&
    export PKG_CONFIG_PATH="$prefix/lib/pkgconfig" &&
    pkg-config --modversion offerkit &&
    # Shared: the usual line.
    gcc -std=c99 bindings/c/example/print_offers.c $(pkg-config --cflags --libs offerkit) \
      -Wl,-rpath,"$prefix/lib" -o "$work/bin/print_offers_pc" &&
    run_example "$work/bin/print_offers_pc" &&
    # Static: the archive itself plus the system libraries of `pkg-config --static`.
    gcc -std=c99 bindings/c/example/print_offers.c $(pkg-config --cflags offerkit) "$prefix/lib/libofferkit.a" \
      $(pkg-config --static --libs-only-l offerkit | sed 's/-lofferkit//') -o "$work/bin/print_offers_static" &&
    ! grep -q offerkit <<<"$(ldd "$work/bin/print_offers_static")" &&
    run_example "$work/bin/print_offers_static"
}
if [[ -f "$work/release/libofferkit.so" ]]; then
  step install-pkg-config pkg_config
else
  skip install-pkg-config "no release build"
fi
cmake_package() {
  for static in OFF ON; do
    local dir="$work/cmake-$static"
    cmake -S bindings/c/example -B "$dir" -DCMAKE_PREFIX_PATH="$prefix" -DOFFERKIT_STATIC=$static &&
      cmake --build "$dir" &&
      run_example "$dir/print_offers" &&
      grep -q '\$' <<<"$(OFFERKIT_ACCESS_TOKEN="$(token)" "$dir/print_offers_cpp" "$OFFERKIT_SIM_URL")" || return 1
  done
}
if ! have cmake; then
  skip cmake-find-package "cmake not installed"
elif [[ ! -f "$prefix/lib/libofferkit.so" ]]; then
  skip cmake-find-package "nothing installed"
else
  step cmake-find-package cmake_package
fi

stop_sim
finish
