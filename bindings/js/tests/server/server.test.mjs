// offerkit/server in Node, against the simulator: the refresh-token exchange, the reporting
// client and its 10-per-minute limit, and postbacks the simulator really sends (v3 and v2) —
// verified, forged, oversized, replayed — plus one signed here with node:crypto from the spec's
// words, independently of the code under test.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import { after, before, beforeEach, describe, test } from "node:test";
import { OfferClient } from "../../dist/node.js";
import { OfferError, PostbackVerifier, ReportClient, TokenExchanger } from "../../dist/server.js";
import { Sim, sleep } from "../sim.mjs";

const simUrl = process.env.OFFERKIT_SIM_URL ?? "";
const sim = new Sim(simUrl);
const REFRESH_TOKEN = "sim-refresh-token";
const REPORT_KEY = "sim-report-api-key";

async function rejection(promise, kind) {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof OfferError, `expected an OfferError, got ${error}`);
    assert.equal(error.kind, kind, error.message);
    return error;
  }
  assert.fail(`expected ${kind}, but the call succeeded`);
}

function thrown(run, kind) {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof OfferError, `expected an OfferError, got ${error}`);
    assert.equal(error.kind, kind, error.message);
    return error;
  }
  assert.fail(`expected ${kind}, but nothing was thrown`);
}

describe("token exchange", () => {
  beforeEach(() => sim.clear());

  test("exchanges the refresh token once and caches the access token", async () => {
    const exchanger = new TokenExchanger(simUrl, REFRESH_TOKEN);
    const grants = await Promise.all(Array.from({ length: 10 }, () => exchanger.accessToken()));
    assert.equal(new Set(grants.map((g) => g.token)).size, 1, "one exchange for ten callers");
    assert.ok(grants[0].expiresAt > Date.now() + 3_000_000, `expiresAt ${grants[0].expiresAt}`);
    assert.equal((await sim.stats()).token, 1);
    const offers = await new OfferClient(simUrl, { accessToken: grants[0].token }).offers("player-1", { limit: 1 });
    assert.equal(offers.length, 1, "the exchanged token is accepted");
    const fresh = await exchanger.exchange();
    assert.equal(fresh.message, "Authorized");
    assert.equal(fresh.expiresIn, 3_600_000);
    assert.equal((await sim.stats()).token, 2);
    exchanger.invalidate();
    await exchanger.accessToken();
    assert.equal((await sim.stats()).token, 3);
  });

  test("a refresh token the service refuses is unauthorized; one without permission forbidden", async () => {
    const e = await rejection(new TokenExchanger(simUrl, "wrong").accessToken(), "unauthorized");
    assert.equal(e.httpStatus, 401);
    assert.ok(!e.message.includes("wrong"), "the refresh token is never in a message");
    const f = await rejection(new TokenExchanger(simUrl, "sim-refresh-token-no-permission").accessToken(), "forbidden");
    assert.equal(f.httpStatus, 403);
    thrown(() => new TokenExchanger(simUrl, 5), "invalid_argument");
  });
});

