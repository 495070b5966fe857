#!/usr/bin/env bash
# Smoke-tests DIST/offerkit-VERSION.tgz (bindings/js/package.sh) as a Node developer installs it:
# an empty project installs the tarball (and TypeScript from the npm registry), compiles the
# package's example with `tsc --strict` against the published types, and runs it against the
# simulator.
#
#   bindings/js/smoke.sh DIST
#
# Prints "ok   NAME" / "FAIL NAME" per check; exit 0 only if nothing failed.
set -uo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
source "$root/scripts/lib/package-common.sh"
package_args "$@"
make_work

tarball="$dist/offerkit-$version.tgz"
project="$work/project"
check "offerkit-$version.tgz exists" test -f "$tarball" || finish
has_files() {
  local listing f
  listing=$(tar -tzf "$tarball") || return 1
  for f in package/package.json package/README.md package/LICENSE-MIT package/LICENSE-APACHE \
    package/dist/index.js package/dist/node.js package/dist/api.d.ts package/dist/types.d.ts \
    package/dist/wasm/offerkit_js.js package/dist/wasm/offerkit_js_bg.wasm; do
    grep -qxF "$f" <<<"$listing" || { echo "missing $f"; return 1; }
  done
  ! grep -E '^package/(tests|ts|src|node_modules)/' <<<"$listing"
}
check "the tarball has the entries, types, WebAssembly and licenses, and no sources or tests" has_files
mkdir -p "$project"
cp "$root/bindings/js/example/print-offers.ts" "$project/"
cat >"$project/package.json" <<'JSON'
{ "name": "offerkit-smoke", "private": true, "type": "module" }
JSON
cat >"$project/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext",
    "lib": ["ES2022", "DOM"], "types": ["node"], "strict": true, "skipLibCheck": false
  },
  "files": ["print-offers.ts"]
}
JSON
typescript=$(node -p 'require(process.argv[1]).devDependencies.typescript' "$root/bindings/js/package.json")
types_node=$(node -p 'require(process.argv[1]).devDependencies["@types/node"]' "$root/bindings/js/package.json")
check "an empty project installs the tarball" \
  npm install --prefix "$project" --no-audit --no-fund --loglevel=error "$tarball" "typescript@$typescript" "@types/node@$types_node" || finish
check "the example compiles with tsc --strict against the published types" \
  "$project/node_modules/.bin/tsc" -p "$project/tsconfig.json" || finish
start_sim || finish
token=$(sim_token) || finish
prints_offers() {
  local out
  out=$(cd "$project" && OFFERKIT_BASE_URL="$sim_url" OFFERKIT_ACCESS_TOKEN="$token" node print-offers.js) || return 1
  echo "$out"
  [[ $(grep -c ' — \$' <<<"$out") == 5 ]] && grep -qx cancelled <<<"$out"
}
check "the installed example prints the simulator's offers" prints_offers
finish
