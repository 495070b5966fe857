#!/usr/bin/env bash
# Builds the Dart package archive a Dart user downloads and depends on by path:
#
#   bindings/dart/package.sh DIST
#
# writes DIST/offerkit-dart-VERSION.tar.gz holding one directory offerkit-dart-VERSION/: the
# package as git tracks it (pubspec.yaml, analysis_options.yaml, lib/ with the generated raw
# bindings, example/), README.md, CHANGELOG.md, the licences, and the release library for Linux
# x86_64 in native/linux-x86_64/libofferkit.so (from ${OFFERKIT_NATIVE_DIR:-target/native},
# scripts/build-native.sh, refused unless scripts/check-release-lib.py accepts it). Not in it:
# the tests, the generator, the Flutter plugin (built from the repository by the release
# workflow). VERSION is scripts/version.sh's, which pubspec.yaml must carry. Reproducible:
# sorted, owner 0, every timestamp the last commit's (or SOURCE_DATE_EPOCH).
# bindings/dart/smoke.sh tests it.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args --create "$@"
epoch="$(source_epoch)"
make_work

versions_agree || exit 1
need_native linux-x86_64 libofferkit.so || exit 1
(cd "$native/linux-x86_64" && python3 "$root/scripts/check-release-lib.py" libofferkit.so) || exit 1
python3 "$root/bindings/dart/tool/generate_bindings.py" --check || exit 1

name="offerkit-dart-$version"
pkg="$work/$name"
copy_tracked "$root/bindings/dart" "$pkg" tests tool flutter test.sh package.sh smoke.sh binding.toml || exit 1
cp "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$pkg/" || exit 1
mkdir -p "$pkg/native/linux-x86_64"
cp "$native/linux-x86_64/libofferkit.so" "$pkg/native/linux-x86_64/" || exit 1
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$work" -cf - "$name" |
  gzip -n -9 >"$dist/$name.tar.gz" || exit 1
echo "wrote $dist/$name.tar.gz"
