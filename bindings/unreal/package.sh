#!/usr/bin/env bash
# Builds the Unreal plugin as users install it: a zip holding OfferKit/ (the .uplugin, README,
# Source/OfferKit with Build.cs) and, in the layout OfferKit.Build.cs reads,
# Source/ThirdParty/offerkit/include/ (offerkit.h, offerkit.hpp, offerkit_click.hpp) and
# Source/ThirdParty/offerkit/lib/PLATFORM/ with the release libraries. Unzipped into a project's
# Plugins/ folder it builds with the project (no Binaries/: the engine compiles the module).
#
#   bindings/unreal/package.sh DIST      writes DIST/offerkit-unreal-VERSION.zip
#
# VERSION is `scripts/version.sh`; the script fails if the .uplugin's VersionName (or any other
# manifest's version: scripts/version.sh --check) differs.
# Libraries, from ${OFFERKIT_NATIVE_DIR:-target/native} (scripts/build-native.sh, run here for a
# platform that is missing):
#   lib/Win64/offerkit.dll, offerkit.dll.lib   <- windows-x86_64/ (the DLL and its MSVC-style import library)
#   lib/Linux/libofferkit.a                     <- linux-x86_64/
#   lib/LinuxArm64/libofferkit.a                <- linux-aarch64/
# and, when the release workflow has put them there (they cannot be built on Linux):
#   lib/Win64/offerkit.dll, offerkit.dll.lib   <- windows-x86_64-msvc/ (built by MSVC) instead
#   lib/Mac/libofferkit.a                       <- macos-universal/
#   lib/IOS/libofferkit.a                       <- ios/lite/ (device; the lite library)
#   lib/Android/arm64-v8a/libofferkit.a         <- android/lite/arm64-v8a/ (the lite library)
# Android and iOS get the lite library (no built-in transport): the subsystem then sends through
# the engine's HTTP module whatever bUseEngineHttp says.
# The zip is reproducible (sorted entries, the last commit's time on every file, no extra fields).
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args --create "$@"
plugin="$root/bindings/unreal/OfferKit"
versions_agree || exit 1

# NATIVE-PLATFORM FILE lib/FOLDER REQUIRED
libraries=(
  "windows-x86_64 offerkit.dll Win64 1"
  "windows-x86_64 offerkit.dll.lib Win64 1"
  "windows-x86_64-msvc offerkit.dll Win64 0"
  "windows-x86_64-msvc offerkit.dll.lib Win64 0"
  "linux-x86_64 libofferkit.a Linux 1"
  "linux-aarch64 libofferkit.a LinuxArm64 1"
  "macos-universal libofferkit.a Mac 0"
  "ios/lite libofferkit.a IOS 0"
  "android/lite/arm64-v8a libofferkit.a Android/arm64-v8a 0"
)
for entry in "${libraries[@]}"; do
  read -r platform file _ required <<<"$entry"
  [[ $required == 0 ]] || need_native "$platform" "$file" || exit 1
done

make_work
stage="$work"
out_dir="$stage/OfferKit"
copy_tracked "$plugin" "$out_dir" || exit 1
third="$out_dir/Source/ThirdParty/offerkit"
mkdir -p "$third/include" &&
  cp "$root/include/offerkit.h" "$root/bindings/cpp/offerkit.hpp" "$root/bindings/cpp/offerkit_click.hpp" "$third/include/" || exit 1
for entry in "${libraries[@]}"; do
  read -r platform file folder required <<<"$entry"
  [[ -f "$native/$platform/$file" ]] || continue
  mkdir -p "$third/lib/$folder" && cp "$native/$platform/$file" "$third/lib/$folder/" || exit 1
  [[ $required == 1 ]] || echo "included $folder/$file"
done

# Nothing test-only ships: the release libraries have no offerkit_test_* symbols.
for archive in "$third"/lib/*/libofferkit.a "$third"/lib/Android/*/libofferkit.a; do
  [[ -f "$archive" ]] || continue
  if grep -q ' T offerkit_test_' <<<"$(nm -g --defined-only "$archive" 2>/dev/null)"; then
    echo "$archive exports test hooks (offerkit_test_*): not a release build" >&2
    exit 1
  fi
done

out="$dist/offerkit-unreal-$version.zip"
mtime="$(source_epoch)"
# Python's zipfile (no zip tool needed): sorted entries, one fixed time, Unix modes kept.
python3 - "$stage" "$out.tmp" "$mtime" <<'PY' && mv "$out.tmp" "$out" || exit 1
import os, sys, time, zipfile
stage, out, mtime = sys.argv[1], sys.argv[2], max(int(sys.argv[3]), 315532800)
stamp = time.gmtime(mtime)[:6]
paths = []
for dirpath, dirs, files in os.walk(stage):
    for name in dirs + files:
        paths.append(os.path.relpath(os.path.join(dirpath, name), stage))
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for rel in sorted(paths):
        full = os.path.join(stage, rel)
        if os.path.isdir(full):
            info = zipfile.ZipInfo(rel + "/", stamp)
            info.external_attr = (0o40755 << 16) | 0x10
            z.writestr(info, b"")
        else:
            info = zipfile.ZipInfo(rel, stamp)
            info.external_attr = (0o100644 if not os.access(full, os.X_OK) else 0o100755) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(full, "rb") as f:
                z.writestr(info, f.read())
PY
echo "wrote ${out#"$PWD"/} ($(du -h "$out" | cut -f1))"
