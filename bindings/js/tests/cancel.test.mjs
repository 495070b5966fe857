// AbortSignal: before the start (nothing sent), in flight (the simulator sees the connection
// closed), through a pager; the call's deadline; and 200 calls at once.
import { assert, describe, test } from "./env.mjs";
import { clearedSimulator, client, rejection, sim } from "./common.mjs";
import { sleep } from "./sim.mjs";

describe("cancellation and load", () => {
  clearedSimulator();

  test("a signal aborted before the call sends nothing", async () => {
    const controller = new AbortController();
    controller.abort(new Error("not needed"));
    const e = await rejection((await client()).offers("player-1", { signal: controller.signal }), "cancelled");
    assert.equal(e.cause.message, "not needed");
    await sleep(100);
    assert.equal((await sim.stats()).requests, 0);
  });

  test("aborting mid-flight closes the connection the simulator holds", async () => {
    await sim.fault({ kind: "latency", ms: 10_000 });
    const controller = new AbortController();
    const c = await client();
    const call = c.offers("player-1", { signal: controller.signal });
    await sim.eventually("the request to arrive", (s) => s.in_flight === 1);
    const started = Date.now();
    controller.abort();
    const e = await rejection(call, "cancelled");
    assert.equal(e.cause.name, "AbortError");
    assert.ok(Date.now() - started < 2000);
    await sim.eventually("the simulator to see the connection closed", (s) => s.aborted === 1 && s.in_flight === 0);
  });

  test("AbortSignal.timeout cancels too", async () => {
    await sim.fault({ kind: "latency", ms: 10_000 });
    // Long enough for the request to reach the simulator on a loaded machine (it counts an
    // abort only of a request it has), well inside the 10 s latency.
    const e = await rejection((await client()).offers("player-1", { signal: AbortSignal.timeout(2000) }), "cancelled");
    assert.equal(e.cause.name, "TimeoutError");
    await sim.eventually("the connection closed", (s) => s.aborted === 1);
  });

  test("the deadline bounds the whole call, retries and backoff included", async () => {
    await sim.fault({ kind: "latency", ms: 10_000, times: 5 });
    const started = Date.now();
    const e = await rejection((await client({ deadline: 400, timeout: 10_000 })).offers("player-1"), "timeout");
    assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
    assert.match(e.message, /deadline|400/);
    await sim.eventually("the attempt aborted", (s) => s.in_flight === 0);
  });

  test("a Retry-After past the deadline fails at once with the service's wait", async () => {
    await sim.fault({ kind: "status", status: 503, retry_after_secs: 60 });
    const started = Date.now();
    const e = await rejection((await client({ deadline: 2000 })).offers("player-1"), "server");
    assert.equal(e.retryAfter, 60_000);
    assert.ok(Date.now() - started < 1500);
  });

  test("200 calls at once all succeed", async () => {
    const c = await client();
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => c.offers(`player-${i}`, { limit: 1 })));
    assert.equal(results.length, 200);
    assert.ok(results.every((offers) => offers.length === 1));
    assert.equal((await sim.stats()).graphql, 200);
  });

  test("aborting one of many stops only that one", async () => {
    const c = await client();
    await sim.fault({ kind: "latency", ms: 10_000 });
    const controller = new AbortController();
    const slow = c.offers("slow", { signal: controller.signal });
    await sim.eventually("the slow request", (s) => s.in_flight === 1);
    const others = Promise.all(Array.from({ length: 20 }, (_, i) => c.offers(`p${i}`, { limit: 1 })));
    controller.abort();
    await rejection(slow, "cancelled");
    assert.equal((await others).length, 20);
  });

  test("a closed client refuses new calls; calls in flight finish", async () => {
    const c = await client();
    await sim.fault({ kind: "latency", ms: 300 });
    const inFlight = c.offers("player-1", { limit: 1 });
    c.close();
    assert.equal((await inFlight).length, 1);
    await rejection(c.offers("player-1"), "invalid_argument");
  });
});
