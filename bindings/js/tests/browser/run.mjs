// Runs the package's test suite in a real headless Chromium (Debian's, driven by
// playwright-core): serves bindings/js on a loopback port — the package's browser entry, the
// test files, and tests/browser/env.mjs at tests/env.mjs — opens the runner page against the
// simulator in CORS mode (OFFERKIT_SIM_CORS_URL; the harness's own, without CORS, is
// OFFERKIT_SIM_URL) and writes each test's outcome to the harness's results file: the shared
// files' as suite OFFERKIT_SUITE (default js-tests-chromium, the same cases as Node's js-tests),
// tests/browser's own as js-browser-tests. Exit status 1 when a test failed or none ran.
//
//   node tests/browser/run.mjs                    the suite
//   node tests/browser/run.mjs --example OUT.png  the example offer wall, checked and photographed
import { createServer } from "node:http";
import { appendFileSync, readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { extname, join, normalize, resolve } from "node:path";
import { chromium } from "playwright-core";

const root = resolve(new URL("../..", import.meta.url).pathname);
const corsSim = process.env.OFFERKIT_SIM_CORS_URL ?? "";
const plainSim = process.env.OFFERKIT_SIM_URL ?? "";
const suite = process.env.OFFERKIT_SUITE || "js-tests-chromium";
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
if (!corsSim) throw new Error("OFFERKIT_SIM_CORS_URL is not set: run bindings/js/test.sh");

const types = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".json": "application/json", ".css": "text/css", ".png": "image/png", ".svg": "image/svg+xml" };
const testFiles = [
  ...readdirSync(join(root, "tests")).filter((f) => f.endsWith(".test.mjs")).sort(),
  ...readdirSync(join(root, "tests/browser")).filter((f) => f.endsWith(".test.mjs")).sort().map((f) => `browser/${f}`),
];

/** The file a request path names under bindings/js, with the browser's env.mjs swapped in. */
function fileFor(path) {
  if (path === "/tests/env.mjs") return join(root, "tests/browser/env.mjs");
  const file = normalize(join(root, decodeURIComponent(path)));
  return file.startsWith(root + "/") ? file : null;
}

const server = createServer((request, response) => {
  const path = new URL(request.url, "http://x").pathname;
  if (path === "/tests/browser/files.json") {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(testFiles));
    return;
  }
  const file = fileFor(path);
  if (!file || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404, { "content-type": "text/plain" });
    response.end("not found");
    return;
  }
  response.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
  response.end(readFileSync(file));
});
await new Promise((ready) => server.listen(0, "127.0.0.1", ready));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let status = 0;
try {
  const page = await browser.newPage();
  page.on("console", (message) => console.log(`  [chromium] ${message.text()}`));
  page.on("pageerror", (error) => console.log(`  [chromium] page error: ${error.message}`));
  const example = process.argv.indexOf("--example");
  if (example > 0) {
    // The example offer wall, served the same way: it shows the offers, a click opens the
    // offer's tracking link for the player, and its picture goes to the README.
    const out = process.argv[example + 1];
    await page.setViewportSize({ width: 720, height: 560 });
    const token = process.env.OFFERKIT_ACCESS_TOKEN ?? "";
    await page.goto(`${origin}/example/offer-wall/index.html?baseUrl=${encodeURIComponent(corsSim)}&token=${encodeURIComponent(token)}`);
    await page.waitForSelector(".offer", { timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    const rows = await page.locator(".offer").count();
    const clicked = page.context().waitForEvent("request", { predicate: (r) => r.url().includes("/click/"), timeout: 10_000 });
    await page.locator(".play").first().click();
    const url = new URL((await clicked).url());
    const opened = url.origin === new URL(corsSim).origin && url.searchParams.get("player_id") === "demo-player";
    await page.screenshot({ path: out });
    console.log(`${rows} offers shown; the first click opened ${url.pathname}?player_id=${url.searchParams.get("player_id")}; wrote ${out}`);
    if (rows !== 6 || !opened) status = 1;
  } else {
    await page.goto(`${origin}/tests/browser/index.html?sim=${encodeURIComponent(corsSim)}&plainSim=${encodeURIComponent(plainSim)}`);
    console.log(`Chromium ${browser.version()}: ${testFiles.length} test files`);
    const results = await page.evaluate(() => window.offerkitResults);
    const path = process.env.OFFERKIT_RESULTS;
    for (const r of results) {
      const own = r.file.startsWith("browser/") ? "js-browser-tests" : suite;
      if (path) appendFileSync(path, JSON.stringify({ suite: own, case: `${r.file}::${r.name}`, outcome: r.outcome, seconds: r.seconds, detail: r.detail.slice(0, 500) }) + "\n");
    }
    const failed = results.filter((r) => r.outcome !== "passed").length;
    console.log(`${results.length - failed} passed, ${failed} failed, 0 skipped`);
    if (failed > 0 || results.length === 0) status = 1;
  }
} finally {
  await browser.close();
  server.close();
}
process.exit(status);
