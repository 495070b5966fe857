// The entry point for browsers, workers and bundlers: loads the WebAssembly module that lies
// beside this file (`new URL(..., import.meta.url)`), once, before anything is exported.

import init from "./wasm/offerkit_js.js";

await init();

export * from "./api.js";
