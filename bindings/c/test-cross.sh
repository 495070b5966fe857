#!/usr/bin/env bash
# The C tests of libofferkit (bindings/c/tests) on the two platforms this Linux x86_64 machine builds but
# cannot run natively: the Windows x64 DLL under Wine and the Linux arm64 library under
# qemu-aarch64 (the arm64 code paths Android and Apple silicon devices run), both talking to the
# simulator (an x86_64 binary) on loopback. From the repository root:
#
#   bindings/c/test-cross.sh
#
# 1. builds offerkit-ffi with the test hooks for x86_64-pc-windows-gnu and
#    aarch64-unknown-linux-gnu (debug, in target/cross-hooks, so no other build is replaced),
#    the simulator (target/debug), and the C tests with x86_64-w64-mingw32-gcc and
#    aarch64-linux-gnu-gcc (-DOFFERKIT_TEST_HOOKS; -DOFFERKIT_TEST_NO_CURL: no libcurl for these
#    targets here, so the tests' libcurl executor is left out);
# 2. runs them with --no-skips (a skipped test is a failed one): under Wine 8 (a private
#    WINEPREFIX in target/cross-wine, WINEDEBUG=-all, the DLL beside the .exe with the test-only
#    bcryptprimitives.dll of bindings/c/tests/wine/, which Wine 8 lacks) and under
#    `qemu-aarch64 -L /usr/aarch64-linux-gnu`;
# 3. checks, per platform, that every test of bindings/c/tests/tests.def (all of which pass natively with
#    the hooks, bindings/c/test.sh) passed or is listed n/a with its reason;
# 4. runs the same tests against the SHIPPING release libraries of
#    ${OFFERKIT_NATIVE_DIR:-target/native}/PLATFORM (scripts/build-native.sh builds target/native's
#    each time: cargo rebuilds what changed) without the hooks, on both platforms: the tests that need the hooks are not
#    applicable there (not skips), and a check proves no other test went missing; and checks
#    those libraries export no offerkit_test_* symbol.
#
# Not run here: the lite library (libofferkit_lite, no built-in transport). Its suite runs
# through the libcurl executor, and there is no libcurl for mingw or arm64 on this machine; the
# script lists it as n/a (never counted). bindings/c/test.sh runs it on Linux x86_64.
#
# Counts test cases the way bindings/c/test.sh does (scripts/lib/suite.sh); ends with
# "N passed, N failed, N skipped"; exit status 0 only if nothing failed.
# Logs: target/c-cross/logs/. Environment: OFFERKIT_NATIVE_DIR.
# Cost on a 2-core machine (measured): about 1 minute when the builds are fresh (each suite run
# 10 to 16 s); from a cold target/cross-hooks the two hooks builds add 168 s on a quiet machine,
# 343 s with other builds sharing it (3.5 min of CPU); without target/native, building the
# shipping libraries adds 245 s (Windows) and 145 s (arm64). See ffi/README.md, "Tested platforms".
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
work="$root/target/c-cross"
logs="$work/logs"
rm -rf "$work"
mkdir -p "$logs" "$work/bin" "$work/windows" "$work/windows-release" "$work/arm64" "$work/arm64-release"
export RUST_BACKTRACE=0 CARGO_INCREMENTAL=0
unset OFFERKIT_SIM_URL OFFERKIT_SIM_PREFIXED_URL

# step, suite, skip, finish, start_sims and stop_sim: the counting shared with test-c.sh.
checks_suite=c-cross-checks
source "$root/scripts/lib/suite.sh"

native="${OFFERKIT_NATIVE_DIR:-$root/target/native}"
hooks_target="$root/target/cross-hooks"
wineprefix="$root/target/cross-wine"
win=x86_64-pc-windows-gnu
arm=aarch64-unknown-linux-gnu

