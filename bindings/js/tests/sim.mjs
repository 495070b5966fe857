// The simulator's control endpoint (/_sim: faults, misbehaviour modes, counters, tokens), over
// the runtime's own fetch, for the tests in Node and in the browser.

export class Sim {
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
  }

  async call(method, path, body) {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }

  fault(fault) {
    return this.call("POST", "/_sim/faults", fault);
  }

  mess(modes) {
    return this.call("PUT", "/_sim/mess", modes);
  }

  stats() {
    return this.call("GET", "/_sim/stats");
  }

  catalogue() {
    return this.call("GET", "/_sim/catalogue");
  }

  async token(ttlSecs = 3600, scoped = true) {
    return (await this.call("POST", "/_sim/tokens", { ttl_secs: ttlSecs, scoped })).access_token;
  }

  /** Faults and modes off, earlier exchanges finished, counters zero. */
  async clear() {
    await this.call("DELETE", "/_sim/faults");
    await this.call("DELETE", "/_sim/mess");
    const deadline = Date.now() + 30_000;
    while ((await this.stats()).in_flight > 0 && Date.now() < deadline) await sleep(20);
    await this.call("POST", "/_sim/stats/reset");
  }

  /** Waits until `check(stats)` holds (30 s at most). */
  async eventually(what, check) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const stats = await this.stats();
      if (check(stats)) return stats;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (stats ${JSON.stringify(stats)})`);
      await sleep(20);
    }
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
