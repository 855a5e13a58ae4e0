/**
 * Step 11 of withApi: a request holding its Idempotency-Key stores its answer for replay, or
 * releases the key so that a retry runs again.
 */
import { completeIdempotencyKey, releaseIdempotencyKey, type StoredResponse } from "../idempotency";
import type { Exchange } from "./request-id";

/**
 * Stores `response` as the key's answer when the handler ran and it is not a 5xx (a success, or
 * a 4xx the handler answered: a retry gets the same answer); otherwise (input refused before
 * the handler, a 5xx) releases the key. Either way the lease stops being renewed. Nothing
 * happens without a held key.
 */
export async function storeIdempotentResponse(x: Exchange, response: StoredResponse): Promise<void> {
  if (!x.claim) return;
  x.claim.stopLease();
  if (x.handlerStarted && response.status < 500) await completeIdempotencyKey(x.claim.db, x.claim.recordId, response);
  else await releaseIdempotencyKey(x.claim.db, x.claim.recordId);
}
