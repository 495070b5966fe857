// The values the package's calls take and give. Data objects (offers, pages, links) keep the
// service's own field names (`total_payout_usd`, `next_cursor`): they are the service's JSON,
// with every field it sent. The package's own words — options, settings, errors, the cache's
// word — are camelCase. Every duration is milliseconds.

/** The kind of an `OfferError`: the same names in every offerkit binding. */
export type ErrorKind =
  | "invalid_argument"
  | "unauthorized"
  | "forbidden"
  | "validation"
  | "query"
  | "invalid_cursor"
  | "unsupported_media_type"
  | "unprocessable"
  | "rate_limited"
  | "server"
  | "network"
  | "timeout"
  | "cancelled"
  | "decode"
  | "internal"
  | "rejected";

/** One failing field: where it is and, per argument, the messages about it. */
export interface FieldError {
  path: string[];
  arguments: Record<string, string[]>;
}

/** An offer's creative texts; other requested creative fields (e.g. `icon_url`) beside them. */
export interface Creatives {
  name?: string;
  description?: string;
  [field: string]: unknown;
}

/** One targeted offer. A typed field is absent when the selection did not ask for it. */
export interface Offer {
  id?: string;
  name?: string;
  total_payout_usd?: number;
  creatives?: Creatives;
  /** Every other field the service sent (those added with `select`), as it sent it. */
  [field: string]: unknown;
}

/** An offer the player has engaged with. */
export interface PlayerOffer {
  id?: string;
  name?: string;
  status?: string;
  [field: string]: unknown;
}

/** An item the service sent that a list leaves out, and why. */
export interface SkippedItem {
  /** 0-based position in the list as the service sent it. */
  index: number;
  id: string | null;
  reason: string;
}

/** Where a cached query's answer came from (all false and 0 without a cache). */
export interface CacheInfo {
  fromCache: boolean;
  /** Served from memory because a refresh failed (`refreshError` says why). */
  stale: boolean;
  /** Age of the answer in milliseconds. */
  age: number;
  refreshError: string | null;
}

/** `offersCached`: the offers, the items skipped as malformed, and the cache's word. */
export interface CachedOffers extends CacheInfo {
  offers: Offer[];
  skipped: SkippedItem[];
}

/** `linksCached`: the tracking links object as the service sent it, and the cache's word. */
export interface CachedLinks extends CacheInfo {
  links: Record<string, unknown>;
}

/** One page of `playerOffers`. */
export interface PlayerOffersPage {
  items: PlayerOffer[];
  /** Pass as `after` for the next page; `null` on the last one. */
  next_cursor: string | null;
  skipped: SkippedItem[];
  [field: string]: unknown;
}

/** The listing's pagination (with `perPage`). */
export interface Pagination {
  current_page: number;
  per_page: number;
  has_more_pages: boolean;
  next_page: number | null;
}

/** One response of the `GET /v1/offers` listing. */
export interface ListingPage {
  offers: Offer[];
  /** `null` without `perPage` (every offer at once). */
  pagination: Pagination | null;
  skipped: SkippedItem[];
}

/** `listOffers`: a listing page with the cache's word. */
export interface CachedListingPage extends ListingPage, CacheInfo {}

/** A player-id convention an id breaks. */
export interface Convention {
  code: "uppercase" | "period" | "space" | "other_character";
  description: string;
}

/** A tracking URL for one player, and the conventions that player's id breaks. */
export interface ClickUrl {
  url: string;
  warnings: Convention[];
}

/** Every call takes a signal: aborting it stops the call and the `fetch` in flight. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface OffersOptions extends CallOptions {
  /** At least 1. */
  limit?: number;
  /** 2 to 5 characters, e.g. `en`, `zh-HK`. */
  language?: string;
  /** `epc.asc`, `epc.desc`, `last_activation.asc` or `last_activation.desc`. */
  sort?: string;
  /** GraphQL fields added to each offer, e.g. `links { click_url }`. */
  select?: string;
  /** The whole offer selection, replacing the default one. */
  selection?: string;
}

export interface LinksOptions extends CallOptions {
  select?: string;
  selection?: string;
}

export interface PlayerOffersOptions extends CallOptions {
  language?: string;
  /** 1 to 100; the service defaults to 50. */
  limit?: number;
  /** A `next_cursor` from an earlier page of the same query. */
  after?: string;
  select?: string;
  selection?: string;
}

export interface ListingOptions extends CallOptions {
  /** 1 to 100; turns pagination on. */
  perPage?: number;
  /** 1 or greater; only with `perPage`. */
  page?: number;
}

export interface GraphqlOptions extends CallOptions {
  variables?: Record<string, unknown>;
}

/** Why the client asks for a token. */
export type TokenReason = "missing" | "expiring" | "rejected";

/** A token with its lifetime, for tokens that are not JWTs with an `exp`. */
export interface AccessTokenAnswer {
  token: string;
  /** Milliseconds from now. */
  expiresIn?: number;
}

/**
 * Gives a short-lived access token (from your backend). Asked when there is none, ahead of
 * expiry, and once after a 401. Throwing fails the call with `unauthorized`.
 */
export type AccessTokenProvider = (
  reason: TokenReason,
) => string | AccessTokenAnswer | Promise<string | AccessTokenAnswer>;

export interface CacheOptions {
  /** How long an answer is served from memory. Default 300,000 (5 minutes). */
  ttl?: number;
  /** Oldest answer served (marked stale) when a refresh fails. Default 3,600,000; 0 turns it off. */
  maxStale?: number;
  /** Most answers kept. Default 256. */
  maxEntries?: number;
}

/** One HTTP attempt, for a custom executor. */
export interface HttpAttempt {
  method: "GET" | "POST";
  url: string;
  headers: [string, string][];
  body?: Uint8Array;
  /** Milliseconds this attempt may take. */
  timeout: number;
  maxBytes: number;
}

export interface OfferClientOptions {
  /** An access token to start with (replace it with `setAccessToken`). */
  accessToken?: string;
  tokenProvider?: AccessTokenProvider;
  /** How long to wait for the provider. Default: `timeout`. */
  tokenProviderTimeout?: number;
  /** Refresh a token this long before it expires. Default 60,000. */
  tokenRefreshSkew?: number;
  /** One attempt, body included. Default 10,000. */
  timeout?: number;
  /** A whole call: attempts, backoff, `Retry-After` waits, the token wait. Default 30,000. */
  deadline?: number;
  /** Retries of reads on 502/503/504, network errors and timeouts. Default 2. */
  maxRetries?: number;
  /** Most pages a pager walks. Default 1,000. */
  maxPages?: number;
  /** Largest accepted response body. Default 16 MiB. */
  maxBodyBytes?: number;
  /** Sent as `User-Agent` where the runtime lets a page set it (Node does; browsers do not). */
  userAgent?: string;
  /** Plain `http://` to hosts other than loopback (never in production). */
  allowInsecureHttp?: boolean;
  /** `true` for the recommended cache (5 minutes), or its settings. Off by default. */
  cache?: boolean | CacheOptions;
  /** The `fetch` that carries requests. Default: `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch;
}