describe("reporting", () => {
  beforeEach(async () => {
    await sim.clear();
    await sim.call("DELETE", "/_sim/report-limits");
  });

  const query = { groupBy: ["date"], start: "2025-03-01 00:00:00", end: "2025-03-02 23:59:59" };

  test("rows of a report", async () => {
    const rows = await new ReportClient(simUrl, REPORT_KEY).report({ ...query, fields: ["date", "payout", "conversions"] });
    assert.ok(rows.length >= 1, "no rows");
    assert.ok("date" in rows[0] && "payout" in rows[0], JSON.stringify(rows[0]));
  });

  test("the 11th request in a minute is refused before it is sent (failFast)", async () => {
    const { api_key: key } = await sim.call("POST", "/_sim/report-keys", {});
    const reports = new ReportClient(simUrl, key, { failFast: true });
    for (let i = 0; i < 10; i += 1) await reports.report(query);
    const e = await rejection(reports.report(query), "rate_limited");
    assert.ok(e.retryAfter > 0 && e.retryAfter <= 60_000, `retryAfter ${e.retryAfter}`);
    assert.equal((await sim.stats()).report, 10, "the 11th was never sent");
  });

  test("a bad query names what is wrong, before anything is sent", async () => {
    const reports = new ReportClient(simUrl, REPORT_KEY);
    const e = await rejection(reports.report({ groupBy: [], start: "2025-03-02 00:00:00", end: "2025-03-01 00:00:00" }), "invalid_argument");
    const names = e.fields.flatMap((f) => Object.keys(f.arguments)).sort();
    assert.deepEqual(names, ["date_range.end_date", "group_by"]);
    await rejection(reports.report({ ...query, groupBy: ["weekday"] }), "invalid_argument");
    await rejection(reports.report({ ...query, start: "yesterday" }), "invalid_argument");
    assert.equal((await sim.stats()).report, 0);
  });

  test("a wrong key is unauthorized", async () => {
    const e = await rejection(new ReportClient(simUrl, "not-a-key").report(query), "unauthorized");
    assert.equal(e.httpStatus, 401);
    assert.ok(!e.message.includes("not-a-key"));
  });
});

