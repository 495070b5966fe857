#!/usr/bin/env bash
# Smoke-tests the C SDK archives of bindings/c/package.sh the way a C user installs them: each is
# unpacked into a fresh temporary directory, and examples/ from the archive is built against it
# with nothing of the repository on any path, then run against the simulator on loopback.
#
#   bindings/c/smoke.sh DIST
#
# every archive   its file list is exactly the one its README.md lists
# linux-x86_64    print_offers.c with pkg-config (shared, with an rpath; static), with CMake
#                 find_package (shared and static, plus the C++ example), and the lite library
#                 through offerkit-lite.pc (without a host executor it must refuse to make a
#                 client, with the documented error)
# linux-aarch64   cross-built with aarch64-linux-gnu-gcc and pkg-config (shared; static), run
#                 under qemu-aarch64
# windows-x86_64  offerkit.dll.lib lists offerkit_client_new; built with x86_64-w64-mingw32-gcc
#                 through pkg-config (import library), through the MSVC import library, statically,
#                 and with CMake find_package (MinGW toolchain); run under Wine
# Every run must print "10 offers for demo:" and click URLs of the simulator. Ends with
# "N passed, N failed, 0 skipped"; exit status 0 only if nothing failed. Tools a fresh Debian
# lacks are installed when root (cmake, pkg-config, cross compilers, qemu-user, wine64, llvm).
# Test tools from the repository, never put in the SDK's directory: the simulator
# (OFFERKIT_SIM, else target/debug or target/release offerkit-sim, else built), and under Wine 8
# the test-only bcryptprimitives.dll of bindings/c/tests/wine/ (Wine 8 lacks that DLL; Windows 10+ has it).
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args "$@"
make_work
check_width=44
logs="$work/logs"
mkdir -p "$logs"
wine_prefix="$work/wine"
on_exit '[[ -d "$wine_prefix" ]] && WINEPREFIX="$wine_prefix" wineserver -k 2>/dev/null'

# ---- tools ---------------------------------------------------------------------------------------
need gcc gcc; need g++ g++; need pkg-config pkgconf; need cmake cmake; need make make
need aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu; need qemu-aarch64 qemu-user
need x86_64-w64-mingw32-gcc gcc-mingw-w64-x86-64; need llvm-nm llvm
[[ -x /usr/lib/wine/wine64 ]] || need wine64 wine64
wine=(wine64)
command -v wine64 >/dev/null || wine=(/usr/lib/wine/wine64)

# Nothing but the unpacked SDK may be found by a compiler, a linker, pkg-config or CMake.
unset CPATH C_INCLUDE_PATH CPLUS_INCLUDE_PATH LIBRARY_PATH LD_LIBRARY_PATH PKG_CONFIG_PATH \
  PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_LIBDIR CMAKE_PREFIX_PATH OFFERKIT_ACCESS_TOKEN

# ---- simulator -----------------------------------------------------------------------------------
start_sim
check simulator-listening test -n "$sim_url" || finish
url="$sim_url"

# expect_offers COMMAND...: runs COMMAND URL demo; it must list the simulator's 10 offers.
expect_offers() {
  local out rc
  # (A Windows program's text output ends its lines with CR LF.)
  out="$(OFFERKIT_ACCESS_TOKEN="$(sim_token)" "$@" "$url" demo | tr -d '\r')"
  rc=$?
  echo "$out"
  ((rc == 0)) || { echo "exit status $rc"; return 1; }
  grep -q '^10 offers for demo:$' <<<"$out" || { echo "no '10 offers for demo:' line"; return 1; }
  grep -q "  $url/click/" <<<"$out" || { echo "no click URL of the simulator"; return 1; }
}

# ---- unpacking and contents ----------------------------------------------------------------------
# listed SDK: the files the SDK's README.md lists (first word of each line of its Contents block).
listed() {
  awk '/^## Contents/ { c = 1; next } c && /^```$/ { if (b) exit; b = 1; next } c && b && NF { print $1 }' \
    "$1/README.md" | sort
}
# contents PLATFORM ARCHIVE: unpacks ARCHIVE into $work/PLATFORM; its files must be the README's.
contents() {
  local top="offerkit-$version-$1" all files
  mkdir -p "$work/$1" && cd "$work/$1" || return 1
  if [[ "$2" == *.zip ]]; then
    all="$(python3 -c 'import sys, zipfile; print("\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))' "$2")" &&
      unzip -q "$2" || return 1
  else
    all="$(tar tzf "$2")" && tar xzf "$2" || return 1
  fi
  if grep -v "^$top/" <<<"$all"; then echo "entries outside $top/ (above)"; return 1; fi
  files="$(grep -v '/$' <<<"$all" | sed "s|^$top/||" | sort)"
  echo "archive: $(wc -l <<<"$files") files; README lists $(listed "$top" | wc -l)"
  [[ $(listed "$top" | wc -l) -ge 10 ]] || { echo "README.md lists no contents"; return 1; }
  diff <(listed "$top") <(echo "$files") || { echo "(< README only, > archive only)"; return 1; }
}
for platform in linux-x86_64 linux-aarch64 windows-x86_64; do
  archive="$dist/offerkit-$version-$platform.tar.gz"
  [[ $platform == windows-* ]] && archive="$dist/offerkit-$version-$platform.zip"
  check "$platform-contents-as-readme-lists" contents "$platform" "$archive"
