// A node:test reporter that writes each test's outcome to the harness's results file
// (harness/RESULTS.md: one JSON line per case, suite OFFERKIT_SUITE or "js-tests"), so the
// harness counts cases from a file, never from the log. Skipped and todo tests are reported as
// such (the harness fails a run with skips).
import { appendFileSync } from "node:fs";

export default async function* reporter(source) {
  const path = process.env.OFFERKIT_RESULTS;
  const suite = process.env.OFFERKIT_SUITE || "js-tests";
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const data = event.data;
    if (data.details?.type === "suite" || !path) continue;
    let outcome = event.type === "test:pass" ? "passed" : "failed";
    let detail = "";
    if (data.skip !== undefined) {
      outcome = "skipped";
      detail = typeof data.skip === "string" ? data.skip : "";
    } else if (data.todo !== undefined) {
      outcome = "failed";
      detail = `todo: ${data.todo}`;
    } else if (outcome === "failed") {
      const error = data.details?.error;
      detail = String(error?.cause?.message ?? error?.message ?? error).slice(0, 500);
    }
    const file = data.file ? data.file.split("/").pop().replace(/\.test\.mjs$/, "") : "";
    const line = { suite, case: file ? `${file}::${data.name}` : data.name, outcome, seconds: Number(((data.details?.duration_ms ?? 0) / 1000).toFixed(3)), detail };
    appendFileSync(path, JSON.stringify(line) + "\n");
  }
}