# ---- tools -----------------------------------------------------------------------------------------
have() { command -v "$1" >/dev/null 2>&1; }
wine_bin() {
  if [[ -x /usr/lib/wine/wine64 ]]; then echo /usr/lib/wine/wine64
  elif have wine64; then command -v wine64
  else command -v wine; fi
}
# The cross toolchains, Wine, qemu-user and the Rust targets are the harness's to install
# (python3 -m harness tools apt rust-targets); this checks they are all there.
cross_tools_present() {
  local missing=() tool installed
  for tool in x86_64-w64-mingw32-gcc aarch64-linux-gnu-gcc qemu-aarch64 x86_64-w64-mingw32-objdump; do
    have "$tool" || missing+=("$tool")
  done
  [[ -n "$(wine_bin)" ]] || missing+=(wine64)
  installed="$(rustup target list --installed)" || return 1
  for target in "$win" "$arm"; do
    grep -qx "$target" <<<"$installed" || missing+=("rust target $target")
  done
  ((${#missing[@]} == 0)) || { echo "missing: ${missing[*]} (python3 -m harness tools apt rust-targets)"; return 1; }
}
step cross-tools cross_tools_present || { echo "the cross toolchains are missing: nothing else can run"; finish; }
wine="$(wine_bin)"

# ---- builds ----------------------------------------------------------------------------------------
build_sim() {
  cargo build -p offerkit-sim && cp target/debug/offerkit-sim "$work/bin/"
}
step build-simulator build_sim || { echo "nothing can run without the simulator"; finish; }

# The library with the test hooks, in a target directory of its own: no other build replaces it,
# and it replaces no shipping library. Debug: the fastest overall (build and run together).
build_windows_hooks() {
  CC_x86_64_pc_windows_gnu=x86_64-w64-mingw32-gcc CARGO_TARGET_DIR="$hooks_target" \
    cargo build -p offerkit-ffi --features offerkit-ffi/test-hooks --target "$win" &&
    cp "$hooks_target/$win/debug/offerkit.dll" "$hooks_target/$win/debug/libofferkit.dll.a" "$work/windows/"
}
build_arm64_hooks() {
  CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc CARGO_TARGET_DIR="$hooks_target" \
    CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc \
    cargo build -p offerkit-ffi --features offerkit-ffi/test-hooks --target "$arm" &&
    cp "$hooks_target/$arm/debug/libofferkit.so" "$work/arm64/"
}
step build-windows-hooks build_windows_hooks
step build-arm64-hooks build_arm64_hooks

# The shipping libraries (release, no hooks), as scripts/build-native.sh makes them: from
# OFFERKIT_NATIVE_DIR when it is set (a release's own), else built now into target/native — every
# time, since a library left there by an earlier run is of an earlier commit (cargo rebuilds only
# what changed; packages/build then finds them fresh).
shipping_dir() { # PLATFORM FILE: the directory holding FILE of PLATFORM's shipping build
  local dir
  for dir in "$native/$1" "$root/target/native/$1"; do
    [[ -f "$dir/$2" ]] && { echo "$dir"; return 0; }
  done
  return 1
}
build_native() {
  scripts/build-native.sh "$1" --skip-install
}
# Per platform of the tests: the build-native.sh platform, the library, the files the tests link
# with, and the directory of the shipping build ("" when there is none).
declare -A native_platform=([windows]=windows-x86_64 [arm64]=linux-aarch64)
declare -A library=([windows]=offerkit.dll [arm64]=libofferkit.so)
declare -A link_files=([windows]="offerkit.dll libofferkit.dll.a" [arm64]=libofferkit.so)
declare -A shipping=()
for platform in windows arm64; do
  if [[ -z "${OFFERKIT_NATIVE_DIR:-}" ]] ||
    ! shipping_dir "${native_platform[$platform]}" "${library[$platform]}" >/dev/null; then
    step "build-native-${native_platform[$platform]}" build_native "${native_platform[$platform]}"
  fi
  shipping[$platform]="$(shipping_dir "${native_platform[$platform]}" "${library[$platform]}")" || shipping[$platform]=""
done

# The test-only stand-in for the bcryptprimitives.dll Wine 8 lacks (see bindings/c/tests/wine/).
build_shim() {
  x86_64-w64-mingw32-gcc -Wall -Wextra -Werror -O2 -shared -o "$work/bcryptprimitives.dll" \
    bindings/c/tests/wine/bcryptprimitives.c bindings/c/tests/wine/bcryptprimitives.def -ladvapi32 &&
    x86_64-w64-mingw32-objdump -p "$work/bcryptprimitives.dll" >"$work/bcryptprimitives.txt" &&
    grep -q '\] ProcessPrng$' "$work/bcryptprimitives.txt"
}
step build-wine-bcryptprimitives-shim build_shim

ctests=(bindings/c/tests/main.c bindings/c/tests/results.c bindings/c/tests/support.c bindings/c/tests/executor_mode.c bindings/c/tests/test_*.c)
cflags=(-std=gnu11 -Wall -Wextra -Werror -g -Iinclude -Ibindings/c/tests -DOFFERKIT_TEST_NO_CURL)
# mingw: C99 printf formats (%zu, %lld) instead of msvcrt's; winpthreads linked statically, so
# the programs need only offerkit.dll and system DLLs.
win_cflags=("${cflags[@]}" -D__USE_MINGW_ANSI_STDIO=1)
win_libs=(-static -lpthread -lws2_32)

build_windows_tests() { # DIR [-DOFFERKIT_TEST_HOOKS]: c_tests.exe beside DIR's offerkit.dll
  local dir="$1"
  shift
  x86_64-w64-mingw32-gcc "${win_cflags[@]}" "$@" "${ctests[@]}" "$dir/libofferkit.dll.a" "${win_libs[@]}" \
    -o "$dir/c_tests.exe" && cp "$work/bcryptprimitives.dll" "$dir/" &&
    # Nothing else to ship beside it: offerkit.dll and Windows' own DLLs.
    x86_64-w64-mingw32-objdump -p "$dir/c_tests.exe" | sed -n 's/^\tDLL Name: //p' | tee "$dir/imports.txt" &&
    ! grep -viE '^(offerkit\.dll|kernel32\.dll|msvcrt\.dll|ws2_32\.dll|api-ms-win-.*\.dll|advapi32\.dll|user32\.dll)$' "$dir/imports.txt"
}
build_arm64_tests() { # DIR [-DOFFERKIT_TEST_HOOKS]: c_tests linked against DIR's libofferkit.so
  local dir="$1"
  shift
  aarch64-linux-gnu-gcc "${cflags[@]}" "$@" "${ctests[@]}" "-L$dir" -lofferkit -lpthread -o "$dir/c_tests" &&
    aarch64-linux-gnu-readelf -h "$dir/c_tests" >"$dir/elf-header.txt" &&
    grep -q 'Machine: *AArch64' "$dir/elf-header.txt"
}
step c-tests-build-windows build_windows_tests "$work/windows" -DOFFERKIT_TEST_HOOKS
step c-tests-build-arm64 build_arm64_tests "$work/arm64" -DOFFERKIT_TEST_HOOKS

# ---- simulator -------------------------------------------------------------------------------------
wine_down() { [[ -d "$wineprefix" ]] && WINEPREFIX="$wineprefix" "$(dirname "$wine")/wineserver" -k 2>/dev/null; }
trap 'stop_sim; wine_down' EXIT
step simulator-starts start_sims || { echo "nothing can run without the simulator"; finish; }

# ---- runners ---------------------------------------------------------------------------------------
# on_wine EXE ARGS...: runs a Windows program under Wine (stdout and stderr together, Windows
# line ends made Unix ones, so the counting sees the summary line); its exit status.
on_wine() {
  local exe="$1" results="${OFFERKIT_RESULTS:-}"
  shift
  # The results file as a Windows path on Wine's Z: drive (the Unix root), whatever the cwd.
  [[ -n "$results" ]] && results="Z:${results//\//\\}"
  OFFERKIT_RESULTS="$results" WINEPREFIX="$wineprefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" \
    timeout 900 "$wine" "$exe" "$@" 2>&1 | tr -d '\r'
  return "${PIPESTATUS[0]}"
}
wine_prefix_ready() {
  # The first start creates the private prefix (a few seconds), once, outside the timed runs.
  local said
  mkdir -p "$wineprefix" &&
    said="$(WINEPREFIX="$wineprefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" \
      timeout 300 "$wine" cmd /c echo wine-ready 2>&1 | tr -d '\r')" || return 1
  echo "$said"
  grep -qx wine-ready <<<"$said"
}
# on_qemu DIR EXE ARGS...: runs an arm64 program under qemu-aarch64 with DIR's libraries.
on_qemu() {
  local dir="$1"
  shift
  timeout 900 qemu-aarch64 -L /usr/aarch64-linux-gnu -E LD_LIBRARY_PATH="$dir" "$@"
}
# run_c_tests PLATFORM DIR ARGS...: DIR's C test program on PLATFORM (windows, arm64).
run_c_tests() {
  local platform="$1" dir="$2"
  shift 2
  case "$platform" in
    windows) on_wine "$dir/c_tests.exe" "$@" ;;
    arm64) on_qemu "$dir" "$dir/c_tests" "$@" ;;
  esac
}
# exports_of PLATFORM LIBRARY: LIBRARY's exported functions, as the platform's tools list them
# (either way a line ends " NAME").
exports_of() {
  case "$1" in
    windows) x86_64-w64-mingw32-objdump -p "$2" ;;
    arm64) aarch64-linux-gnu-nm -D --defined-only "$2" ;;
  esac
}

