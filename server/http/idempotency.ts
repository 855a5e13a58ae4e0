import "server-only";
/**
 * The Idempotency-Key records of /v1 (decisions.md "Idempotency"): scope (project, mode,
 * method, path, key), kept 24 h. The first request takes the key with an INSERT guarded by the
 * unique constraint, so concurrent retries can never both run; the others get the stored
 * response replayed byte for byte (`Idempotent-Replayed: true`), `409 idempotency_key_in_use`
 * while the first still runs, or `400 idempotency_key_reused` for a different body.
 *
 * An in-flight record holds a lease (`locked_until`, IDEMPOTENCY_LEASE_MS) that its request
 * renews while it runs (`holdLease`). When a request's process dies, the lease lapses and the
 * next retry deletes the record and claims the key anew (a new record id: should the first
 * request only have stalled, its late answer is no longer stored over the retry's). Also
 * implements the domain's `IdempotencyClaim` (server/idempotency-claim.ts) for endpoints whose
 * handler claims the key in its own statement.
 *
 * A stored response body may hold a secret the client gets once (a session's client token), so
 * it is stored sealed with AES-256-GCM (server/crypto/encryption.ts), bound to its record id;
 * a replay opens it to the same bytes. Bodies stored in clear before encryption (none live past
 * the 24 h) still replay as they are.
 */
import { createHash } from "node:crypto";
import { isSealed, openText, sealText } from "../crypto/encryption";
import type { Db } from "../db";
import { DomainError } from "../errors";
import type { IdempotencyClaim } from "../idempotency-claim";
import { newId } from "../ids";
import { sql, sqlJson, sqlTimestamp } from "../sql";
import type { Tenant } from "../tenant";

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** How long an in-flight claim keeps its key without a renewal; `holdLease` renews it every third of that. */
export const IDEMPOTENCY_LEASE_MS = 30_000;
export const MAX_KEY_LENGTH = 255;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The outcome of `claimIdempotencyKey`: this request holds the key's record, or the stored response replays. */
export type ClaimResult = { kind: "claimed"; recordId: string } | { kind: "replay"; response: StoredResponse };

export type IdempotencyScope = Tenant & { method: string; path: string; key: string };

/**
 * The key's length rule and the hash that tells a retry from a different request.
 * @throws DomainError parameter_invalid (param Idempotency-Key) for an empty or too long key.
 */
export function idempotencyRequestHash(scope: IdempotencyScope, rawBody: string): string {
  if (scope.key.length > MAX_KEY_LENGTH || !scope.key.length) {
    throw new DomainError("parameter_invalid", `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters.`, { param: "Idempotency-Key" });
  }
  return createHash("sha256").update(rawBody).digest("hex");
}

/**
 * Claims the key (a new record with a fresh lease), or answers from the record that holds it.
 * @throws DomainError parameter_invalid (key too long), idempotency_key_reused,
 *   idempotency_key_in_use (the record's request still runs: its lease has not lapsed).
 */
export async function claimIdempotencyKey(db: Db, scope: IdempotencyScope, rawBody: string): Promise<ClaimResult> {
  const requestHash = idempotencyRequestHash(scope, rawBody);
  const where = { projectId_mode_method_path_key: { projectId: scope.projectId, mode: scope.mode, method: scope.method, path: scope.path, key: scope.key } };
  for (let i = 0; i < 3; i++) {
    const recordId = newId("idempotency");
    const now = new Date();
    const inserted = await db.idempotencyRecord.createMany({
      data: [
        {
          id: recordId,
          ...scope,
          requestHash,
          createdAt: now,
          lockedUntil: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS),
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        },
      ],
      skipDuplicates: true,
    });
    if (inserted.count === 1) return { kind: "claimed", recordId };
    const existing = await db.idempotencyRecord.findUnique({ where });
    if (!existing) continue; // released in between: try again
    if (existing.expiresAt <= now) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id } });
      continue;
    }
    if (existing.requestHash !== requestHash) {
      throw new DomainError("idempotency_key_reused", "This Idempotency-Key was already used with a different request body. Use a new key for a new request.", {
        param: "Idempotency-Key",
      });
    }
    if (!existing.completedAt || existing.responseStatus === null) {
      // A record from before leases counts as leased for one lease from its creation.
      const lapsed = new Date(now.getTime() - IDEMPOTENCY_LEASE_MS);
      const taken = await db.idempotencyRecord.deleteMany({
        where: { id: existing.id, completedAt: null, OR: [{ lockedUntil: { lte: now } }, { lockedUntil: null, createdAt: { lte: lapsed } }] },
      });
      if (taken.count === 1) continue; // its request stopped renewing the lease: claim the key anew
      throw new DomainError("idempotency_key_in_use", "A request with this Idempotency-Key is still being processed. Retry shortly.", {
        param: "Idempotency-Key",
      });
    }
    const body = existing.responseBody ?? "";
    return {
      kind: "replay",
      response: {
        status: existing.responseStatus,
        headers: (existing.responseHeaders ?? {}) as Record<string, string>,
        body: isSealed(body) ? openText(body, existing.id) : body,
      },
    };
  }
  throw new DomainError("idempotency_key_in_use", "A request with this Idempotency-Key is still being processed. Retry shortly.", { param: "Idempotency-Key" });
}

