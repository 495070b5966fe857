#!/usr/bin/env bash
# Builds the npm package in bindings/js/dist: core compiled to WebAssembly (profile
# wasm-release), its JavaScript glue by `wasm-bindgen` (the exact version of the crate in
# Cargo.lock; the harness tool `wasm-bindgen` installs it), and the TypeScript layer by `tsc`
# (the package's devDependencies, `npm ci`). `npm pack` in bindings/js then makes the tarball.
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../.. && pwd)
target_dir=${CARGO_TARGET_DIR:-$root/target}
wasm_bindgen=${WASM_BINDGEN:-$(python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); from harness import tools; print(tools.wasm_bindgen_path())' "$root")}

# Two modules: the client (every entry) and, with feature `server`, the backend's (offerkit/server
# only, so that no browser bundle carries it).
wasm="$target_dir/wasm32-unknown-unknown/wasm-release/offerkit_js.wasm"
bindgen=("$wasm_bindgen" --target web --remove-name-section --remove-producers-section)
rm -rf ts/wasm ts/wasm-server dist
cargo build --profile wasm-release -p offerkit-js --target wasm32-unknown-unknown
"${bindgen[@]}" --out-dir ts/wasm "$wasm"
cargo build --profile wasm-release -p offerkit-js --features server --target wasm32-unknown-unknown
"${bindgen[@]}" --out-dir ts/wasm-server --out-name offerkit_server "$wasm"
[[ -d node_modules/typescript ]] || npm ci --no-audit --no-fund --loglevel=error
node_modules/.bin/tsc -p tsconfig.json
mkdir -p dist/wasm dist/wasm-server
cp ts/wasm/offerkit_js.js ts/wasm/offerkit_js_bg.wasm dist/wasm/
cp ts/wasm-server/offerkit_server.js ts/wasm-server/offerkit_server_bg.wasm dist/wasm-server/