# That every test of tests.def ran (passed or listed n/a), and that the shipping library's run
# ran the same tests as the hooks build's, is the harness's comparison (bindings/c/binding.toml).

# (Whole outputs captured before grep: `grep -q` closing a pipe early would fail it under
# pipefail.)
release_has_no_test_hooks() { # PLATFORM
  local lib="${library[$1]}" hooks release found
  # The check must be able to fail: the hooks build does export them ...
  hooks="$(exports_of "$1" "$work/$1/$lib")" || return 1
  grep -q ' offerkit_test_panic$' <<<"$hooks" || { echo "the hooks build's $lib exports no test hook"; return 1; }
  # ... and the shipping build must not.
  release="$(exports_of "$1" "$work/$1-release/$lib")" || return 1
  found="$(grep ' offerkit_test_' <<<"$release")"
  [[ -z "$found" ]] || { echo "the shipping $lib exports test hooks:"; echo "$found"; return 1; }
}
release_tests() { # PLATFORM: the C tests without the hooks, against the shipping library
  "build_$1_tests" "$work/$1-release" && run_c_tests "$1" "$work/$1-release"
}
# platform_tests PLATFORM: the C tests with the hooks, none skipped, then against the shipping
# library (the tests that need the hooks not applicable there, and none other missing).
platform_tests() {
  local platform="$1" f
  suite "c-tests-$platform-threads" run_c_tests "$platform" "$work/$platform" --no-skips isolated_threads
  suite "c-tests-$platform" run_c_tests "$platform" "$work/$platform" --no-skips
  if [[ -z "${shipping[$platform]}" ]]; then
    skip "c-tests-$platform-release-library" \
      "no shipping build in $native/${native_platform[$platform]} and scripts/build-native.sh could not make one"
    return
  fi
  for f in ${link_files[$platform]}; do cp "${shipping[$platform]}/$f" "$work/$platform-release/"; done
  step "$platform-release-exports-no-test-hooks" release_has_no_test_hooks "$platform"
  suite "c-tests-$platform-release-library" release_tests "$platform"
}

# ---- Windows x64 under Wine ------------------------------------------------------------------------
if step wine-prefix wine_prefix_ready; then
  platform_tests windows
fi

# ---- Linux arm64 under qemu-aarch64 ----------------------------------------------------------------
platform_tests arm64

# ---- not run here ----------------------------------------------------------------------------------
# The lite library's suite needs the libcurl executor, and this machine has no libcurl for
# mingw-w64 or arm64: bindings/c/test.sh runs it on Linux x86_64 only.

stop_sim
wine_down
finish
