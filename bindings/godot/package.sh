#!/usr/bin/env bash
# Builds the addon a Godot user installs by unzipping it into the project's folder:
#
#   DIST/offerkit-godot-VERSION.zip   addons/offerkit/ with offerkit.gdextension, README.md (with
#                                     its picture in docs/ and the examples it names in example/),
#                                     the licenses, and bin/PLATFORM/ with the release library
#                                     of Linux x86_64 (libofferkit_godot.so), Linux arm64 and
#                                     Windows x86_64 (offerkit_godot.dll); with macOS, iOS and
#                                     Android too when the release workflow built them
#
#   bindings/godot/package.sh DIST
#
# The libraries are scripts/build-native.sh's, as every package's (release profile; Linux arm64
# and Windows cross-built with Debian's gcc-aarch64-linux-gnu and mingw-w64): built for a platform
# whose target/native/PLATFORM lacks them. macOS (universal), iOS (device) and Android (arm64-v8a,
# x86_64) cannot be linked here: the release workflow builds them on hosted runners and they are
# included when target/native has them. Every library passes scripts/check-release-lib.py. The
# zip's entries carry the source date (SOURCE_DATE_EPOCH or the last commit), in a fixed order.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args --create "$@"
need zip zip
make_work

addon="$work/addons/offerkit"
here="$root/bindings/godot"
mkdir -p "$addon/docs" "$addon/example"
cp "$here/addons/offerkit/offerkit.gdextension" "$here/README.md" "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$addon/"
# The README's picture and the programs it names, beside it as in the repository. A .gdignore
# keeps the editor from importing them: the examples belong in the project's root folder (the
# scene names res://offer_list.gd), the picture is no game asset.
cp "$here/docs/offer_list.png" "$addon/docs/"
cp "$here/example/print_offers.gd" "$here/example/offer_list.gd" "$here/example/offer_list.tscn" "$addon/example/"
touch "$addon/docs/.gdignore" "$addon/example/.gdignore"
# Every relative link and image of the README names a file of the zip.
for link in $(grep -oE '\]\([^)#[:space:]]+' "$addon/README.md" | cut -c3- | grep -vE '^[a-z]+:' || true); do
  [[ -e "$addon/$link" ]] || { echo "README.md links to $link, which the zip lacks" >&2; exit 1; }
done

# The libraries, from ${OFFERKIT_NATIVE_DIR:-target/native} (scripts/build-native.sh, run here
# for a platform that lacks the library): NATIVE-PLATFORM FILE bin/FOLDER (the .gdextension's
# paths) REQUIRED.
libraries=(
  "linux-x86_64 libofferkit_godot.so linux-x86_64 1"
  "linux-aarch64 libofferkit_godot.so linux-arm64 1"
  "windows-x86_64 offerkit_godot.dll windows-x86_64 1"
  "macos-universal libofferkit_godot.dylib macos 0"
  "ios libofferkit_godot.dylib ios 0"
  "android/arm64-v8a libofferkit_godot.so android-arm64 0"
  "android/x86_64 libofferkit_godot.so android-x86_64 0"
)
for entry in "${libraries[@]}"; do
  read -r platform file folder required <<<"$entry"
  if [[ $required == 1 ]]; then
    need_native "$platform" "$file" || exit 1
  elif [[ ! -f "$native/$platform/$file" ]]; then
    echo "$folder: not built here ($native/$platform has no $file; the release workflow builds it)"
    continue
  fi
  mkdir -p "$addon/bin/$folder"
  cp "$native/$platform/$file" "$addon/bin/$folder/"
  echo "$folder: $file, $(stat -c %s "$native/$platform/$file") bytes"
done
python3 "$root/scripts/check-release-lib.py" "$addon/bin"

zip_file="$dist/offerkit-godot-$version.zip"
rm -f "$zip_file"
epoch=$(source_epoch)
find "$work/addons" -exec touch -h -d "@$epoch" {} +
(cd "$work" && find addons -type f | LC_ALL=C sort | zip -q -X -D "$zip_file" -@)
echo "$zip_file: $(stat -c %s "$zip_file") bytes"
unzip -l "$zip_file" | sed 's/^/  /'
