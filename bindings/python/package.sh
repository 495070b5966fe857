#!/usr/bin/env bash
# Builds the offerkit Python distributions into DIST, so a Python user runs one `pip install`:
#
#   DIST/offerkit-VERSION-py3-none-manylinux_X_Y_x86_64.whl   maturin's wheel with the release
#   DIST/offerkit-VERSION-py3-none-manylinux_X_Y_aarch64.whl  x86_64, arm64 and Windows x64
#   DIST/offerkit-VERSION-py3-none-win_amd64.whl               libraries of scripts/build-native.sh
#                                                              in place of its own; each Linux
#                                                              wheel tagged with the manylinux
#                                                              tag auditwheel finds for it
#   DIST/offerkit-VERSION-py3-none-macosx_10_15_universal2.whl the same, when a Mac built
#                                                              target/native/macos-universal
#   DIST/offerkit-VERSION.tar.gz                               the sdist (maturin sdist): the
#                                                              package and the Rust workspace
#                                                              subset it builds from
#
#   bindings/python/package.sh DIST
#
# The package loads the library with ctypes (no CPython extension), so one wheel per platform
# serves every Python 3 (`py3-none`). No wheel's library is built by maturin: a release build
# there would compile and link the crate once more per platform (about 3 min each here) for a
# wheel whose only platform-specific file is the library build-native.sh already made for
# every other package (bindings/python/wheel-for-platform.py swaps it into maturin's debug
# wheel and rewrites WHEEL and RECORD). A Linux wheel's manylinux tag is auditwheel's verdict
# on its library.
#
# VERSION is the crate's (scripts/version.sh; maturin reads the same Cargo.toml). Libraries
# come from ${OFFERKIT_NATIVE_DIR:-target/native}/PLATFORM (build-native.sh is run for a
# missing one when OFFERKIT_NATIVE_DIR is not set). maturin and auditwheel live in the tool
# venv (scripts/install-uniffi-tools.sh). About 20 s when the debug build is cached (the
# Python tests make it).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args --create "$@"

need_native linux-x86_64 libofferkit_uniffi.so
need_native linux-aarch64 libofferkit_uniffi.so
need_native windows-x86_64 offerkit_uniffi.dll

eval "$("$root/scripts/install-uniffi-tools.sh")" # sets VENV (maturin)
if [[ ! -x "$VENV/bin/auditwheel" ]]; then
  echo "python: installing auditwheel into $VENV" >&2
  "$VENV/bin/pip" install -q --disable-pip-version-check "auditwheel>=6.1,<7"
fi

make_work
rm -f "$dist/offerkit-$version-"*.whl "$dist/offerkit-$version.tar.gz"

# auditwheel_tag WHEEL: the one platform tag auditwheel finds the wheel consistent with.
auditwheel_tag() {
  "$VENV/bin/auditwheel" show "$1" 2>/dev/null | tr '\n' ' ' |
    sed -n 's/.*consistent with *the following platform tag: *"\([^"]*\)".*/\1/p'
}

# The wheel's frame from maturin (a debug build: the package, the generated module, the
# metadata), then every platform's wheel from it with that platform's release library of
# build-native.sh swapped in — x86_64 included, so the release crate is compiled once, by
# build-native.sh, for every package, never again by maturin.
echo "python: maturin build (the wheel's frame)"
(cd "$root/bindings/python" && "$VENV/bin/maturin" build --out "$work/frame" \
  >"$work/maturin-build.log" 2>&1) || { tail -30 "$work/maturin-build.log" >&2; exit 1; }
frame=("$work/frame/offerkit-$version-py3-none-"*_x86_64.whl)
[[ -f "${frame[0]}" ]] || { echo "python: maturin wrote no offerkit-$version-py3-none-*_x86_64.whl" >&2; exit 1; }
x86="$(python3 "$root/bindings/python/wheel-for-platform.py" "${frame[0]}" \
  "$native/linux-x86_64/libofferkit_uniffi.so" linux_x86_64 "$work/x86_64")"
audited="$(auditwheel_tag "$x86")"
[[ "$audited" == manylinux_*_x86_64 ]] ||
  { echo "python: auditwheel gives the x86_64 wheel no manylinux tag ('$audited')" >&2; "$VENV/bin/auditwheel" show "$x86" >&2; exit 1; }
