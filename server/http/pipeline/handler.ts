/**
 * Step 8 of withApi: calls the handler. For an endpoint with `atomicIdempotency` and a key, the
 * handler gets the key's `IdempotencyClaim` (server/idempotency-claim.ts) and claims it in its
 * own statement; when that finds the key taken, the request answers as the key's record says
 * (`claimFirst`: a replay, or the key is claimed now and the handler runs once more without
 * the claim). A DomainError before the handler's write claims the key too, so that the error
 * is stored like any other (step 11).
 */
import { DomainError } from "../../errors";
import { type IdempotencyClaim, IdempotencyKeyTaken } from "../../idempotency-claim";
import type { StoredResponse } from "../idempotency";

export interface AtomicKey {
  /** The claim handed to the handler. */
  claim: IdempotencyClaim;
  /** Claims the key the default way (step 6): the stored response to replay, or null once this request holds the key. */
  claimFirst: () => Promise<StoredResponse | null>;
}

/**
 * Runs `call` (with the atomic claim when `atomic` is given): its result, or the stored
 * response the request replays instead.
 * @throws whatever the handler throws (for a DomainError, after the key is claimed).
 */
export async function runHandler<T>(
  call: (idempotency?: IdempotencyClaim) => Promise<T>,
  atomic: AtomicKey | null,
): Promise<{ result: T } | { replay: StoredResponse }> {
  if (!atomic) return { result: await call() };
  try {
    return { result: await call(atomic.claim) };
  } catch (err) {
    if (!(err instanceof IdempotencyKeyTaken) && !(err instanceof DomainError)) throw err;
    const replay = await atomic.claimFirst();
    if (replay) return { replay };
    if (err instanceof IdempotencyKeyTaken) return { result: await call() }; // the record expired or was released in between
    throw err;
  }
}
