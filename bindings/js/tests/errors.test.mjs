// Every error kind, provoked through the simulator's real answers and its fault injection,
// with the data each carries; and arguments of the wrong type refused before anything is sent.
import { assert, describe, offerkit, simUrl, test } from "./env.mjs";
import { clearedSimulator, client, rejection, sim, thrown } from "./common.mjs";

describe("errors", () => {
  clearedSimulator();

  test("invalid_argument names every failing argument and sends nothing", async () => {
    const c = await client();
    const e = await rejection(c.offers("player-1", { limit: 0, sort: "epc" }), "invalid_argument");
    assert.deepEqual(e.fields[0].path, ["offers"]);
    assert.deepEqual(e.fields[0].arguments.limit, ["The limit field must be at least 1."]);
    assert.ok("sort" in e.fields[0].arguments);
    assert.match(e.message, /The limit field must be at least 1\./);
    assert.equal(e.httpStatus, null);
    assert.equal((await sim.stats()).requests, 0);
  });

  test("arguments of the wrong type are invalid_argument, before anything is sent", async () => {
    const c = await client();
    const e = await rejection(c.offers(42), "invalid_argument");
    assert.deepEqual(e.fields[0].arguments.playerId, ["must be a string, not number"]);
    const limit = await rejection(c.offers("p", { limit: 1.5 }), "invalid_argument");
    assert.match(limit.message, /floating point `1\.5`, expected i64/);
    const unknown = await rejection(c.offers("p", { limt: 5 }), "invalid_argument");
    assert.match(unknown.message, /unknown field `limt`/);
    const nan = await rejection(c.offers("p", { limit: NaN }), "invalid_argument");
    assert.match(nan.message, /NaN/);
    await rejection(c.graphql("{ offers { id } }", { variables: { n: Infinity } }), "invalid_argument");
    thrown(() => c.listOffersPages(2.5), "invalid_argument");
    assert.equal((await sim.stats()).requests, 0);
  });

  test("unauthorized: a token the service refuses, and no token at all", async () => {
    const e = await rejection(new offerkit.OfferClient(simUrl, { accessToken: "not-a-token" }).offers("player-1"), "unauthorized");
    assert.equal(e.httpStatus, 401);
    const none = await rejection(new offerkit.OfferClient(simUrl).offers("player-1"), "unauthorized");
    assert.equal(none.httpStatus, null);
    assert.match(none.message, /no access token/);
  });

  test("forbidden for a token without the offers scope", async () => {
    const c = new offerkit.OfferClient(simUrl, { accessToken: await sim.token(3600, false) });
    const e = await rejection(c.offers("player-1"), "forbidden");
    assert.equal(e.httpStatus, 403);
  });

  test("validation from the service keeps its fields and the response", async () => {
    const c = await client();
    const e = await rejection(c.graphql('{ offers(player_id: "p", limit: 0, sort: "x.y") { id } }'), "validation");
    assert.deepEqual(e.fields[0].path, ["offers"]);
    assert.deepEqual(e.fields[0].arguments.limit, ["The limit field must be at least 1."]);
    assert.ok(Array.isArray(e.response.errors));
    assert.equal(e.httpStatus, 200);
  });

  test("query: a field the schema does not have", async () => {
    const e = await rejection((await client()).graphql("{ nope }"), "query");
    assert.match(e.message, /nope/);
    assert.equal(e.httpStatus, 200);
  });

  test("invalid_cursor keeps the reason", async () => {
    const e = await rejection((await client()).playerOffers("player-1", { after: "forged" }), "invalid_cursor");
    assert.ok(e.reason && e.reason.includes("Omit `after`"), e.reason);
  });

  for (const [status, body, kind] of [
    [415, '{"error":"Unsupported Media Type: send application/json."}', "unsupported_media_type"],
    [500, undefined, "server"],
    [404, '{"message":"Not Found"}', "rejected"],
  ]) {
    test(`HTTP ${status} is ${kind}`, async () => {
      await sim.fault(body === undefined ? { kind: "status", status } : { kind: "status", status, body });
      const e = await rejection((await client({ maxRetries: 0 })).offers("player-1"), kind);
      assert.equal(e.httpStatus, status);
    });
  }

  test("a redirect is rejected, never followed, and names its target", async () => {
    const redirect = async () => new Response(null, { status: 302, headers: { location: "https://elsewhere.example/v1/offers" } });
    const c = new offerkit.OfferClient(simUrl, { accessToken: "t", fetch: redirect });
    const e = await rejection(c.offers("player-1"), "rejected");
    assert.equal(e.httpStatus, 302);
    assert.match(e.message, /elsewhere\.example/);
  });

  test("a fetch that throws is a network error in its own words", async () => {
    const broken = async () => {
      throw new TypeError("the wire is cut");
    };
    const e = await rejection(new offerkit.OfferClient(simUrl, { accessToken: "t", maxRetries: 0, fetch: broken }).offers("player-1"), "network");
    assert.match(e.message, /the wire is cut/);
  });

  test("unprocessable has the field messages", async () => {
    const body = '{"message":"The per page field is required when page is present.","errors":{"per_page":["The per page field is required when page is present."]}}';
    await sim.fault({ kind: "status", status: 422, body });
    const e = await rejection((await client()).listOffers(), "unprocessable");
    assert.equal(e.httpStatus, 422);
    assert.deepEqual(e.fields[0].arguments.per_page, ["The per page field is required when page is present."]);
  });

  test("rate_limited carries Retry-After in milliseconds", async () => {
    await sim.fault({ kind: "status", status: 429, retry_after_secs: 7 });
    const e = await rejection((await client()).offers("player-1"), "rate_limited");
    assert.equal(e.retryAfter, 7000);
    assert.equal(e.httpStatus, 429);
    assert.match(e.message, /retry after 7 s/);
  });

  test("network: a body that breaks off, and nobody listening", async () => {
    await sim.fault({ kind: "drop_mid_body", times: 3 });
    await rejection((await client()).offers("player-1"), "network");
    const closed = new offerkit.OfferClient("http://127.0.0.1:9", { accessToken: "t", maxRetries: 0 });
    const e = await rejection(closed.offers("player-1"), "network");
    assert.match(e.message, /ECONNREFUSED|Failed to fetch|fetch failed/);
  });

  test("timeout: an attempt longer than its timeout", async () => {
    await sim.fault({ kind: "latency", ms: 5000, times: 3 });
    const started = Date.now();
    await rejection((await client({ timeout: 200, maxRetries: 0 })).offers("player-1"), "timeout");
    assert.ok(Date.now() - started < 4000, "the call waited for the slow answer");
  });

  test("decode: malformed JSON, and a body over the cap", async () => {
    await sim.fault({ kind: "malformed_json" });
    await rejection((await client()).offers("player-1"), "decode");
    await sim.fault({ kind: "oversized_body", bytes: 100_000 });
    const e = await rejection((await client({ maxBodyBytes: 10_000 })).offers("player-1"), "decode");
    assert.match(e.message, /10000|10 000|larger|more than/i);
  });

  test("gateway errors are retried", async () => {
    await sim.fault({ kind: "status", status: 503, times: 2 });
    const offers = await (await client()).offers("player-1", { limit: 1 });
    assert.equal(offers.length, 1);
    assert.equal((await sim.stats()).graphql, 3);
  });

  test("settings out of bounds name each setting in JavaScript's words", async () => {
    const e = thrown(() => new offerkit.OfferClient(simUrl, { maxRetries: 99, cache: { maxStale: 99 * 86_400_000 } }), "invalid_argument");
    const names = e.fields.flatMap((f) => Object.keys(f.arguments)).sort();
    assert.deepEqual(names, ["cache.maxStale", "maxRetries"]);
    thrown(() => new offerkit.OfferClient(simUrl, { timeout: -1 }), "invalid_argument");
    thrown(() => new offerkit.OfferClient(simUrl, { timout: 5 }), "invalid_argument");
    thrown(() => new offerkit.OfferClient("ftp://example.com"), "invalid_argument");
    thrown(() => new offerkit.OfferClient("http://offers.example.com"), "invalid_argument");
  });

  test("OfferError is an Error with a stack, and its data", async () => {
    const e = await rejection((await client()).offers(""), "invalid_argument");
    assert.ok(e instanceof Error);
    assert.equal(typeof e.stack, "string");
    assert.equal(e.retryAfter, null);
    assert.equal(e.reason, null);
  });
});
