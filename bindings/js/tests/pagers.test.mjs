// `for await` over every page: the whole walk matches the service's pages; `break` ends it and
// sends nothing more; a signal stops the page in flight; a bad argument throws before any
// request; a cycling cursor ends the walk with an error.
import { assert, describe, test } from "./env.mjs";
import { clearedSimulator, client, rejection, sim, thrown } from "./common.mjs";

describe("pagers", () => {
  clearedSimulator();

  test("playerOffersPages walks every page once", async () => {
    const c = await client();
    const ids = [];
    let pages = 0;
    for await (const page of c.playerOffersPages("player-1", { limit: 3 })) {
      pages += 1;
      ids.push(...page.items.map((i) => i.id));
      assert.deepEqual(page.skipped, []);
    }
    assert.ok(pages >= 2, `only ${pages} page(s)`);
    assert.equal(new Set(ids).size, ids.length, "an item came twice");
    const single = await c.playerOffers("player-1", { limit: 100 });
    assert.deepEqual(ids, single.items.map((i) => i.id));
  });

  test("break ends the walk and sends nothing more", async () => {
    const c = await client();
    for await (const page of c.playerOffersPages("player-1", { limit: 1 })) {
      assert.equal(page.items.length, 1);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal((await sim.stats()).graphql, 1);
  });

  test("a signal stops the page in flight", async () => {
    const c = await client();
    const controller = new AbortController();
    const seen = [];
    await sim.fault({ kind: "latency", ms: 10_000, times: 1, path: "/v1/offers" });
    const walk = (async () => {
      for await (const page of c.playerOffersPages("player-1", { limit: 1, signal: controller.signal })) seen.push(page);
    })();
    await sim.eventually("the first page in flight", (s) => s.in_flight === 1);
    controller.abort();
    await rejection(walk, "cancelled");
    assert.equal(seen.length, 0);
    await sim.eventually("the connection closed", (s) => s.aborted === 1);
  });

  test("bad arguments throw when the pager is made", async () => {
    const c = await client();
    thrown(() => c.playerOffersPages("player-1", { limit: 0 }), "invalid_argument");
    thrown(() => c.listOffersPages(0), "invalid_argument");
    assert.equal((await sim.stats()).requests, 0);
  });

  test("a cursor that cycles ends the walk with decode", async () => {
    await sim.mess({ cursor_cycle: true });
    const c = await client();
    const walk = (async () => {
      for await (const _ of c.playerOffersPages("player-1", { limit: 2 })) {
        /* walk */
      }
    })();
    await rejection(walk, "decode");
  });

  test("listOffersPages walks the listing by page number", async () => {
    const c = await client();
    const ids = [];
    for await (const page of c.listOffersPages(7)) ids.push(...page.offers.map((o) => o.id));
    const all = (await sim.catalogue()).offers.map((o) => o.id);
    assert.deepEqual(ids, all);
    const fromThree = [];
    for await (const page of c.listOffersPages(7, { page: 3 })) fromThree.push(...page.offers.map((o) => o.id));
    assert.deepEqual(fromThree, all.slice(14));
  });
});
