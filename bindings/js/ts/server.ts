// `offerkit/server`: what a Node backend needs that holds no database — the refresh-token
// exchange, the reporting client (with the service's 10-requests-per-minute limit kept
// client-side) and postback verification (v3 and v2, signatures compared in constant time).
// Node only (package.json's "node" condition): a WebAssembly module of its own, so no browser
// bundle carries any of it. Crediting rewards exactly once needs a ledger: that is the
// receiver's job (`offerkit rewards serve`).

import { readFileSync } from "node:fs";
import {
  PostbackVerifier as WasmVerifier,
  ReportClient as WasmReports,
  TokenExchanger as WasmExchanger,
  initSync,
} from "./wasm-server/offerkit_server.js";
import { now, settle } from "./call.js";
import { expectText, invalidArgument } from "./errors.js";
import { fetchExecutor } from "./fetch_executor.js";
import { json } from "./json.js";
import type { CallOptions } from "./types.js";

initSync({ module: readFileSync(new URL("./wasm-server/offerkit_server_bg.wasm", import.meta.url)) });

export { OfferError } from "./errors.js";
export type { CallOptions, ErrorKind, FieldError } from "./types.js";

/** HTTP settings of the server-side clients (milliseconds, as everywhere in the package). */
export interface ServerHttpOptions {
  /** One attempt, body included. Default 10,000. */
  timeout?: number;
  /** A whole call, retries and waits included. Default 30,000. */
  deadline?: number;
  /** Retries on 502/503/504, network errors and timeouts. Default 2. */
  maxRetries?: number;
  /** `TokenExchanger`: exchange again this long before the token expires. Default 60,000. */
  tokenRefreshSkew?: number;
  maxBodyBytes?: number;
  userAgent?: string;
  allowInsecureHttp?: boolean;
  /** The `fetch` that carries requests. Default: `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch;
}

/** An access token and when it expires (milliseconds since the epoch; `null`: unknown). */
export interface AccessTokenGrant {
  token: string;
  expiresAt: number | null;
}

/** One exchange's answer. */
export interface TokenGrant extends AccessTokenGrant {
  /** `expires_in` as the service sent it, in milliseconds. */
  expiresIn: number;
  /** The service's status text, e.g. `Authorized`. */
  message: string;
}

function settingsOf(options: ServerHttpOptions, path: string): { settings: string; execute: ReturnType<typeof fetchExecutor> } {
  const { fetch: fetchImpl, ...settings } = options;
  const carrier = fetchImpl ?? globalThis.fetch;
  if (typeof carrier !== "function") throw invalidArgument(path, "fetch", "must be a function");
  return { settings: json(settings, "config"), execute: fetchExecutor(carrier.bind(globalThis)) };
}

/**
 * Exchanges your refresh token for short-lived access tokens (the service's
 * `POST /v1/users/token`), caching them: give `accessToken()` to the game through your own
 * endpoint. Concurrent callers share one exchange.
 */
export class TokenExchanger {
  #wasm: WasmExchanger;

  constructor(baseUrl: string, refreshToken: string, options: ServerHttpOptions = {}) {
    expectText("TokenExchanger", "baseUrl", baseUrl);
    expectText("TokenExchanger", "refreshToken", refreshToken);
    const { settings, execute } = settingsOf(options, "TokenExchanger");
    this.#wasm = now(() => new WasmExchanger(baseUrl, refreshToken, settings, execute));
  }

