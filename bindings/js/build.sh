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

cargo build --profile wasm-release -p offerkit-js --target wasm32-unknown-unknown
rm -rf ts/wasm dist
"$wasm_bindgen" --target web --remove-name-section --remove-producers-section --out-dir ts/wasm \
  "$target_dir/wasm32-unknown-unknown/wasm-release/offerkit_js.wasm"
[[ -d node_modules/typescript ]] || npm ci --no-audit --no-fund --loglevel=error
node_modules/.bin/tsc -p tsconfig.json
mkdir -p dist/wasm
cp ts/wasm/offerkit_js.js ts/wasm/offerkit_js_bg.wasm dist/wasm/
