// Latency probe for BENCHMARKS.md (f, g): `offers` (limit 20), one call at a time, in Node —
// through the web package (`offerkit`, the core compiled to WebAssembly over Node's fetch), or
// through Node's fetch and JSON.parse alone (the JavaScript floor: the same request and body,
// no checks). Prints one JSON array of per-call latencies in microseconds.
//
//   node bench/js/latency.mjs offerkit|fetch BASE_URL TOKEN CALLS
import { OfferClient } from "../../bindings/js/dist/node.js";

const [mode, baseUrl, token, calls] = process.argv.slice(2);
const query =
  "query Offers($player_id: String!, $limit: Int) { offers(player_id: $player_id, limit: $limit) { id name total_payout_usd creatives { name description } } }";

let call;
if (mode === "offerkit") {
  const client = new OfferClient(baseUrl, { accessToken: token });
  call = async () => (await client.offers("bench-player", { limit: 20 })).length;
} else if (mode === "fetch") {
  const body = JSON.stringify({ query, variables: { player_id: "bench-player", limit: 20 } });
  call = async () => {
    const response = await fetch(`${baseUrl}/v1/offers`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
      body,
    });
    return (await response.json()).data.offers.length;
  };
} else {
  throw new Error("mode: offerkit or fetch");
}

for (let i = 0; i < 20; i += 1) await call(); // warm-up: connection, JIT
const samples = [];
for (let i = 0; i < Number(calls); i += 1) {
  const started = process.hrtime.bigint();
  const n = await call();
  samples.push(Number((process.hrtime.bigint() - started) / 1000n));
  if (n !== 20) throw new Error(`expected 20 offers, got ${n}`);
}
console.log(JSON.stringify(samples));
