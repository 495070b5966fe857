// The queries against the simulator: offers with their typed fields and selections, links,
// player offers, the listing, raw GraphQL, and malformed items skipped with their reasons.
import { assert, describe, test } from "./env.mjs";
import { clearedSimulator, client, sim } from "./common.mjs";

describe("queries", () => {
  clearedSimulator();

  test("offers have the spec's typed fields", async () => {
    const offers = await (await client()).offers("player-1", { limit: 3 });
    assert.equal(offers.length, 3);
    const catalogue = (await sim.catalogue()).offers;
    for (const offer of offers) {
      assert.equal(typeof offer.id, "string");
      const known = catalogue.find((o) => o.id === offer.id);
      assert.ok(known, `offer ${offer.id} is not in the catalogue`);
      assert.equal(offer.name, known.name);
      assert.equal(offer.total_payout_usd, known.total_payout_usd);
      assert.equal(typeof offer.creatives.description, "string");
    }
  });

  test("select adds fields, in the service's own names", async () => {
    const [offer] = await (await client()).offers("player-1", { limit: 1, select: "links { click_url }" });
    assert.match(offer.links.click_url, /^http/);
  });

  test("offersCached says where the answer came from and lists nothing skipped", async () => {
    const result = await (await client()).offersCached("player-1", { limit: 2 });
    assert.equal(result.offers.length, 2);
    assert.deepEqual(result.skipped, []);
    assert.equal(result.fromCache, false);
    assert.equal(result.stale, false);
    assert.equal(result.age, 0);
    assert.equal(result.refreshError, null);
  });

  test("malformed offers are skipped, each with its reason", async () => {
    await sim.mess({ bad_fields: true });
    const result = await (await client()).offersCached("player-1", { limit: 8 });
    assert.deepEqual(result.skipped.map((s) => s.index), [1, 5]);
    assert.match(result.skipped[0].reason, /name is null/);
    assert.match(result.skipped[1].reason, /total_payout_usd/);
    assert.equal(result.offers.length, 6);
  });

  test("links are the object the service sent", async () => {
    const links = await (await client()).links("player-1");
    assert.equal(typeof links.support_portal, "string");
    const cached = await (await client()).linksCached("player-1");
    assert.equal(cached.links.support_portal, links.support_portal);
    assert.equal(cached.fromCache, false);
  });

  test("player offers: one page with a cursor", async () => {
    const page = await (await client()).playerOffers("player-1", { limit: 2 });
    assert.equal(page.items.length, 2);
    assert.equal(typeof page.next_cursor, "string");
    assert.deepEqual(page.skipped, []);
    const next = await (await client()).playerOffers("player-1", { limit: 2, after: page.next_cursor });
    assert.notDeepEqual(next.items.map((i) => i.id), page.items.map((i) => i.id));
  });

  test("the listing, whole and by page", async () => {
    const c = await client();
    const all = await c.listOffers();
    assert.equal(all.pagination, null);
    assert.equal(all.offers.length, (await sim.catalogue()).offers.length);
    const page = await c.listOffers({ perPage: 2, page: 2 });
    assert.deepEqual(page.pagination, { current_page: 2, per_page: 2, has_more_pages: true, next_page: 3 });
    assert.deepEqual(page.offers.map((o) => o.id), all.offers.slice(2, 4).map((o) => o.id));
  });

  test("raw GraphQL resolves to data, variables included", async () => {
    const data = await (await client()).graphql("query($p: String!) { offers(player_id: $p, limit: 2) { id } }", { variables: { p: "player-1" } });
    assert.equal(data.offers.length, 2);
  });

  test("raw GraphQL data as JSON.parse gives it: deep nesting and large numbers", async () => {
    const deep = "[".repeat(200) + "]".repeat(200);
    await sim.fault({ kind: "status", status: 200, body: `{"data":{"deep":${deep},"big":123456789012345678901234567890}}` });
    const data = await (await client()).graphql("{ offers(player_id: \"p\") { id } }");
    let level = data.deep;
    let depth = 0;
    while (Array.isArray(level) && level.length) {
      level = level[0];
      depth += 1;
    }
    assert.equal(depth, 199);
    assert.equal(data.big, 1.2345678901234568e29);
  });
});
