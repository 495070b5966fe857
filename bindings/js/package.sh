#!/usr/bin/env bash
# Builds the npm package a web or Node developer installs:
#
#   DIST/offerkit-VERSION.tgz   `npm pack` of package.json, README.md, the licenses and dist/
#                               (the ESM entries for browsers and Node, their .d.ts files, the
#                               WebAssembly module and its glue)
#
#   bindings/js/package.sh DIST
#
# build.sh makes dist/ (core for wasm32 with the wasm-release profile, wasm-bindgen, tsc). npm
# gives every entry of the tarball the same fixed date, so the same sources pack the same bytes.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args --create "$@"
make_work

here="$root/bindings/js"
"$here/build.sh"
mkdir -p "$work/package"
cp -r "$here/package.json" "$here/README.md" "$here/dist" "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$work/package/"
[[ -d "$here/docs" ]] && cp -r "$here/docs" "$work/package/"
(cd "$work/package" && npm pack --silent --pack-destination "$dist" >/dev/null)
test -f "$dist/offerkit-$version.tgz"
echo "packaged $dist/offerkit-$version.tgz ($(stat -c %s "$dist/offerkit-$version.tgz") bytes)"
