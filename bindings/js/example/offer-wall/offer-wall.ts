// A small offer wall: the player's offers with icon, text and payout; a click opens the offer's
// tracking link for this player. Copy it, point it at your backend's token endpoint, style it.
import { OfferClient, OfferError, clickUrl, type Offer } from "offerkit";

// Demo wiring: the page's address gives the service and a token (?baseUrl=...&token=...).
// In your game, ask your backend for a short-lived token instead (see tokenProvider below).
const query = new URLSearchParams(location.search);
const baseUrl = query.get("baseUrl") ?? "https://offers.example.com";
const demoToken = query.get("token");
const playerId = "demo-player";

const client = new OfferClient(baseUrl, {
  tokenProvider: async () => {
    if (demoToken) return demoToken;
    const answer = await fetch("/api/offerkit-token", { method: "POST" }); // your backend
    return (await answer.json()).access_token as string;
  },
  cache: true,
});

const list = document.querySelector<HTMLUListElement>("#offers")!;
const status = document.querySelector<HTMLParagraphElement>("#status")!;

function icon(offer: Offer): HTMLElement {
  const letter = document.createElement("div");
  letter.className = "icon tile";
  letter.textContent = (offer.name ?? "?").slice(0, 1);
  letter.style.background = `hsl(${Number(offer.id ?? 0) % 360} 45% 45%)`;
  const url = offer.creatives?.icon_url;
  if (typeof url !== "string") return letter;
  const image = document.createElement("img");
  image.className = "icon";
  image.alt = "";
  image.src = url;
  image.addEventListener("error", () => image.replaceWith(letter), { once: true });
  return image;
}

function row(offer: Offer): HTMLLIElement {
  const item = document.createElement("li");
  item.className = "offer";
  const text = document.createElement("div");
  const name = document.createElement("div");
  name.className = "name";
  name.textContent = offer.name ?? "";
  const description = document.createElement("div");
  description.className = "description";
  description.textContent = offer.creatives?.description ?? "";
  text.append(name, description);
  const play = document.createElement("button");
  play.className = "play";
  play.textContent = `Earn $${(offer.total_payout_usd ?? 0).toFixed(2)}`;
  const links = offer.links as { click_url?: string } | undefined;
  play.addEventListener("click", () => {
    if (!links?.click_url) return;
    // The tracking link with this player's id set; it credits the reward later.
    window.open(clickUrl(links.click_url, playerId).url, "_blank", "noopener");
  });
  item.append(icon(offer), text, play);
  return item;
}

try {
  const offers = await client.offers(playerId, { limit: 6, select: "creatives { icon_url } links { click_url }" });
  list.replaceChildren(...offers.map(row));
  status.textContent = offers.length ? "Complete an offer to earn coins." : "No offers right now.";
} catch (error) {
  if (!(error instanceof OfferError)) throw error;
  status.textContent =
    error.kind === "network" || error.kind === "timeout" || error.kind === "server"
      ? "Offers are unavailable right now. Try again in a moment."
      : `Offers could not be loaded (${error.kind}).`;
  console.error(error);
}
