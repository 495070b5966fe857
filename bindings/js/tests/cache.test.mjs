// The response cache: a second identical call is answered from memory, concurrent identical
// calls share one request, `invalidate` forgets a player, and a failed refresh serves the last
// good answer marked stale.
import { assert, describe, test } from "./env.mjs";
import { clearedSimulator, client, sim } from "./common.mjs";
import { sleep } from "./sim.mjs";

describe("cache", () => {
  clearedSimulator();

  test("a second identical call comes from the cache", async () => {
    const c = await client({ cache: true });
    const first = await c.offersCached("player-1", { limit: 2 });
    const second = await c.offersCached("player-1", { limit: 2 });
    assert.equal(first.fromCache, false);
    assert.equal(second.fromCache, true);
    assert.deepEqual(second.offers, first.offers);
    assert.equal((await sim.stats()).graphql, 1);
  });

  test("concurrent identical calls share one request", async () => {
    const c = await client({ cache: true });
    await sim.fault({ kind: "latency", ms: 200 });
    const all = await Promise.all(Array.from({ length: 10 }, () => c.offers("player-1", { limit: 1 })));
    assert.equal(all.length, 10);
    assert.equal((await sim.stats()).graphql, 1);
  });

  test("invalidate and clearCache forget answers", async () => {
    const c = await client({ cache: true });
    await c.offers("player-1");
    c.invalidate("player-1");
    await c.offers("player-1");
    c.clearCache();
    await c.offers("player-1");
    assert.equal((await sim.stats()).graphql, 3);
  });

  test("a failed refresh serves the last answer, stale, with why", async () => {
    const c = await client({ cache: { ttl: 50, maxStale: 60_000 }, maxRetries: 0 });
    const fresh = await c.offersCached("player-1", { limit: 1 });
    await sleep(80);
    await sim.fault({ kind: "status", status: 503 });
    const stale = await c.offersCached("player-1", { limit: 1 });
    assert.equal(stale.stale, true);
    assert.equal(stale.fromCache, true);
    assert.ok(stale.age >= 50, `age ${stale.age}`);
    assert.match(stale.refreshError, /503/);
    assert.deepEqual(stale.offers, fresh.offers);
  });

  test("the listing is cached too", async () => {
    const c = await client({ cache: true });
    await c.listOffers({ perPage: 3 });
    const again = await c.listOffers({ perPage: 3 });
    assert.equal(again.fromCache, true);
    assert.equal((await sim.stats()).listing, 1);
  });
});
