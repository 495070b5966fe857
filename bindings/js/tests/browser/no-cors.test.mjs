// Only in the browser: a service whose answers carry no CORS headers is refused by the browser;
// the call fails with a typed `network` error, quickly, rather than hanging.
import { assert, describe, offerkit, plainSimUrl, test } from "../env.mjs";

describe("browser", () => {
  test("without CORS the call fails with network, not a hang", async () => {
    assert.ok(plainSimUrl, "no simulator without CORS was given");
    const client = new offerkit.OfferClient(plainSimUrl, { accessToken: "any", maxRetries: 0 });
    const started = Date.now();
    try {
      await client.offers("player-1");
      assert.fail("the browser let the page read an answer without CORS headers");
    } catch (error) {
      assert.ok(error instanceof offerkit.OfferError, String(error));
      assert.equal(error.kind, "network", error.message);
      assert.match(error.message, /Failed to fetch/);
    }
    assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
  });
});
