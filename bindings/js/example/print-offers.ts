// Prints a player's offers, then shows what a failure tells you. Run it against the simulator
// (see the README): OFFERKIT_BASE_URL=http://127.0.0.1:PORT OFFERKIT_ACCESS_TOKEN=... node print-offers.js
import { OfferClient, OfferError } from "offerkit";

const baseUrl = process.env.OFFERKIT_BASE_URL ?? "https://offers.example.com";
const token = process.env.OFFERKIT_ACCESS_TOKEN;
if (!token) throw new Error("set OFFERKIT_ACCESS_TOKEN (your backend gives it to the game)");

// Your backend hands out short-lived access tokens; a provider lets the client ask again.
const client = new OfferClient(baseUrl, {
  tokenProvider: async () => token,
  cache: true,
});

const offers = await client.offers("demo-player", { limit: 5, select: "links { click_url }" });
for (const offer of offers) {
  console.log(`${offer.name ?? "?"} — $${offer.total_payout_usd?.toFixed(2) ?? "?"}`);
}

// Every failure is an OfferError with a kind you can switch on.
try {
  await client.offers("demo-player", { limit: 0 });
} catch (error) {
  if (!(error instanceof OfferError)) throw error;
  switch (error.kind) {
    case "invalid_argument":
      console.log(`refused before sending: ${error.fields.map((f) => Object.keys(f.arguments).join(", ")).join("; ")}`);
      break;
    case "rate_limited":
      console.log(`slow down: retry after ${error.retryAfter ?? "?"} ms`);
      break;
    default:
      console.log(`${error.kind}: ${error.message}`);
  }
}

// A call you no longer need: abort it (the request in flight is closed).
const controller = new AbortController();
const pending = client.offers("demo-player", { signal: controller.signal });
controller.abort();
await pending.catch((error: unknown) => {
  if (error instanceof OfferError && error.kind === "cancelled") console.log("cancelled");
});
client.close();
