#!/usr/bin/env bash
# Smoke-tests DIST/offerkit-VERSION.tgz (bindings/js/package.sh) as a Node developer installs it:
# an empty project installs the tarball (and TypeScript from the npm registry), compiles the
# package's examples with `tsc --strict` against the published types, runs the offers example
# against the simulator, and uses offerkit/server (a postback, a token exchange).
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
    package/dist/wasm/offerkit_js.js package/dist/wasm/offerkit_js_bg.wasm package/dist/server.js \
    package/dist/server.d.ts package/dist/wasm-server/offerkit_server.js \
    package/dist/wasm-server/offerkit_server_bg.wasm; do
    grep -qxF "$f" <<<"$listing" || { echo "missing $f"; return 1; }
  done
  ! grep -E '^package/(tests|ts|src|node_modules)/' <<<"$listing"
}
check "the tarball has the entries, types, WebAssembly and licenses, and no sources or tests" has_files
mkdir -p "$project"
cp "$root/bindings/js/example/print-offers.ts" "$root/bindings/js/example/backend.ts" "$project/"
cat >"$project/package.json" <<'JSON'
{ "name": "offerkit-smoke", "private": true, "type": "module" }
JSON
cat >"$project/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext",
    "lib": ["ES2022", "DOM"], "types": ["node"], "strict": true, "skipLibCheck": false
  },
  "files": ["print-offers.ts", "backend.ts"]
}
JSON
typescript=$(node -p 'require(process.argv[1]).devDependencies.typescript' "$root/bindings/js/package.json")
types_node=$(node -p 'require(process.argv[1]).devDependencies["@types/node"]' "$root/bindings/js/package.json")
check "an empty project installs the tarball" \
  npm install --prefix "$project" --no-audit --no-fund --loglevel=error "$tarball" "typescript@$typescript" "@types/node@$types_node" || finish
check "the examples (offers; a backend over offerkit/server) compile with tsc --strict against the published types" \
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
server_entry_verifies() {
  (cd "$project" && node --input-type=module -e '
import { createHmac } from "node:crypto";
import { PostbackVerifier, TokenExchanger } from "offerkit/server";
const body = JSON.stringify({ request_id: "r", timestamp: 1, data: { player_id: "p", amount: 5, conversion_id: "c" } });
const conversion = new PostbackVerifier("k").verifyV3(createHmac("sha256", "k").update(body).digest("hex"), body);
const grant = await new TokenExchanger(process.argv[1], "sim-refresh-token").accessToken();
if (conversion.conversion_id !== "c" || typeof grant.token !== "string") process.exit(1);
console.log("offerkit/server verified a postback and exchanged a refresh token");' "$sim_url")
}
check "offerkit/server from the installed package verifies a postback and exchanges a token" server_entry_verifies
finish