done
x64="$work/linux-x86_64/offerkit-$version-linux-x86_64"
arm="$work/linux-aarch64/offerkit-$version-linux-aarch64"
win="$work/windows-x86_64/offerkit-$version-windows-x86_64"
bin="$work/bin"
mkdir -p "$bin"

# ---- linux-x86_64 --------------------------------------------------------------------------------
pc_shared() {
  export PKG_CONFIG_PATH="$x64/lib/pkgconfig"
  grep -qx "$version" <<<"$(pkg-config --modversion offerkit)" || { echo "pkg-config version is not $version"; return 1; }
  gcc -std=c99 -Wall -Werror "$x64/examples/print_offers.c" $(pkg-config --cflags --libs offerkit) \
    -Wl,-rpath,"$x64/lib" -o "$bin/pc_shared" || return 1
  ldd "$bin/pc_shared" | grep -F "$x64/lib/libofferkit.so" || { echo "not linked to the SDK's libofferkit.so"; return 1; }
  expect_offers "$bin/pc_shared"
}
pc_static() {
  export PKG_CONFIG_PATH="$x64/lib/pkgconfig"
  gcc -std=c99 "$x64/examples/print_offers.c" $(pkg-config --cflags offerkit) "$x64/lib/libofferkit.a" \
    $(pkg-config --static --libs-only-l offerkit | sed 's/-lofferkit//') -o "$bin/pc_static" || return 1
  if ldd "$bin/pc_static" | grep offerkit; then echo "linked to a shared libofferkit"; return 1; fi
  expect_offers "$bin/pc_static"
}
# cmake_build SDK BUILD ARGS...: configures and builds SDK/examples; find_package must have found
# the SDK's own package.
cmake_build() {
  local sdk="$1" build="$2"
  shift 2
  cmake -S "$sdk/examples" -B "$build" -DCMAKE_PREFIX_PATH="$sdk" \
    -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON "$@" && cmake --build "$build" || return 1
  grep -x "offerkit_DIR:PATH=$sdk/lib/cmake/offerkit" "$build/CMakeCache.txt" ||
    { echo "find_package(offerkit) did not find the SDK's package"; return 1; }
}
cmake_x64() {
  local static="$1" build="$work/cmake-x64-$1"
  cmake_build "$x64" "$build" -DOFFERKIT_STATIC="$static" || return 1
  if [[ $static == ON ]]; then
    if ldd "$build/print_offers" | grep offerkit; then echo "linked to a shared libofferkit"; return 1; fi
  else
    ldd "$build/print_offers" | grep -F "$x64/lib/libofferkit.so" || { echo "not linked to the SDK's libofferkit.so"; return 1; }
  fi
  expect_offers "$build/print_offers" || return 1
  # The C++ example prints one line per offer, each with its payout.
  local out
  out="$(OFFERKIT_ACCESS_TOKEN="$(sim_token)" "$build/print_offers_cpp" "$url" demo)" || { echo "$out"; return 1; }
  echo "$out"
  [[ $(grep -c '^  .*  \$' <<<"$out") == 10 ]] || { echo "the C++ example did not print 10 offers"; return 1; }
}
lite() {
  export PKG_CONFIG_PATH="$x64/lib/pkgconfig"
  gcc -std=c99 "$x64/examples/print_offers.c" $(pkg-config --cflags --libs offerkit-lite) \
    -Wl,-rpath,"$x64/lib" -o "$bin/lite" || return 1
  ldd "$bin/lite" | grep -F "$x64/lib/libofferkit_lite.so" || { echo "not linked to the SDK's libofferkit_lite.so"; return 1; }
  # No host executor in the example: the lite library must refuse, saying why (ffi/README.md).
  local out
  out="$(OFFERKIT_ACCESS_TOKEN="$(sim_token)" "$bin/lite" "$url" demo 2>&1)"
  local rc=$?
  echo "$out (exit status $rc)"
  ((rc == 1)) && grep -q 'offerkit_client_new failed: invalid_argument' <<<"$out" &&
    grep -q 'no HTTP transport of its own' <<<"$out"
}
check linux-x86_64-pkg-config-shared pc_shared
check linux-x86_64-pkg-config-static pc_static
check linux-x86_64-cmake-find-package-shared cmake_x64 OFF
check linux-x86_64-cmake-find-package-static cmake_x64 ON
check linux-x86_64-lite-pkg-config-refuses-without-executor lite

