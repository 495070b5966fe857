// The entry point for Node (package.json's "node" condition): reads the WebAssembly module
// from the package's own folder, once, before anything is exported.

import { readFileSync } from "node:fs";
import { initSync } from "./wasm/offerkit_js.js";

initSync({ module: readFileSync(new URL("./wasm/offerkit_js_bg.wasm", import.meta.url)) });

export * from "./api.js";
