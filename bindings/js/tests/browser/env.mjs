// The suite's runtime in the browser, served at tests/env.mjs in place of the Node one (same
// names): a small `test`/`describe`/`beforeEach` registry that runner.mjs runs one test at a
// time, the assertions the suite uses (node:assert/strict's meaning), the package's browser
// entry and the simulator's address (the one in CORS mode) from the page's query string.
export * as offerkit from "../../dist/index.js";

const query = new URLSearchParams(location.search);
export const simUrl = query.get("sim") ?? "";
/** The harness's simulator, without CORS: a browser must refuse its answers. */
export const plainSimUrl = query.get("plainSim") ?? "";
export const runtime = "chromium";

export const registered = [];
let current = { name: "", befores: [] };

export function describe(name, body) {
  const outer = current;
  current = { name, befores: [...outer.befores] };
  body();
  current = outer;
}

export function beforeEach(fn) {
  current.befores.push(fn);
}

export function test(name, fn) {
  registered.push({ name, befores: [...current.befores], fn });
}

class AssertionError extends Error {
  constructor(message) {
    super(message);
    this.name = "AssertionError";
  }
}

function show(value) {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

function deepEqual(a, b) {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
}

export const assert = {
  ok(value, message) {
    if (!value) throw new AssertionError(message ?? `expected a truthy value, got ${show(value)}`);
  },
  equal(actual, expected, message) {
    if (!Object.is(actual, expected)) throw new AssertionError(`${message ? message + ": " : ""}${show(actual)} !== ${show(expected)}`);
  },
  deepEqual(actual, expected, message) {
    if (!deepEqual(actual, expected)) throw new AssertionError(`${message ? message + ": " : ""}${show(actual)} is not ${show(expected)}`);
  },
  notDeepEqual(actual, expected, message) {
    if (deepEqual(actual, expected)) throw new AssertionError(message ?? `expected something other than ${show(expected)}`);
  },
  match(text, pattern, message) {
    if (typeof text !== "string" || !pattern.test(text)) throw new AssertionError(message ?? `${show(text)} does not match ${pattern}`);
  },
  fail(message) {
    throw new AssertionError(message);
  },
};
