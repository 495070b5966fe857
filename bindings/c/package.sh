#!/usr/bin/env bash
# Builds the C SDK archives a C or C++ user downloads and unpacks — header, C++ wrapper, shared and
# static library (full and lite), pkg-config and CMake package files, README, licences, the
# examples — one per platform this machine builds:
#
#   bindings/c/package.sh DIST
#
# writes DIST/offerkit-VERSION-linux-x86_64.tar.gz, DIST/offerkit-VERSION-linux-aarch64.tar.gz and
# DIST/offerkit-VERSION-windows-x86_64.zip, each holding one directory offerkit-VERSION-PLATFORM/
# laid out as ffi/sdk/README.md.in lists (Linux: lib/; Windows: the DLLs in bin/, import and
# static libraries in lib/). VERSION is scripts/version.sh's. The libraries come from
# ${OFFERKIT_NATIVE_DIR:-target/native}/PLATFORM/ (scripts/build-native.sh, called here for a
# platform that is missing when OFFERKIT_NATIVE_DIR is not set), and each is refused unless
# scripts/check-release-lib.py accepts it. Archives are reproducible: sorted, owner 0, every
# timestamp the last commit's (or SOURCE_DATE_EPOCH). bindings/c/smoke.sh tests them.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args --create "$@"
epoch="$(source_epoch)"
make_work
stage="$work"

# libraries PLATFORM: the files of target/native/PLATFORM this SDK ships.
libraries() {
  case "$1" in
    linux-*) echo libofferkit.so libofferkit.a libofferkit_lite.so libofferkit_lite.a ;;
    windows-x86_64)
      echo offerkit.dll offerkit.dll.lib libofferkit.dll.a libofferkit.a \
           offerkit_lite.dll offerkit_lite.dll.lib libofferkit_lite.dll.a libofferkit_lite.a ;;
  esac
}

# readme PLATFORM FAMILY: ffi/sdk/README.md.in with FAMILY's blocks (linux, windows) kept.
readme() {
  local glibc="" cross=""
  if [[ "$2" == linux ]]; then
    # The newest glibc symbol version the libraries use: the oldest glibc they run on.
    glibc="$(objdump -T "$sdk/lib/libofferkit.so" "$sdk/lib/libofferkit_lite.so" |
      grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n 1)"
    [[ -n "$glibc" ]] || { echo "no glibc version found in the libraries" >&2; return 1; }
  fi
  [[ "$1" == linux-aarch64 ]] && cross=" To cross-compile from an x86_64 machine, use \`aarch64-linux-gnu-gcc\` the same way, with \`PKG_CONFIG_PATH\` as below and \`PKG_CONFIG_SYSROOT_DIR\` unset (the SDK is not inside the sysroot); \`qemu-aarch64 -L /usr/aarch64-linux-gnu ./app\` runs the result."
  awk -v keep="$2" '
    /^<!-- if [a-z]+ -->$/ { inside = 1; wanted = ($3 == keep); next }
    /^<!-- end -->$/ { inside = 0; next }
    !inside || wanted' "$root/ffi/sdk/README.md.in" |
    sed -e "s|@VERSION@|$version|g" -e "s|@PLATFORM@|$1|g" -e "s|@GLIBC@|$glibc|g" \
        -e "s|@CROSS_NOTE@|$cross|g"
}

# package PLATFORM: stages offerkit-VERSION-PLATFORM/ and archives it into DIST.
package() {
  local platform="$1" family="${1%%-*}" name="offerkit-$version-$1" from="$native/$1" f
  sdk="$stage/$name"
  need_native "$platform" $(libraries "$platform") || return 1
  # Nothing that fails the release check is packaged.
  (cd "$from" && python3 "$root/scripts/check-release-lib.py" $(libraries "$platform")) || return 1

  mkdir -p "$sdk/include" "$sdk/lib" "$sdk/examples" || return 1
  install -m 644 "$root/include/offerkit.h" "$root/bindings/cpp/offerkit.hpp" "$sdk/include/" &&
    install -m 644 "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$sdk/" &&
    install -m 644 "$root/bindings/c/example/print_offers.c" "$root/bindings/c/example/print_offers.cpp" \
      "$root/bindings/c/example/CMakeLists.txt" "$sdk/examples/" || return 1
  for f in $(libraries "$platform"); do
    case "$f" in
      *.dll) install -D -m 755 "$from/$f" "$sdk/bin/$f" ;;
      *.so) install -m 755 "$from/$f" "$sdk/lib/" ;;
      *) install -m 644 "$from/$f" "$sdk/lib/" ;;
    esac || return 1
  done
  "$root/ffi/write-package-files.sh" "$sdk" "$version" || return 1
  readme "$platform" "$family" >"$sdk/README.md" || return 1

  find "$sdk" -exec touch -h -d "@$epoch" {} + || return 1
  if [[ "$family" == windows ]]; then
    rm -f "$dist/$name.zip"
    python3 - "$stage" "$name" "$dist/$name.zip" "$epoch" <<'EOF' || return 1
# A zip of STAGE/NAME/ with NAME/ as its top directory: sorted, every entry dated EPOCH.
import os, sys, time, zipfile
stage, name, out, epoch = sys.argv[1], sys.argv[2], sys.argv[3], max(int(sys.argv[4]), 315532800)
stamp = time.gmtime(epoch)[:6]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for dirpath, dirnames, filenames in sorted(os.walk(os.path.join(stage, name))):
        dirnames.sort()
        for f in sorted(filenames):
            path = os.path.join(dirpath, f)
            info = zipfile.ZipInfo(os.path.relpath(path, stage), stamp)
            info.external_attr = (os.stat(path).st_mode & 0o777 | 0o100000) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as data:
                z.writestr(info, data.read())
EOF
    echo "wrote $dist/$name.zip"
  else
    tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$stage" -cf - "$name" |
      gzip -n -9 >"$dist/$name.tar.gz" || return 1
    echo "wrote $dist/$name.tar.gz"
  fi
}

status=0
for platform in linux-x86_64 linux-aarch64 windows-x86_64; do
  package "$platform" || { echo "the C SDK for $platform was not packaged" >&2; status=1; }
done
exit $status
