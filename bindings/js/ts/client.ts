// `OfferClient`: the package's face over the WebAssembly client (src/client.rs). It checks
// argument types JavaScript cannot check for it, passes settings and options as JSON, and
// gives each call a promise (and each pager a `for await` loop) that rejects with `OfferError`.

import { Client, type ListingPager, type PlayerOffersPager } from "./wasm/offerkit_js.js";
import { type WasmCall, now, settle } from "./call.js";
import { expectText as text, invalidArgument } from "./errors.js";
import { fetchExecutor } from "./fetch_executor.js";
import { json } from "./json.js";
import type {
  CachedLinks,
  CachedListingPage,
  CachedOffers,
  CallOptions,
  GraphqlOptions,
  ListingOptions,
  ListingPage,
  LinksOptions,
  Offer,
  OfferClientOptions,
  OffersOptions,
  PlayerOffersOptions,
  PlayerOffersPage,
} from "./types.js";

/** A client of the Offer Personalization Service. */
export class OfferClient {
  #wasm: Client | null;

  /**
   * A client for `baseUrl` (e.g. `https://offers.example.com`). Throws `OfferError`
   * (`invalid_argument`) for a bad address or a setting out of bounds, naming each.
   */
  constructor(baseUrl: string, options: OfferClientOptions = {}) {
    text("OfferClient", "baseUrl", baseUrl);
    const { tokenProvider, fetch: fetchImpl, ...settings } = options;
    if (tokenProvider !== undefined && typeof tokenProvider !== "function") {
      throw invalidArgument("config", "tokenProvider", "must be a function");
    }
    const carrier = fetchImpl ?? globalThis.fetch;
    if (typeof carrier !== "function") {
      throw invalidArgument("config", "fetch", "must be a function (this runtime has no global fetch)");
    }
    this.#wasm = now(() => new Client(baseUrl, json(settings, "config"), fetchExecutor(carrier.bind(globalThis)), tokenProvider));
  }

  /** All targeted offers for `playerId` (malformed ones left out: see `offersCached`). */
  async offers(playerId: string, options: OffersOptions = {}): Promise<Offer[]> {
    return (await this.offersCached(playerId, options)).offers;
  }

  /** `offers` in detail: the items skipped as malformed, and whether the cache answered. */
  async offersCached(playerId: string, options: OffersOptions = {}): Promise<CachedOffers> {
    text("offers", "playerId", playerId);
    const { signal, ...rest } = options;
    return this.#call<CachedOffers>((c) => c.offers(playerId, json(rest, "offers")), signal).then(withSkipped);
  }

  /** The player's tracking links: the object the service returned. */
  async links(playerId: string, options: LinksOptions = {}): Promise<Record<string, unknown>> {
    return (await this.linksCached(playerId, options)).links;
  }

  /** `links`, with whether the cache answered. */
  async linksCached(playerId: string, options: LinksOptions = {}): Promise<CachedLinks> {
    text("links", "playerId", playerId);
    const { signal, ...rest } = options;
    return this.#call<CachedLinks>((c) => c.links(playerId, json(rest, "links")), signal);
  }

  /** One page of the offers the player has engaged with. */
  async playerOffers(playerId: string, options: PlayerOffersOptions = {}): Promise<PlayerOffersPage> {
    text("playerOffers", "playerId", playerId);
    const { signal, ...rest } = options;
    return this.#call<PlayerOffersPage>((c) => c.playerOffers(playerId, json(rest, "playerOffers")), signal).then(withSkipped);
  }

  /**
   * Every page of `playerOffers`, for `for await`. Arguments are checked now (a bad one
   * throws here); `signal` stops the page in flight; `break` ends the walk.
   */
  playerOffersPages(playerId: string, options: PlayerOffersOptions = {}): AsyncIterable<PlayerOffersPage> {
    text("playerOffersPages", "playerId", playerId);
    const { signal, ...rest } = options;
    const pager = now(() => this.#client().playerOffersPager(playerId, json(rest, "playerOffersPages")));
    return walk<PlayerOffersPage>(pager, signal);
  }

  /** One response of the listing (`GET /v1/offers`); every offer at once without `perPage`. */
  async listOffers(options: ListingOptions = {}): Promise<CachedListingPage> {
    const { signal, ...rest } = options;
    return this.#call<CachedListingPage>((c) => c.listOffers(json(rest, "listOffers")), signal).then(withSkipped);
  }

  /** Every page of the listing, `perPage` offers at a time, from `page` (default 1). */
  listOffersPages(perPage: number, options: { page?: number } & CallOptions = {}): AsyncIterable<ListingPage> {
    whole("listOffersPages", "perPage", perPage);
    const page = options.page ?? 1;
    whole("listOffersPages", "page", page);
    const pager = now(() => this.#client().listOffersPager(perPage, page));
    return walk<ListingPage>(pager, options.signal);
  }

  /** Any GraphQL document; resolves to its `data`. GraphQL errors reject as `OfferError`. */
  async graphql<T = unknown>(query: string, options: GraphqlOptions = {}): Promise<T> {
    text("graphql", "query", query);
    const { signal, variables } = options;
    return this.#call<T>((c) => c.graphql(query, variables === undefined ? undefined : json(variables, "graphql")), signal);
  }

  /** Replaces the access token; `null` forgets it. */
  setAccessToken(token: string | null): void {
    if (token !== null) text("setAccessToken", "token", token);
    this.#client().setAccessToken(token ?? undefined);
  }

  /** Forgets every cached answer for `playerId`. */
  invalidate(playerId: string): void {
    text("invalidate", "playerId", playerId);
    this.#client().invalidate(playerId);
  }

  /** Forgets every cached answer. */
  clearCache(): void {
    this.#client().clearCache();
  }

  /** Frees the client. Calls in flight finish; new ones throw `invalid_argument`. */
  close(): void {
    this.#wasm?.free();
    this.#wasm = null;
  }

  #client(): Client {
    if (this.#wasm === null) throw invalidArgument("OfferClient", "client", "the client was closed");
    return this.#wasm;
  }

  #call<T>(start: (client: Client) => WasmCall, signal: AbortSignal | undefined): Promise<T> {
    const client = this.#client();
    return settle<T>(() => start(client), signal);
  }
}

/** A pager's pages until the last; the pager is freed when the loop ends or breaks. */
async function* walk<Page extends { skipped?: unknown }>(
  pager: PlayerOffersPager | ListingPager,
  signal: AbortSignal | undefined,
): AsyncGenerator<Page, void, undefined> {
  try {
    for (;;) {
      const page = await settle<Page | null>(() => pager.next(), signal);
      if (page === null) return;
      yield withSkipped(page);
    }
  } finally {
    pager.free();
  }
}

/** Lists always carry `skipped` (the WebAssembly side leaves an empty one out). */
function withSkipped<T extends { skipped?: unknown }>(value: T): T {
  if (value.skipped === undefined) value.skipped = [];
  return value;
}

function whole(path: string, argument: string, value: unknown): void {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw invalidArgument(path, argument, `must be a whole number, not ${String(value)}`);
  }
}
