/**
 * Secret API keys (interface.md part 5, decisions.md "Identifiers"): `sk_test_` / `sk_live_`
 * + 32 random base62 characters; stored only as a sha256 hash, shown once at creation.
 */
import type { Db, Tx } from "../db";
import { queryRows } from "../db-sql";
import { DomainError } from "../errors";
import type { Mode } from "../generated/prisma/enums";
import { sha256Hex, digestsEqual } from "../crypto/hash";
import { newId, randomBase62 } from "../ids";
import { sql } from "../sql";

/** Creates a key (in `db` or inside a caller's transaction); the secret is returned only here. */
export async function createApiKey(db: Db | Tx, input: { projectId: string; mode: Mode; name?: string }): Promise<{ id: string; secret: string }> {
  const secret = `sk_${input.mode}_${randomBase62(32)}`;
  const row = await db.apiKey.create({
    data: { id: newId("apiKey"), projectId: input.projectId, mode: input.mode, name: input.name ?? "", hash: sha256Hex(secret), prefix: secret.slice(0, 12) },
    select: { id: true },
  });
  return { id: row.id, secret };
}

export interface ApiKeyContext {
  keyId: string;
  projectId: string;
  organizationId: string;
  mode: Mode;
  apiVersion: string;
  /** The project's allowed origins (redirect_url, hosted-flow embedding), read with the key. */
  allowedOrigins: string[];
}

/** The key's row with its project's, as `authenticateApiKey` reads it (every /v1 request: `queryRows`). */
interface KeyRow {
  id: string;
  hash: string;
  mode: Mode;
  revoked: boolean;
  last_used_at: Date | null;
  project_id: string;
  organization_id: string;
  api_version: string;
  allowed_origins: string[];
  archived: boolean;
}

/**
 * Resolves `Authorization: Bearer <key>` to its project and mode. The lookup is by hash (an
 * index probe that reveals nothing about near matches), confirmed with a constant-time
 * compare; read fresh on every request (a revoked key stops at once). Client tokens are refused
 * explicitly (decisions.md "Client tokens").
 * @throws DomainError authentication_required, client_token_not_allowed, api_key_invalid (401;
 *   also for a key of an archived project).
 */
export async function authenticateApiKey(db: Db, authorization: string | null): Promise<ApiKeyContext> {
  if (!authorization) {
    throw new DomainError("authentication_required", "No API key provided. Send it as 'Authorization: Bearer sk_...'.");
  }
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  if (!match) throw new DomainError("api_key_invalid", "Malformed Authorization header. Use 'Authorization: Bearer sk_...'.");
  const key = match[1]!;
  if (key.startsWith("st_")) {
    throw new DomainError("client_token_not_allowed", "Client tokens (st_...) are for the hosted flow only; use a secret key (sk_...) from your backend.");
  }
  const hash = sha256Hex(key);
  const [row] = await queryRows<KeyRow>(
    db,
    sql`SELECT k.id, k.hash, k.mode, k.revoked_at IS NOT NULL AS revoked, k.last_used_at AT TIME ZONE 'UTC' AS last_used_at, k.project_id,
      p.organization_id, p.api_version, p.allowed_origins, p.archived_at IS NOT NULL AS archived
    FROM api_keys k JOIN projects p ON p.id = k.project_id WHERE k.hash = ${hash}`,
  );
  if (!row || row.revoked || !digestsEqual(row.hash, hash) || !key.startsWith(`sk_${row.mode}_`)) {
    throw new DomainError("api_key_invalid", "Invalid API key provided.");
  }
  if (row.archived) throw new DomainError("api_key_invalid", "The project of this API key is archived.");
  touchLastUsed(db, row.id, row.last_used_at);
  return {
    keyId: row.id,
    projectId: row.project_id,
    organizationId: row.organization_id,
    mode: row.mode,
    apiVersion: row.api_version,
    allowedOrigins: row.allowed_origins,
  };
}

/** `lastUsedAt` is written at most once per this interval per key. */
export const LAST_USED_RESOLUTION_MS = 60_000;
const lastTouched = new Map<string, number>();

/**
 * Records that a key was used, without a statement on every request: the key's `lastUsedAt`
 * (read with the key anyway) and a per-process memo skip the write while the stored value is
 * younger than a minute; otherwise one UPDATE runs in the background (not awaited; a failure
 * is logged), guarded in SQL so concurrent processes write at most once per minute too.
 */
export function touchLastUsed(db: Db, keyId: string, stored: Date | null, now = Date.now()): Promise<void> | null {
  const since = now - LAST_USED_RESOLUTION_MS;
  if ((stored && stored.getTime() > since) || (lastTouched.get(keyId) ?? 0) > since) return null;
  lastTouched.set(keyId, now);
  if (lastTouched.size > 10_000) for (const [k, t] of lastTouched) if (t <= since) lastTouched.delete(k);
  const at = new Date(now);
  return db.apiKey.updateMany({ where: { id: keyId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: new Date(since) } }] }, data: { lastUsedAt: at } }).then(
    () => undefined,
    (err: unknown) => console.error(JSON.stringify({ level: "error", msg: "api key last_used_at update failed", keyId, error: String(err) })),
  );
}
