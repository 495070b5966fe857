// Click URLs and the player-id conventions, which need no client.
import { assert, describe, offerkit, test } from "./env.mjs";
import { thrown } from "./common.mjs";

describe("utilities", () => {
  test("clickUrl sets player_id and warns about the id's conventions", () => {
    const click = offerkit.clickUrl("https://t.example.com/c?o=1&player_id=old#top", "Bob.Smith");
    assert.equal(click.url, "https://t.example.com/c?o=1&player_id=Bob.Smith#top");
    assert.deepEqual(click.warnings.map((w) => w.code), ["uppercase", "period"]);
    assert.equal(offerkit.clickUrl("https://t.example.com/c", "bob").warnings.length, 0);
  });

  test("clickUrl refuses what is not a tracking URL, and a bad player id", () => {
    const e = thrown(() => offerkit.clickUrl("not a url", "bob"), "invalid_argument");
    assert.deepEqual(e.fields[0].arguments.click_url, ["The click_url must be an absolute http(s) URL."]);
    thrown(() => offerkit.clickUrl("https://t.example.com/c", ""), "invalid_argument");
    thrown(() => offerkit.clickUrl(5, "bob"), "invalid_argument");
  });

  test("lintPlayerId and shortPlayerId", () => {
    assert.deepEqual(offerkit.lintPlayerId("a b.C!").map((c) => c.code), ["uppercase", "period", "space", "other_character"]);
    assert.deepEqual(offerkit.lintPlayerId("player-1"), []);
    const short = offerkit.shortPlayerId("User.Name@Example.COM");
    assert.deepEqual(offerkit.lintPlayerId(short), []);
    assert.equal(offerkit.shortPlayerId("User.Name@Example.COM"), short, "the same id every time");
  });
});