describe("postbacks", () => {
  const KEY = "postback-key-for-tests";
  let received = [];
  let receiver;
  let postbackSim;
  let child;

  before(async () => {
    receiver = createServer((request, response) => {
      const chunks = [];
      request.on("data", (c) => chunks.push(c));
      request.on("end", () => {
        received.push({ method: request.method, url: request.url, headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(200).end("ok");
      });
    });
    await new Promise((ready) => receiver.listen(0, "127.0.0.1", ready));
    const target = `http://127.0.0.1:${receiver.address().port}/postback`;
    assert.ok(process.env.OFFERKIT_SIM_BIN, "OFFERKIT_SIM_BIN is not set: run bindings/js/test.sh");
    child = spawn(process.env.OFFERKIT_SIM_BIN, ["--port", "0", "--postback-url", target], {
      env: { ...process.env, OFFERKIT_SIM_POSTBACK_KEY: KEY },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const url = await new Promise((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (d) => {
        out += d;
        const line = out.match(/^listening on (\S+)/m);
        if (line) resolve(line[1]);
      });
      child.on("exit", (code) => reject(new Error(`the simulator exited with ${code}`)));
    });
    postbackSim = new Sim(url);
  });

  after(() => {
    child?.kill();
    receiver?.close();
  });

  /** A real completion: the player clicks the offer's tracking link, the simulator completes
   * it and sends its signed postback, which the receiver above collects. */
  async function completion(format, playerId) {
    const token = await postbackSim.token();
    const [offer] = await new OfferClient(postbackSim.baseUrl, { accessToken: token }).offers(playerId, { limit: 1, select: "links { click_url }" });
    const click = new URL(offer.links.click_url);
    click.searchParams.set("player_id", playerId);
    await fetch(click, { redirect: "manual" });
    received = [];
    const done = await postbackSim.call("POST", "/_sim/complete", { player_id: playerId, offer_id: offer.id, format });
    const deadline = Date.now() + 10_000;
    while (received.length === 0 && Date.now() < deadline) await sleep(20);
    assert.equal(received.length, 1, "the simulator sent no postback");
    return { postback: received[0], conversion: done.conversion, offer };
  }

  test("a real v3 postback is verified and read", async () => {
    const { postback, conversion, offer } = await completion("v3", "player-v3");
    assert.equal(postback.method, "POST");
    const verified = new PostbackVerifier(KEY).verifyV3(postback.headers.signature, new Uint8Array(postback.body));
    assert.equal(verified.format, "v3");
    assert.equal(verified.player_id, "player-v3");
    assert.equal(verified.conversion_id, conversion.conversion_id);
    assert.equal(verified.offer_id, offer.id);
    assert.equal(verified.kind, "reward");
    assert.ok(Number.isInteger(verified.amount));
    assert.deepEqual(new PostbackVerifier(KEY).verifyV3(postback.headers.signature, postback.body.toString("utf8")), verified);
  });

  test("a real v2 postback is verified and read", async () => {
    const { postback, conversion } = await completion("v2", "player-v2");
    assert.equal(postback.method, "GET");
    const [path, rawQuery] = postback.url.split("?");
    const base = `http://127.0.0.1:${receiver.address().port}${path}`;
    const verified = new PostbackVerifier(KEY).verifyV2([base], rawQuery);
    assert.equal(verified.format, "v2");
    assert.equal(verified.conversion_id, conversion.conversion_id);
    assert.equal(verified.player_id, "player-v2");
    const e = thrown(() => new PostbackVerifier(KEY).verifyV2(["https://elsewhere.example/postback"], rawQuery), "unauthorized");
    assert.equal(e.httpStatus, 401);
  });

  test("forged postbacks are refused: another key, a changed body, no signature", async () => {
    const { postback } = await completion("v3", "player-forged");
    const body = postback.body.toString("utf8");
    const signature = postback.headers.signature;
    const other = thrown(() => new PostbackVerifier("another-key").verifyV3(signature, body), "unauthorized");
    assert.equal(other.httpStatus, 401);
    const changed = body.replace(/"amount":\s*(\d+)/, (_, n) => `"amount":${Number(n) + 1000}`);
    assert.notEqual(changed, body);
    thrown(() => new PostbackVerifier(KEY).verifyV3(signature, changed), "unauthorized");
    thrown(() => new PostbackVerifier(KEY).verifyV3(undefined, body), "unauthorized");
    thrown(() => new PostbackVerifier(KEY).verifyV3("zz", body), "unauthorized");
  });

  test("oversized postbacks are refused before anything is hashed", async () => {
    const { postback } = await completion("v3", "player-big");
    const e = thrown(() => new PostbackVerifier(KEY, { maxBytes: 64 }).verifyV3(postback.headers.signature, postback.body), "invalid_argument");
    assert.equal(e.httpStatus, 413);
    const q = thrown(() => new PostbackVerifier(KEY, { maxBytes: 8 }).verifyV2(["http://x/postback"], "player_id=p&amount=1&verifier=00"), "invalid_argument");
    assert.equal(q.httpStatus, 414);
    thrown(() => new PostbackVerifier(KEY, { maxBytes: 0 }), "invalid_argument");
  });

  test("a replayed postback, older than the replay window, is refused", async () => {
    const { postback } = await completion("v3", "player-replay");
    const verifier = new PostbackVerifier(KEY, { replayWindow: 1000 });
    assert.equal(verifier.verifyV3(postback.headers.signature, postback.body).player_id, "player-replay");
    await sleep(2100);
    const e = thrown(() => verifier.verifyV3(postback.headers.signature, postback.body), "unauthorized");
    assert.match(e.message, /replay window/);
  });

  test("a v3 postback signed here, from the spec's words, is accepted", () => {
    const body = JSON.stringify({
      request_id: "r-1",
      timestamp: Math.floor(Date.now() / 1000),
      data: { player_id: "player-7", amount: 150, payout: "1.25", conversion_id: "c-42", conversion_type: "reward" },
    });
    const signature = createHmac("sha256", KEY).update(body).digest("hex");
    const verified = new PostbackVerifier(KEY, { replayWindow: 60_000 }).verifyV3(signature, body);
    assert.deepEqual(
      { id: verified.conversion_id, player: verified.player_id, amount: verified.amount, payout: verified.payout },
      { id: "c-42", player: "player-7", amount: 150, payout: "1.25" },
    );
    // One hex digit changed (to another digit: a signature that already starts with "0" must not
    // stay intact), in upper case.
    const tampered = (signature[0] === "0" ? "1" : "0") + signature.slice(1).toUpperCase();
    thrown(() => new PostbackVerifier(KEY).verifyV3(tampered, body), "unauthorized");
  });
});
