// Shared set-up of the test files: a cleared simulator per test and clients with a fresh token.
import { assert, beforeEach, offerkit, simUrl } from "./env.mjs";
import { Sim } from "./sim.mjs";

export const sim = new Sim(simUrl);

/** Every test file starts each test from a cleared simulator. */
export function clearedSimulator() {
  beforeEach(async () => {
    assert.ok(simUrl, "OFFERKIT_SIM_URL is not set: run bindings/js/test.sh");
    await sim.clear();
  });
}

/** A client of the simulator with a fresh token, `settings` added. */
export async function client(settings = {}) {
  return new offerkit.OfferClient(simUrl, { accessToken: await sim.token(), ...settings });
}

/** The `OfferError` `promise` rejects with (fails when it resolves or rejects otherwise). */
export async function rejection(promise, kind) {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof offerkit.OfferError, `expected an OfferError, got ${error}`);
    assert.equal(error.kind, kind, error.message);
    assert.equal(error.name, "OfferError");
    return error;
  }
  assert.fail(`expected an OfferError of kind ${kind}, but the call succeeded`);
}

/** The same for a function that throws synchronously. */
export function thrown(run, kind) {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof offerkit.OfferError, `expected an OfferError, got ${error}`);
    assert.equal(error.kind, kind, error.message);
    return error;
  }
  assert.fail(`expected an OfferError of kind ${kind}, but nothing was thrown`);
}
