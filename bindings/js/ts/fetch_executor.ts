// The executor the package uses by default: one HTTP attempt through `fetch`, with the
// contract core's executor seam asks for (core/src/executor.rs): never follow a redirect,
// give up after the attempt's timeout, stop reading past the body cap, and abort when core
// drops the attempt (the call was cancelled or ran out of time).

import type { HttpAttempt } from "./types.js";

/** An attempt's answer, or the rejection `{ kind, message, status? }`. */
export interface HttpAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
}

interface TransportFailure {
  kind: "network" | "timeout" | "too_large";
  message: string;
  status?: number;
}

export type Execute = (attempt: HttpAttempt) => { response: Promise<HttpAnswer>; abort: () => void };

export function fetchExecutor(fetchImpl: typeof globalThis.fetch): Execute {
  return (attempt) => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, attempt.timeout);
    const response = (async (): Promise<HttpAnswer> => {
      try {
        const answer = await fetchImpl(attempt.url, {
          method: attempt.method,
          headers: attempt.headers,
          body: attempt.body === undefined ? undefined : new Uint8Array(attempt.body),
          redirect: "manual",
          signal: controller.signal,
          cache: "no-store",
          credentials: "omit",
        });
        if (answer.type === "opaqueredirect") {
          throw failure("network", "the service answered with a redirect, which offerkit never follows (the browser hides its Location)");
        }
        const body = await readCapped(answer, attempt.maxBytes);
        return { status: answer.status, headers: [...answer.headers], body };
      } catch (thrown) {
        if (isTransportFailure(thrown)) throw thrown;
        const words = thrown instanceof Error ? `${thrown.name}: ${thrown.message}${causeOf(thrown)}` : String(thrown);
        throw timedOut ? failure("timeout", `no complete answer within ${attempt.timeout} ms`) : failure("network", words);
      } finally {
        clearTimeout(timer);
      }
    })();
    // Core may drop the attempt (and abort it) without waiting for its end.
    response.catch(() => undefined);
    return { response, abort: () => controller.abort() };
  };
}

/** The whole body, refused with `too_large` as soon as it passes `maxBytes`. */
async function readCapped(answer: Response, maxBytes: number): Promise<Uint8Array> {
  if (!answer.body) return new Uint8Array(0);
  const declared = Number(answer.headers.get("content-length") ?? NaN);
  if (declared > maxBytes) {
    await answer.body.cancel();
    throw failure("too_large", `the body is ${declared} bytes, more than ${maxBytes}`, answer.status);
  }
  const reader = answer.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel();
      throw failure("too_large", `the body passed ${maxBytes} bytes`, answer.status);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

function failure(kind: TransportFailure["kind"], message: string, status?: number): TransportFailure {
  return status === undefined ? { kind, message } : { kind, message, status };
}

function isTransportFailure(value: unknown): value is TransportFailure {
  return typeof value === "object" && value !== null && "kind" in value && "message" in value;
}

/** Node's fetch puts the socket's own words (ECONNREFUSED, …) in `cause`. */
function causeOf(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? ` (${cause.message})` : "";
}
