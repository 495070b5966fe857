#!/usr/bin/env bash
# Installs libofferkit into a prefix: headers, shared and static library, pkg-config file and
# CMake package config.
#
#   ffi/install.sh PREFIX [--debug] [--no-build] [--features LIST]
#
# Layout: PREFIX/include/{offerkit.h,offerkit.hpp}, PREFIX/lib/{libofferkit.so,libofferkit.a},
# PREFIX/lib/pkgconfig/offerkit.pc, PREFIX/lib/cmake/offerkit/offerkit{Config,ConfigVersion}.cmake.
# Then: pkg-config --cflags --libs offerkit (shared), pkg-config --static --libs offerkit (static),
# or find_package(offerkit) with CMAKE_PREFIX_PATH=PREFIX. The files are relocatable: the tree
# can be moved. (The C SDK archives of bindings/c/package.sh hold the same layout, plus the lite
# library.)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
prefix="" profile=release build=1 features=""
while (($#)); do
  case "$1" in
    --debug) profile=debug ;;
    --no-build) build=0 ;;
    --features) features="$2"; shift ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) prefix="$1" ;;
  esac
  shift
done
[[ -n "$prefix" ]] || { echo "usage: $0 PREFIX [--debug] [--no-build] [--features LIST]" >&2; exit 2; }
target="${CARGO_TARGET_DIR:-$root/target}/$profile"
if ((build)); then
  args=(build -p offerkit-ffi)
  [[ $profile == release ]] && args+=(--release)
  [[ -n "$features" ]] && args+=(--features "$features")
  (cd "$root" && cargo "${args[@]}")
fi
# The C ABI's own version (the header's OFFERKIT_VERSION_MAJOR/MINOR/PATCH, which
# scripts/version.sh --check keeps equal to the release version).
version="$(sed -n 's/^#define OFFERKIT_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)$/\2/p' "$root/include/offerkit.h" | paste -sd.)"
mkdir -p "$prefix/include" "$prefix/lib"
prefix="$(cd "$prefix" && pwd)"
install -m 644 "$root/include/offerkit.h" "$root/bindings/cpp/offerkit.hpp" "$prefix/include/"
install -m 755 "$target/libofferkit.so" "$prefix/lib/"
install -m 644 "$target/libofferkit.a" "$prefix/lib/"
# The same pkg-config and CMake files as the C SDK archives (relocatable).
"$root/ffi/write-package-files.sh" "$prefix" "$version"
echo "installed libofferkit $version ($profile) into $prefix"
