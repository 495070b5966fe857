#!/usr/bin/env bash
# Builds the Unity package as users install it: a UPM tarball (npm pack layout, every file under
# package/) of bindings/unity with the release native libraries in Plugins/ next to their committed
# .meta files (import settings), so a game adds one file in the Package Manager and builds for
# Windows x64, Linux x64 and Linux arm64 (Embedded Linux) without building Rust — and, in the
# release workflow, which supplies their libraries, macOS, iOS and Android too.
#
#   bindings/unity/Tools~/package.sh DIST      writes DIST/com.offerkit.client-VERSION.tgz
#
# VERSION is `scripts/version.sh unity`; the script fails if package.json (or any other manifest:
# scripts/version.sh --check) says otherwise. The
# libraries come from ${OFFERKIT_NATIVE_DIR:-target/native}/PLATFORM/ (scripts/build-native.sh,
# run here for a platform that is missing):
#   Plugins/Windows/x86_64/offerkit.dll             <- windows-x86_64/
#   Plugins/Linux/x86_64/libofferkit.so             <- linux-x86_64/
#   Plugins/EmbeddedLinux/arm64/libofferkit.so      <- linux-aarch64/
# and, when present (the release workflow builds them; they cannot be built on Linux):
#   Plugins/macOS/libofferkit.dylib                 <- macos-universal/
#   Plugins/iOS/libofferkit.a                       <- ios/lite/ (device; the lite library)
#   Plugins/Android/ABI/libofferkit.so              <- android/lite/ABI/ (arm64-v8a, armeabi-v7a,
#                                                      x86_64; the lite library)
# Android and iOS get the lite library (no built-in transport, 0.8 instead of 2.0 MB per ABI):
# every client there sends through UnityWebRequestExecutor (OfferKitLibrary.DefaultHttpExecutor).
# The .meta of a library that is not there is left out (Unity warns about a .meta without its file). Left out of the tarball: Tools~/ (the maintainers'
# scripts: the .meta generator, the tests, packaging and smoke test), Tests~/ and Example~/, and
# binding.toml (the harness's manifest). The tarball is reproducible: sorted entries, fixed owner, the last commit's
# time on every file, gzip without a timestamp. Checked by Tools~/check-meta.py before it is written.
set -uo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args --create --unity "$@"
package="$root/bindings/unity"
versions_agree || exit 1

# NATIVE-PLATFORM FILE Plugins/FOLDER REQUIRED
plugins=(
  "windows-x86_64 offerkit.dll Windows/x86_64 1"
  "linux-x86_64 libofferkit.so Linux/x86_64 1"
  "linux-aarch64 libofferkit.so EmbeddedLinux/arm64 1"
  "macos-universal libofferkit.dylib macOS 0"
  "ios/lite libofferkit.a iOS 0"
  "android/lite/arm64-v8a libofferkit.so Android/arm64-v8a 0"
  "android/lite/armeabi-v7a libofferkit.so Android/armeabi-v7a 0"
  "android/lite/x86_64 libofferkit.so Android/x86_64 0"
)
for entry in "${plugins[@]}"; do
  read -r platform file _ required <<<"$entry"
  [[ $required == 0 ]] || need_native "$platform" "$file" || exit 1
done

make_work
stage="$work"
# The package's committed files only (nothing a developer left in the folder), without Tools~;
# outside a git checkout, no library a developer built into Plugins/ either.
copy_tracked "$package" "$stage/package" 'Tools~' 'Tests~' 'Example~' binding.toml || exit 1
git -C "$root" rev-parse --git-dir >/dev/null 2>&1 ||
  find "$stage/package/Plugins" \( -name '*.so' -o -name '*.dll' -o -name '*.dylib' -o -name '*.a' \) -delete
for entry in "${plugins[@]}"; do
  read -r platform file folder required <<<"$entry"
  if [[ -f "$native/$platform/$file" ]]; then
    install -m 0755 "$native/$platform/$file" "$stage/package/Plugins/$folder/$file" || exit 1
    [[ $required == 1 ]] || echo "included Plugins/$folder/$file"
  else
    rm -f "$stage/package/Plugins/$folder/$file.meta"
  fi
done

"$root/bindings/unity/Tools~/check-meta.py" "$stage/package" --version "$version" || {
  echo "the package does not pass check-unity-meta.py: not written" >&2
  exit 1
}

out="$dist/com.offerkit.client-$version.tgz"
mtime="$(source_epoch)"
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$mtime" \
  --mode='u+rwX,go+rX,go-w' -cf - package | gzip -9n >"$out.tmp" && mv "$out.tmp" "$out" || exit 1
echo "wrote ${out#"$PWD"/} ($(du -h "$out" | cut -f1))"
