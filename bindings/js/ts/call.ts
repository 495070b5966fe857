// One call from start to end: runs the WebAssembly call, ties it to the caller's
// `AbortSignal` (an abort cancels it, and with it the `fetch` in flight), turns its failure
// into an `OfferError`, and frees the call's WebAssembly object.

import { cancelled, toOfferError } from "./errors.js";

/** A started call as the WebAssembly side gives it. */
export interface WasmCall {
  readonly promise: Promise<unknown>;
  cancel(): void;
  free(): void;
}

/** Runs `start()` under `signal` and resolves to what the call gave, typed by the caller. */
export async function settle<T>(start: () => WasmCall, signal: AbortSignal | undefined): Promise<T> {
  if (signal?.aborted) throw cancelled(signal);
  let call: WasmCall;
  try {
    call = start();
  } catch (thrown) {
    throw toOfferError(thrown);
  }
  const onAbort = () => call.cancel();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    return (await call.promise) as T;
  } catch (thrown) {
    const error = toOfferError(thrown);
    if (error.kind === "cancelled" && signal?.aborted) throw cancelled(signal);
    throw error;
  } finally {
    signal?.removeEventListener("abort", onAbort);
    call.free();
  }
}

/** Runs a synchronous WebAssembly function, its failure as an `OfferError`. */
export function now<T>(run: () => T): T {
  try {
    return run();
  } catch (thrown) {
    throw toOfferError(thrown);
  }
}
