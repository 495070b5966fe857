// Everything the package exports, the same for browsers and Node; the entry points
// (index.ts, node.ts) only load the WebAssembly module first.

export { OfferClient } from "./client.js";
export { OfferError } from "./errors.js";
export { clickUrl, lintPlayerId, shortPlayerId } from "./utilities.js";
export type * from "./types.js";
