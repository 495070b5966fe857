#!/usr/bin/env bash
# Writes the pkg-config and CMake package files of an installed libofferkit, for whichever of its
# libraries PREFIX holds. ffi/install.sh (an install from source) and bindings/c/package.sh (the
# C SDK archives) both call it, so the two trees are described the same way.
#
#   ffi/write-package-files.sh PREFIX VERSION
#
# Reads PREFIX's layout: Linux (lib/libofferkit.so) or Windows (bin/offerkit.dll with import
# libraries in lib/); the lite library (libofferkit_lite / offerkit_lite.dll) when present.
# Writes PREFIX/lib/pkgconfig/offerkit.pc (+ offerkit-lite.pc) and
# PREFIX/lib/cmake/offerkit/offerkit{Config,ConfigVersion}.cmake. Every file is relocatable
# (found relative to itself), so the tree can be moved or unpacked anywhere.
set -euo pipefail
ffi="$(cd "$(dirname "$0")" && pwd)"
prefix="${1:?usage: $0 PREFIX VERSION}" version="${2:?usage: $0 PREFIX VERSION}"
[[ "$version" =~ ^([0-9]+)\.([0-9]+)\.[0-9]+$ ]] || { echo "not a version: $version" >&2; exit 2; }
major="${BASH_REMATCH[1]}" minor="${BASH_REMATCH[2]}"

if [[ -f "$prefix/bin/offerkit.dll" ]]; then
  # MinGW: -lofferkit links the import library libofferkit.dll.a. The static archive needs no
  # system library named: Rust's Windows imports come with it (raw-dylib).
  system_libs=""
  shared() { [[ -f "$prefix/bin/$1.dll" ]]; }
elif [[ -f "$prefix/lib/libofferkit.so" ]]; then
  # What `rustc --print native-static-libs` lists for libofferkit.a on Linux.
  system_libs="-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc"
  shared() { [[ -f "$prefix/lib/lib$1.so" ]]; }
else
  echo "$prefix holds neither lib/libofferkit.so nor bin/offerkit.dll" >&2
  exit 1
fi

mkdir -p "$prefix/lib/pkgconfig" "$prefix/lib/cmake/offerkit"
# pc NAME LIB DESCRIPTION
pc() {
  sed -e "s|@NAME@|$1|" -e "s|@LIB@|$2|" -e "s|@DESCRIPTION@|$3|" -e "s|@VERSION@|$version|" \
      -e "s|@NATIVE_STATIC_LIBS@|$system_libs|" "$ffi/offerkit.pc.in" >"$prefix/lib/pkgconfig/$1.pc"
}
pc offerkit offerkit "C ABI of offerkit, the client of the Offer Personalization Service"
if shared offerkit_lite; then
  pc offerkit-lite offerkit_lite "C ABI of offerkit without its built-in HTTP transport (the host sends every request)"
fi
install -m 644 "$ffi/cmake/offerkitConfig.cmake" "$prefix/lib/cmake/offerkit/"
sed -e "s|@VERSION@|$version|" -e "s|@VERSION_MAJOR@|$major|" -e "s|@VERSION_MINOR@|$minor|" \
    "$ffi/cmake/offerkitConfigVersion.cmake.in" >"$prefix/lib/cmake/offerkit/offerkitConfigVersion.cmake"