  /** The cached token while it is fresh; otherwise one new exchange. */
  async accessToken(options: CallOptions = {}): Promise<AccessTokenGrant> {
    return settle<AccessTokenGrant>(() => this.#wasm.accessToken(), options.signal);
  }

  /** Exchanges now, whatever is cached. */
  async exchange(options: CallOptions = {}): Promise<TokenGrant> {
    return settle<TokenGrant>(() => this.#wasm.exchange(), options.signal);
  }

  /** Forgets the cached token (after the service refused it, say). */
  invalidate(): void {
    this.#wasm.invalidate();
  }
}

/** A dimension a report is grouped by. */
export type GroupBy = "app_id" | "date" | "platform" | "country" | "offer";

/** A field a report may select. */
export type ReportField =
  | "app_id" | "app_name" | "country_name" | "platform_name" | "date" | "offer_name" | "count"
  | "payout" | "offer_wall_loads" | "gross_clicks" | "distinct_clicks" | "conversions" | "ctr"
  | "cver" | "ecpm";

/** One report query. Dates are EST wall-clock times, `Y-m-d H:i:s`, both ends included. */
export interface ReportQuery {
  groupBy: GroupBy[];
  start: string;
  end: string;
  fields?: ReportField[];
  apps?: number[];
  /** e.g. `android`, `ios`, `web`. */
  platforms?: string[];
  /** ISO 3166-1 alpha-2 codes. */
  countries?: string[];
}

/** One report row: the fields the service sent, under its names (`payout`, `gross_clicks`, …). */
export type ReportRow = Record<string, unknown>;

export interface ReportClientOptions extends ServerHttpOptions {
  /** Fail with `rate_limited` (and `retryAfter`) instead of waiting when the minute's ten
   * requests are spent. Default: wait, within the deadline. */
  failFast?: boolean;
}

/** The reporting endpoint (`GET /v1/report`), at most ten requests a minute per client. */
export class ReportClient {
  #wasm: WasmReports;

  constructor(reportingUrl: string, apiKey: string, options: ReportClientOptions = {}) {
    expectText("ReportClient", "reportingUrl", reportingUrl);
    expectText("ReportClient", "apiKey", apiKey);
    const { failFast, ...http } = options;
    const { settings, execute } = settingsOf(http, "ReportClient");
    this.#wasm = now(() => new WasmReports(reportingUrl, apiKey, settings, failFast === true, execute));
  }

  /** The rows of one report. */
  async report(query: ReportQuery, options: CallOptions = {}): Promise<ReportRow[]> {
    const text = json(query, "report");
    return settle<ReportRow[]>(() => this.#wasm.report(text), options.signal);
  }
}

/** A verified conversion: what to credit, to whom, once (`conversion_id` is the key). */
export interface Conversion {
  format: "v3" | "v2";
  conversion_id: string;
  player_id: string;
  /** Virtual currency to credit (0 for installs). */
  amount: number;
  /** Publisher payout in USD, as the text the service sent. */
  payout: string | null;
  /** `conversion_type`: `reward`, `install`, or another type as sent. */
  kind: string;
  request_id: string | null;
  /** Unix seconds. */
  timestamp: number | null;
  offer_id: string | null;
  offer_name: string | null;
  goal_id: string | null;
  goal_name: string | null;
  campaign_id: string | null;
  /** Every other field, as text. */
  extra: Record<string, string>;
}

export interface PostbackVerifierOptions {
  /** The largest body (v3) or query (v2) accepted; larger fails with `httpStatus` 413 / 414. */
  maxBytes?: number;
  /** How far in the past (milliseconds) a postback's timestamp may lie; older ones are refused
   * as replays. Default: no window. */
  replayWindow?: number;
}

/**
 * Checks postbacks' signatures under your postback key (HMAC-SHA256, compared in constant time)
 * and reads their conversions. A refusal throws `OfferError` whose `httpStatus` is the answer
 * to give the sender (401 forged, 400 malformed, 413/414 oversized).
 */
export class PostbackVerifier {
  #wasm: WasmVerifier;

  constructor(postbackKey: string, options: PostbackVerifierOptions = {}) {
    expectText("PostbackVerifier", "postbackKey", postbackKey);
    this.#wasm = now(() => new WasmVerifier(postbackKey, options.maxBytes, options.replayWindow));
  }

  /** A v3 postback (`POST`): its `Signature` header and its raw body. */
  verifyV3(signature: string | null | undefined, body: Uint8Array | string): Conversion {
    const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
    if (!(bytes instanceof Uint8Array)) throw invalidArgument("verifyV3", "body", "must be a Uint8Array or a string");
    return now(() => this.#wasm.verifyV3(signature ?? undefined, bytes) as Conversion);
  }

  /** A v2 postback (`GET`): the postback URLs registered with the service (without `?`) and
   * the request's raw query string as received (without `?`). */
  verifyV2(bases: string[], rawQuery: string): Conversion {
    if (!Array.isArray(bases) || bases.some((b) => typeof b !== "string")) {
      throw invalidArgument("verifyV2", "bases", "must be an array of strings");
    }
    expectText("verifyV2", "rawQuery", rawQuery);
    return now(() => this.#wasm.verifyV2(bases, rawQuery) as Conversion);
  }
}