# ---- linux-aarch64 (cross-built, run under qemu) -------------------------------------------------
arm_build() {
  local kind="$1" exe="$bin/arm_$1"
  export PKG_CONFIG_PATH="$arm/lib/pkgconfig"
  if [[ $kind == shared ]]; then
    aarch64-linux-gnu-gcc -std=c99 "$arm/examples/print_offers.c" $(pkg-config --cflags --libs offerkit) \
      -Wl,-rpath,"$arm/lib" -o "$exe" || return 1
  else
    aarch64-linux-gnu-gcc -std=c99 "$arm/examples/print_offers.c" $(pkg-config --cflags offerkit) \
      "$arm/lib/libofferkit.a" $(pkg-config --static --libs-only-l offerkit | sed 's/-lofferkit//') -o "$exe" || return 1
  fi
  grep -q 'AArch64' <<<"$(readelf -h "$exe")" || { echo "not an arm64 program"; return 1; }
  # The linker skips a library of another architecture in silence and takes the next one.
  local needed
  needed="$(readelf -d "$exe" | grep -c 'NEEDED.*\[libofferkit\.so\]')"
  [[ $kind == shared && $needed == 1 || $kind == static && $needed == 0 ]] ||
    { echo "a $kind build, but libofferkit.so needed $needed times"; return 1; }
  expect_offers qemu-aarch64 -L /usr/aarch64-linux-gnu "$exe"
}
check linux-aarch64-pkg-config-shared-qemu arm_build shared
check linux-aarch64-pkg-config-static-qemu arm_build static

# ---- windows-x86_64 (MinGW-w64, run under Wine) --------------------------------------------------
export WINEPREFIX="$wine_prefix" WINEDEBUG=-all
shim="$work/wine-shim/bcryptprimitives.dll"
mkdir -p "$work/wine-shim"
x86_64-w64-mingw32-gcc -shared -o "$shim" "$root/bindings/c/tests/wine/bcryptprimitives.c" \
  "$root/bindings/c/tests/wine/bcryptprimitives.def" -ladvapi32 >"$logs/wine-shim.log" 2>&1
# run_windows EXE: beside its DLLs, under Wine (which lacks bcryptprimitives.dll: the shim).
run_windows() {
  [[ -f "$shim" ]] || { cat "$logs/wine-shim.log"; echo "no bcryptprimitives.dll shim"; return 1; }
  cp "$shim" "$(dirname "$1")/" && expect_offers "${wine[@]}" "$1"
}
import_lib_lists() {
  llvm-nm "$win/lib/offerkit.dll.lib" | grep -E ' T offerkit_client_new$' &&
    llvm-nm "$win/lib/offerkit_lite.dll.lib" | grep -E ' T offerkit_client_new$'
}
# win_build NAME LINK...: print_offers.c linked with LINK into $bin/win-NAME/print_offers.exe.
win_build() {
  local dir="$bin/win-$1"
  shift
  mkdir -p "$dir" &&
    x86_64-w64-mingw32-gcc -std=c99 -Wall -Werror "$win/examples/print_offers.c" "$@" -o "$dir/print_offers.exe"
}
imports_dll() { grep -q "DLL Name: offerkit.dll" <<<"$(x86_64-w64-mingw32-objdump -p "$1")"; }
win_pkg_config() {
  export PKG_CONFIG_PATH="$win/lib/pkgconfig"
  win_build pc $(pkg-config --cflags --libs offerkit) || return 1
  imports_dll "$bin/win-pc/print_offers.exe" || { echo "does not import offerkit.dll"; return 1; }
  cp "$win/bin/offerkit.dll" "$bin/win-pc/" && run_windows "$bin/win-pc/print_offers.exe"
}
win_msvc_lib() {
  # The MSVC-style import library (what MSVC and Unreal link) names the same DLL and exports.
  win_build msvc-lib "-I$win/include" "$win/lib/offerkit.dll.lib" || return 1
  imports_dll "$bin/win-msvc-lib/print_offers.exe" || { echo "does not import offerkit.dll"; return 1; }
  cp "$win/bin/offerkit.dll" "$bin/win-msvc-lib/" && run_windows "$bin/win-msvc-lib/print_offers.exe"
}
win_static() {
  win_build static "-I$win/include" "$win/lib/libofferkit.a" || return 1
  if imports_dll "$bin/win-static/print_offers.exe"; then echo "imports offerkit.dll"; return 1; fi
  run_windows "$bin/win-static/print_offers.exe"
}
win_cmake() {
  # A MinGW cross toolchain; the examples' CMakeLists copies offerkit.dll beside the program.
  printf 'set(CMAKE_SYSTEM_NAME Windows)\nset(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc)\n' >"$work/mingw.cmake"
  cmake_build "$win" "$work/cmake-win" -DCMAKE_TOOLCHAIN_FILE="$work/mingw.cmake" || return 1
  [[ -f "$work/cmake-win/offerkit.dll" ]] || { echo "offerkit.dll was not put beside the program"; return 1; }
  run_windows "$work/cmake-win/print_offers.exe"
}
check windows-x86_64-msvc-import-lib-lists-exports import_lib_lists
check windows-x86_64-mingw-pkg-config-dll-wine win_pkg_config
check windows-x86_64-msvc-import-lib-dll-wine win_msvc_lib
check windows-x86_64-mingw-static-wine win_static
check windows-x86_64-cmake-find-package-wine win_cmake

finish
