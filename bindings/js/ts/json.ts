// Settings, options and variables cross to WebAssembly as JSON text; this is where they become
// it, refusing what `JSON.stringify` would silently change.

import { invalidArgument } from "./errors.js";

/** JSON text of `value`, refusing numbers JSON cannot carry (NaN, Infinity), which
 * `JSON.stringify` would turn into `null`. `path` names the call in the error. */
export function json(value: unknown, path: string): string {
  return JSON.stringify(value, (key: string, v: unknown) => {
    if (typeof v === "number" && !Number.isFinite(v)) {
      throw invalidArgument(path, key || "options", `must be a finite number, not ${String(v)}`);
    }
    return v;
  });
}