/**
 * Stores the response of a claimed key for replay (the body sealed). False when the record is
 * no longer this request's (its lease lapsed and a retry took the key over): nothing is stored.
 */
export async function completeIdempotencyKey(db: Db, recordId: string, response: StoredResponse): Promise<boolean> {
  const { count } = await db.idempotencyRecord.updateMany({
    where: { id: recordId, completedAt: null },
    data: {
      responseStatus: response.status,
      responseHeaders: response.headers,
      responseBody: sealText(response.body, recordId),
      completedAt: new Date(),
      lockedUntil: null,
    },
  });
  return count === 1;
}

/**
 * Renews the lease of a claimed key every `everyMs` until the returned function is called (or
 * the record is completed, released or taken over). The timer never keeps the process alive.
 */
export function holdLease(db: Db, recordId: string, everyMs = IDEMPOTENCY_LEASE_MS / 3): () => void {
  const timer = setInterval(() => {
    db.idempotencyRecord
      .updateMany({ where: { id: recordId, completedAt: null }, data: { lockedUntil: new Date(Date.now() + IDEMPOTENCY_LEASE_MS) } })
      .then(({ count }) => count === 0 && clearInterval(timer))
      .catch((err: unknown) => {
        clearInterval(timer);
        console.warn(JSON.stringify({ level: "warn", msg: "idempotency lease renewal failed", record_id: recordId, error: (err as Error)?.message }));
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Releases a claimed key without a stored result (validation failed, or a 5xx): a retry runs again. */
export async function releaseIdempotencyKey(db: Db, recordId: string): Promise<void> {
  await db.idempotencyRecord.deleteMany({ where: { id: recordId } });
}

/**
 * The `IdempotencyClaim` of one request for a handler that claims the key in its own statement
 * (endpoint option `atomicIdempotency`): the record is inserted already completed, so a create
 * costs no extra round trips for its key (bench/README.md). `toResponse` turns the handler's
 * result into the stored response. When the key is taken, the handler throws
 * `IdempotencyKeyTaken` and withApi answers as `claimIdempotencyKey` does (replay, in use, reused).
 * @throws DomainError parameter_invalid (param Idempotency-Key) for an empty or too long key.
 */
export function atomicIdempotency(scope: IdempotencyScope, rawBody: string, toResponse: (result: unknown) => StoredResponse): IdempotencyClaim {
  const requestHash = idempotencyRequestHash(scope, rawBody);
  return {
    claimSql(result, guard) {
      const r = toResponse(result);
      const now = new Date();
      const id = newId("idempotency");
      return sql`INSERT INTO idempotency_records (id, project_id, mode, method, path, key, request_hash, response_status, response_headers, response_body, created_at, completed_at, expires_at)
        SELECT ${id}, ${scope.projectId}, ${scope.mode}::"Mode", ${scope.method}, ${scope.path}, ${scope.key}, ${requestHash}, ${r.status}::int, ${sqlJson(r.headers)}, ${sealText(r.body, id)},
          ${sqlTimestamp(now)}, ${sqlTimestamp(now)}, ${sqlTimestamp(new Date(now.getTime() + IDEMPOTENCY_TTL_MS))}
        WHERE ${guard}
        ON CONFLICT (project_id, mode, method, path, key) DO NOTHING
        RETURNING id`;
    },
  };
}
