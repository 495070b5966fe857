// Runs the suite in the page: imports every test file the server lists (they register their
// tests through env.mjs), runs each test after its beforeEach hooks, one at a time with a
// time limit, and leaves the outcomes in `window.offerkitResults` for run.mjs to collect.
import { registered } from "../env.mjs";

const LIMIT_MS = 60_000;

async function run() {
  const files = await (await fetch("/tests/browser/files.json")).json();
  const results = [];
  for (const file of files) {
    const before = registered.length;
    try {
      await import(`/tests/${file}`);
    } catch (error) {
      results.push({ file, name: "(import)", outcome: "failed", seconds: 0, detail: String(error?.stack ?? error) });
      continue;
    }
    for (const entry of registered.slice(before)) {
      const started = performance.now();
      let outcome = "passed";
      let detail = "";
      try {
        let timer;
        const limit = new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`did not finish within ${LIMIT_MS} ms`)), LIMIT_MS);
        });
        try {
          await Promise.race([(async () => {
            for (const hook of entry.befores) await hook();
            await entry.fn();
          })(), limit]);
        } finally {
          clearTimeout(timer);
        }
      } catch (error) {
        outcome = "failed";
        detail = String(error?.message ?? error);
      }
      const seconds = Number(((performance.now() - started) / 1000).toFixed(3));
      results.push({ file: file.replace(/\.test\.mjs$/, ""), name: entry.name, outcome, seconds, detail });
      console.log(`${outcome === "passed" ? "ok  " : "FAIL"} ${file} ${entry.name}${detail ? ": " + detail : ""}`);
    }
  }
  return results;
}

window.offerkitResults = run().catch((error) => [{ file: "(runner)", name: "(runner)", outcome: "failed", seconds: 0, detail: String(error?.stack ?? error) }]);
