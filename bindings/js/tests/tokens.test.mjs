// The token provider: asked when there is no token, again after a 401 ("rejected"), awaited
// when it returns a promise; what it does wrong fails the call with `unauthorized` saying what.
import { assert, describe, offerkit, simUrl, test } from "./env.mjs";
import { clearedSimulator, rejection, sim } from "./common.mjs";

describe("tokens", () => {
  clearedSimulator();

  test("the provider is asked for a missing token, and once again after a 401", async () => {
    const reasons = [];
    let first = true;
    const c = new offerkit.OfferClient(simUrl, {
      tokenProvider: async (reason) => {
        reasons.push(reason);
        if (first) {
          first = false;
          return "not-a-valid-token";
        }
        return sim.token();
      },
    });
    assert.equal((await c.offers("player-1", { limit: 1 })).length, 1);
    assert.deepEqual(reasons, ["missing", "rejected"]);
    await c.offers("player-1", { limit: 1 });
    assert.equal(reasons.length, 2, "a good token is kept");
  });

  test("a token with expiresIn is refreshed ahead of expiry", async () => {
    const reasons = [];
    const token = await sim.token();
    const c = new offerkit.OfferClient(simUrl, {
      tokenRefreshSkew: 1000,
      tokenProvider: (reason) => {
        reasons.push(reason);
        return { token: "opaque-" + reasons.length, expiresIn: 500 };
      },
    });
    // Opaque tokens the simulator refuses: the provider is asked every time, the reasons show why.
    await rejection(c.offers("player-1"), "unauthorized");
    assert.deepEqual(reasons.slice(0, 2), ["missing", "rejected"]);
    c.setAccessToken(token);
    assert.equal((await c.offers("player-1", { limit: 1 })).length, 1);
  });

  test("a provider that throws, returns null or an empty token fails with unauthorized", async () => {
    for (const [provider, words] of [
      [async () => { throw new Error("backend down"); }, /backend down/],
      [() => null, /returned null, not a token/],
      [() => "", /empty token/],
      [() => ({ nope: 1 }), /without a string `token`/],
      [() => ({ token: "t", expiresIn: -5 }), /expiresIn/],
    ]) {
      const e = await rejection(new offerkit.OfferClient(simUrl, { tokenProvider: provider }).offers("player-1"), "unauthorized");
      assert.match(e.message, words);
    }
    assert.equal((await sim.stats()).requests, 0);
  });

  test("a provider slower than its timeout fails the call with timeout", async () => {
    const c = new offerkit.OfferClient(simUrl, { tokenProviderTimeout: 100, tokenProvider: () => new Promise(() => {}) });
    const started = Date.now();
    const e = await rejection(c.offers("player-1"), "timeout");
    assert.ok(Date.now() - started < 3000);
    assert.match(e.message, /token/);
  });

  test("setAccessToken replaces the token; null forgets it", async () => {
    const c = new offerkit.OfferClient(simUrl);
    c.setAccessToken(await sim.token());
    assert.equal((await c.offers("player-1", { limit: 1 })).length, 1);
    c.setAccessToken(null);
    await rejection(c.offers("player-1"), "unauthorized");
  });
});

