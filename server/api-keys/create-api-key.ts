/**
 * Secret API keys (interface.md part 5, decisions.md "Identifiers"): `sk_test_` / `sk_live_`
 * + 32 random base62 characters; stored only as a sha256 hash, shown once at creation.
 */
import type { Db, Tx } from "../db";
import { DomainError } from "../errors";
import type { Mode } from "../generated/prisma/enums";
import { sha256Hex, digestsEqual } from "../crypto/hash";
import { newId, randomBase62 } from "../ids";

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

/**
 * Resolves `Authorization: Bearer <key>` to its project and mode. The lookup is by hash (an
 * index probe that reveals nothing about near matches), confirmed with a constant-time
 * compare. Client tokens are refused explicitly (decisions.md "Client tokens").
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
  const row = await db.apiKey.findUnique({
    where: { hash },
    select: {
      id: true,
      hash: true,
      mode: true,
      revokedAt: true,
      lastUsedAt: true,
      projectId: true,
      project: { select: { organizationId: true, apiVersion: true, allowedOrigins: true, archivedAt: true } },
    },
  });
  if (!row || row.revokedAt || !digestsEqual(row.hash, hash) || !key.startsWith(`sk_${row.mode}_`)) {
    throw new DomainError("api_key_invalid", "Invalid API key provided.");
  }
  if (row.project.archivedAt) throw new DomainError("api_key_invalid", "The project of this API key is archived.");
  touchLastUsed(db, row.id, row.lastUsedAt);
  return {
    keyId: row.id,
    projectId: row.projectId,
    organizationId: row.project.organizationId,
    mode: row.mode,
    apiVersion: row.project.apiVersion,
    allowedOrigins: row.project.allowedOrigins,
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