wheel="$(python3 "$root/bindings/python/wheel-for-platform.py" "${frame[0]}" \
  "$native/linux-x86_64/libofferkit_uniffi.so" "$audited" "$dist")"
echo "python: auditwheel: $(basename "$wheel") is consistent with $audited"

# arm64: swapped in under a provisional tag, then tagged with what auditwheel says of it.
arm="$(python3 "$root/bindings/python/wheel-for-platform.py" "$wheel" \
  "$native/linux-aarch64/libofferkit_uniffi.so" linux_aarch64 "$work/aarch64")"
arm_tag="$(auditwheel_tag "$arm")"
[[ "$arm_tag" == manylinux_*_aarch64 ]] ||
  { echo "python: auditwheel gives the arm64 wheel no manylinux tag ('$arm_tag')" >&2; exit 1; }
python3 "$root/bindings/python/wheel-for-platform.py" "$wheel" \
  "$native/linux-aarch64/libofferkit_uniffi.so" "$arm_tag" "$dist" >/dev/null
echo "python: auditwheel: the arm64 wheel is consistent with $arm_tag"
python3 "$root/bindings/python/wheel-for-platform.py" "$wheel" \
  "$native/windows-x86_64/offerkit_uniffi.dll" win_amd64 "$dist" >/dev/null
# macOS (arm64 + x86_64), when the release workflow's Mac runner built the library
# (scripts/build-native.sh macos-universal); 10.15 is the oldest macOS the Swift package supports.
if [[ -f "$native/macos-universal/libofferkit_uniffi.dylib" ]]; then
  python3 "$root/bindings/python/wheel-for-platform.py" "$wheel" \
    "$native/macos-universal/libofferkit_uniffi.dylib" macosx_10_15_universal2 "$dist" >/dev/null
  echo "python: with the macOS universal2 wheel"
fi

echo "python: maturin sdist"
(cd "$root/bindings/python" && "$VENV/bin/maturin" sdist --out "$work/sdist" >"$work/maturin-sdist.log" 2>&1) ||
  { cat "$work/maturin-sdist.log" >&2; exit 1; }
sdist="$work/sdist/offerkit-$version.tar.gz"
[[ -f "$sdist" ]] || { echo "python: maturin wrote no offerkit-$version.tar.gz" >&2; exit 1; }
# maturin packs the crate and its path dependencies, not the workspace's uniffi-bindgen (a
# binary no crate depends on), so a build from the sdist found no bindgen ("Failed to run
# uniffi-bindgen"), and one installed elsewhere would lack our fix-ups of the Python module.
# Add it as a workspace member, with the workspace's lock file (pruned to the sdist's
# workspace by cargo, offline: every crate in it was resolved for the build above).
tar -xzf "$sdist" -C "$work/sdist"
unpacked="$work/sdist/offerkit-$version"
mkdir -p "$unpacked/bindings/uniffi-bindgen"
(cd "$root/bindings/uniffi-bindgen" && git ls-files -z | xargs -0 cp --parents -t "$unpacked/bindings/uniffi-bindgen")
sed -i 's#^members = \[\(.*\)\]$#members = [\1, "bindings/uniffi-bindgen"]#' "$unpacked/Cargo.toml"
grep -q '"bindings/uniffi-bindgen"\]$' "$unpacked/Cargo.toml" || { echo "python: sdist Cargo.toml has no members line" >&2; exit 1; }
cp "$root/Cargo.lock" "$unpacked/Cargo.lock"
(cd "$unpacked" && cargo metadata --offline --format-version 1 >/dev/null)
grep -q '^name = "offerkit-uniffi-bindgen"$' "$unpacked/Cargo.lock" || { echo "python: sdist lock lacks the bindgen" >&2; exit 1; }
rm "$sdist"
# As maturin writes it: sorted, owned by root, one fixed time.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@1153704088 -C "$work/sdist" \
  -czf "$sdist" "offerkit-$version"
cp "$sdist" "$dist/"
ls -l "$dist"/offerkit-"$version"-*.whl "$dist/offerkit-$version.tar.gz" | awk '{ printf "python: %10d  %s\n", $5, $NF }'
