// A game backend's two offerkit endpoints, with Node's own http module:
//   POST /offerkit-token  gives the game a short-lived access token (the refresh token stays here)
//   POST /postback        verifies the service's v3 postback and hands the conversion on
// Crediting exactly once needs a ledger: forward verified conversions to your store keyed by
// conversion_id, or run the receiver (`offerkit rewards serve`) instead of this endpoint.
//
//   OFFERKIT_BASE_URL=... OFFERKIT_REFRESH_TOKEN=... OFFERKIT_POSTBACK_KEY=... node backend.js
import { createServer } from "node:http";
import { OfferError, PostbackVerifier, TokenExchanger } from "offerkit/server";

const baseUrl = process.env.OFFERKIT_BASE_URL ?? "https://offers.example.com";
const exchanger = new TokenExchanger(baseUrl, required("OFFERKIT_REFRESH_TOKEN"));
const verifier = new PostbackVerifier(required("OFFERKIT_POSTBACK_KEY"), { replayWindow: 15 * 60_000 });

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name}`);
  return value;
}

const server = createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  try {
    if (request.method === "POST" && request.url === "/offerkit-token") {
      // Authenticate your player here first.
      const { token, expiresAt } = await exchanger.accessToken();
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ access_token: token, expires_at: expiresAt }));
    } else if (request.method === "POST" && request.url === "/postback") {
      const signature = request.headers["signature"];
      const conversion = verifier.verifyV3(typeof signature === "string" ? signature : undefined, body);
      console.log(`credit ${conversion.amount} to ${conversion.player_id} (conversion ${conversion.conversion_id})`);
      response.writeHead(200).end();
    } else {
      response.writeHead(404).end();
    }
  } catch (error) {
    // A refused postback: answer with the status offerkit names (401 forged, 400, 413, …).
    const status = error instanceof OfferError ? (error.httpStatus ?? 502) : 500;
    console.log(error instanceof OfferError ? `${error.kind}: ${error.message}` : String(error));
    response.writeHead(status).end();
  }
});

server.listen(Number(process.env.PORT ?? 8080), "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening on ${typeof address === "object" && address ? address.port : address}`);
});
