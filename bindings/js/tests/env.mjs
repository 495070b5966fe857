// What the suite needs from its runtime, in Node: node:test, node:assert, the package's Node
// entry and the simulator's address. The browser run serves its own module at this path
// (tests/browser/env.mjs) with the same names, so every test file runs unchanged in both.
export { test, describe, beforeEach } from "node:test";
export { default as assert } from "node:assert/strict";
export * as offerkit from "../dist/node.js";
export const simUrl = process.env.OFFERKIT_SIM_URL ?? "";
export const runtime = "node";
