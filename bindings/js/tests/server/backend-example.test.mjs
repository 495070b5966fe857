// The backend example (example/backend.ts, compiled by test.sh) as a game would use it: its
// token endpoint gives a token the service accepts, its postback endpoint credits a signed
// postback and answers a forged one with 401.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { after, before, test } from "node:test";
import { OfferClient } from "../../dist/node.js";

const simUrl = process.env.OFFERKIT_SIM_URL ?? "";
const KEY = "example-postback-key";
let child;
let base;
let output = "";

before(async () => {
  child = spawn(process.execPath, [new URL("../../example/dist/backend.js", import.meta.url).pathname], {
    env: { ...process.env, PORT: "0", OFFERKIT_BASE_URL: simUrl, OFFERKIT_REFRESH_TOKEN: "sim-refresh-token", OFFERKIT_POSTBACK_KEY: KEY },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.stdout.on("data", (d) => (output += d));
  const port = await new Promise((resolve, reject) => {
    const wait = setInterval(() => {
      const line = output.match(/^listening on (\d+)/m);
      if (line) {
        clearInterval(wait);
        resolve(line[1]);
      }
    }, 20);
    child.on("exit", (code) => reject(new Error(`the example exited with ${code}`)));
  });
  base = `http://127.0.0.1:${port}`;
});

after(() => child?.kill());

test("the token endpoint gives a token the service accepts", async () => {
  const answer = await (await fetch(`${base}/offerkit-token`, { method: "POST" })).json();
  assert.equal(typeof answer.access_token, "string");
  const offers = await new OfferClient(simUrl, { accessToken: answer.access_token }).offers("player-1", { limit: 2 });
  assert.equal(offers.length, 2);
});

test("the postback endpoint credits a signed postback and refuses a forged one", async () => {
  const body = JSON.stringify({ request_id: "r", timestamp: Math.floor(Date.now() / 1000), data: { player_id: "p-9", amount: 70, conversion_id: "c-9" } });
  const signature = createHmac("sha256", KEY).update(body).digest("hex");
  const ok = await fetch(`${base}/postback`, { method: "POST", headers: { signature }, body });
  assert.equal(ok.status, 200);
  const forged = await fetch(`${base}/postback`, { method: "POST", headers: { signature }, body: body.replace("70", "7000") });
  assert.equal(forged.status, 401);
  assert.match(output, /credit 70 to p-9 \(conversion c-9\)/);
  assert.doesNotMatch(output, /7000/);
});
