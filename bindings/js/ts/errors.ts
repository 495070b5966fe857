// The one error every call rejects with: `OfferError`, whose `kind` is one of the names every
// offerkit binding uses, with the data the failure carries. The WebAssembly side hands failures
// over as plain objects (src/failure.rs); this file is where they become `OfferError`s.

import type { ErrorKind, FieldError } from "./types.js";

/** A failure as the WebAssembly side describes it. */
interface Failure {
  offerkitFailure: true;
  kind: ErrorKind;
  message: string;
  httpStatus: number | null;
  fields: FieldError[];
  reason: string | null;
  retryAfter: number | null;
  response: unknown;
}

/** Everything that goes wrong in a call: see `kind`. */
export class OfferError extends Error {
  /** What went wrong, e.g. `"unauthorized"`, `"rate_limited"`, `"network"`. */
  readonly kind: ErrorKind;
  /** The HTTP status of the answer that failed, when there was one. */
  readonly httpStatus: number | null;
  /** The failing fields (`invalid_argument`, `validation`), each argument with its messages. */
  readonly fields: FieldError[];
  /** The service's or the pager's reason word (`invalid_cursor`: `expired`, `tampered`, …). */
  readonly reason: string | null;
  /** Milliseconds the service asked to wait (`rate_limited`, `server`), when it said. */
  readonly retryAfter: number | null;
  /** The whole GraphQL response, for errors the service answered with. */
  readonly response: unknown;

  constructor(failure: Failure, options?: { cause?: unknown }) {
    super(failure.message, options);
    this.name = "OfferError";
    this.kind = failure.kind;
    this.httpStatus = failure.httpStatus;
    this.fields = failure.fields;
    this.reason = failure.reason;
    this.retryAfter = failure.retryAfter;
    this.response = failure.response;
  }
}

function isFailure(value: unknown): value is Failure {
  return typeof value === "object" && value !== null && (value as { offerkitFailure?: unknown }).offerkitFailure === true;
}

/** What a call rejected with, as an `OfferError` (an unexpected value becomes `internal`). */
export function toOfferError(thrown: unknown, cause?: unknown): OfferError {
  if (thrown instanceof OfferError) return thrown;
  const failure: Failure = isFailure(thrown)
    ? thrown
    : {
        offerkitFailure: true,
        kind: "internal",
        message: `offerkit failed unexpectedly: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
        httpStatus: null,
        fields: [],
        reason: null,
        retryAfter: null,
        response: null,
      };
  return new OfferError(failure, cause === undefined ? (thrown instanceof Error ? { cause: thrown } : undefined) : { cause });
}

/** The `cancelled` error of a call whose signal fired; `cause` is the signal's reason. */
export function cancelled(signal: AbortSignal): OfferError {
  return new OfferError(
    {
      offerkitFailure: true,
      kind: "cancelled",
      message: "the call was cancelled",
      httpStatus: null,
      fields: [],
      reason: null,
      retryAfter: null,
      response: null,
    },
    { cause: signal.reason },
  );
}

/** An `invalid_argument` error for an argument of the wrong type, before anything is sent. */
export function invalidArgument(path: string, argument: string, message: string): OfferError {
  return new OfferError({
    offerkitFailure: true,
    kind: "invalid_argument",
    message: `invalid argument: ${path}.${argument}: ${message}`,
    httpStatus: null,
    fields: [{ path: [path], arguments: { [argument]: [message] } }],
    reason: null,
    retryAfter: null,
    response: null,
  });
}

/** Throws `invalid_argument` unless `value` is a string (JavaScript callers may pass anything). */
export function expectText(path: string, argument: string, value: unknown): void {
  if (typeof value !== "string") throw invalidArgument(path, argument, `must be a string, not ${typeof value}`);
}
