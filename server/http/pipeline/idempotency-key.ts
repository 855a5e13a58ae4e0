/**
 * Step 6 of withApi: the `Idempotency-Key` of a POST (decisions.md "Idempotency"). By default
 * the request claims the key before its input is parsed, or answers with the stored response
 * of the request that used it first; an endpoint with `atomicIdempotency` lets its handler
 * claim it instead (server/idempotency-claim.ts) and comes here only when that claim found the
 * key taken (server/http/pipeline/handler.ts).
 */
import type { Db } from "../../db";
import type { Tenant } from "../../tenant";
import { claimIdempotencyKey, holdLease, type IdempotencyScope, type StoredResponse } from "../idempotency";
import type { ApiMethod } from "./endpoint";
import type { Exchange } from "./request-id";

/** The key's scope (tenant, method, path, key), or null when the request has no key or is not a POST. */
export function idempotencyScope(req: Request, method: ApiMethod, tenant: Tenant): IdempotencyScope | null {
  const key = method === "POST" ? req.headers.get("idempotency-key") : null;
  if (key === null) return null;
  return { projectId: tenant.projectId, mode: tenant.mode, method: req.method, path: new URL(req.url).pathname, key };
}

/**
 * Claims the key for this request (held in `x.claim`, its lease renewed every `renewEveryMs`,
 * until step 11 stores or releases it), or returns the stored response of the key's first
 * request, to replay.
 * @throws DomainError parameter_invalid (param Idempotency-Key: empty or over 255 characters),
 *   idempotency_key_reused (another body), idempotency_key_in_use (the first still runs).
 */
export async function claimOrReplay(x: Exchange, db: Db, scope: IdempotencyScope, rawBody: string, renewEveryMs?: number): Promise<StoredResponse | null> {
  const claim = await claimIdempotencyKey(db, scope, rawBody);
  if (claim.kind === "replay") return claim.response;
  x.claim = { db, recordId: claim.recordId, stopLease: holdLease(db, claim.recordId, renewEveryMs) };
  return null;
}
