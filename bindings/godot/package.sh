#!/usr/bin/env bash
# Builds the addon a Godot user installs by unzipping it into the project's folder:
#
#   DIST/offerkit-godot-VERSION.zip   addons/offerkit/ with offerkit.gdextension, README.md (with
#                                     its picture in docs/ and the examples it names in example/),
#                                     the licenses, and bin/PLATFORM/ with the release library
#                                     of Linux x86_64 (libofferkit_godot.so), Linux arm64 and
#                                     Windows x86_64 (offerkit_godot.dll)
#
#   bindings/godot/package.sh DIST
#
# Each library is a release build of the crate (cargo build --release -p offerkit-godot, the
# others cross-built with Debian's gcc-aarch64-linux-gnu and mingw-w64, as
# scripts/build-native.sh builds the C library), unless ${OFFERKIT_NATIVE_DIR}/PLATFORM already
# holds it (where a release runner would put macOS, iOS and Android builds: none does yet; the
# .gdextension names their paths). Every library passes scripts/check-release-lib.py. The zip's
# entries carry the source date (SOURCE_DATE_EPOCH or the last commit), in a fixed order.
# Clean release builds here (2 cores): about 3.5 min each for Linux x86_64 and arm64, 4.5 min
# for Windows; unchanged sources take seconds.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args --create "$@"
need zip zip
need aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
need x86_64-w64-mingw32-gcc gcc-mingw-w64-x86-64
make_work
target_dir=$(cd "$root" && cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')

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

# library PLATFORM NATIVE TRIPLE FILE: bin/PLATFORM/FILE (Godot's platform names), prebuilt in
# $native/NATIVE (scripts/build-native.sh's names) or built now.
library() {
  local platform="$1" prebuilt="$native/$2/$4" triple="$3" file="$4" built started=$SECONDS
  mkdir -p "$addon/bin/$platform"
  if [[ -f "$prebuilt" ]]; then
    cp "$prebuilt" "$addon/bin/$platform/"
    echo "$platform: $prebuilt (prebuilt)"
    return
  fi
  if [[ -n "$triple" ]]; then
    grep -qx "$triple" <<<"$(rustup target list --installed)" || rustup target add "$triple"
    (cd "$root" && CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc AR_aarch64_unknown_linux_gnu=aarch64-linux-gnu-ar \
      cargo build --release -q -p offerkit-godot --target "$triple")
    built="$target_dir/$triple/release/$file"
  else
    (cd "$root" && cargo build --release -q -p offerkit-godot)
    built="$target_dir/release/$file"
  fi
  cp "$built" "$addon/bin/$platform/"
  echo "$platform: built in $((SECONDS - started)) s, $(stat -c %s "$built") bytes"
}
library linux-x86_64 linux-x86_64 "" libofferkit_godot.so
library linux-arm64 linux-aarch64 aarch64-unknown-linux-gnu libofferkit_godot.so
library windows-x86_64 windows-x86_64 x86_64-pc-windows-gnu offerkit_godot.dll
python3 "$root/scripts/check-release-lib.py" "$addon/bin"

zip_file="$dist/offerkit-godot-$version.zip"
rm -f "$zip_file"
epoch=$(source_epoch)
find "$work/addons" -exec touch -h -d "@$epoch" {} +
(cd "$work" && find addons -type f | LC_ALL=C sort | zip -q -X -D "$zip_file" -@)
echo "$zip_file: $(stat -c %s "$zip_file") bytes"
unzip -l "$zip_file" | sed 's/^/  /'
