/**
 * The dashboard's API key management (issue 7): list the keys of a project and mode, create a
 * named key (the secret is shown once), revoke one. Every change is audited.
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { notFound } from "../errors";
import { type Tenant, tenantWhere } from "../tenant";
import { createApiKey } from "./create-api-key";
import type { TApiKey, TCreateApiKeyRequest } from "./manage-api-keys.schemas";

const select = { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

/** The project's keys of this mode: active ones newest first, then revoked ones. */
export async function listApiKeys(db: Db, tenant: Tenant): Promise<TApiKey[]> {
  const rows = await db.apiKey.findMany({ where: tenantWhere(tenant), orderBy: { createdAt: "desc" }, select });
  return [...rows.filter((k) => !k.revokedAt), ...rows.filter((k) => k.revokedAt)];
}

/** Creates a named key of the tenant's mode; the secret is returned here once and never again. */
export async function createNamedApiKey(db: Db, tenant: Tenant, input: TCreateApiKeyRequest, actor: Actor): Promise<{ key: TApiKey; secret: string }> {
  return db.$transaction(async (tx) => {
    const { id, secret } = await createApiKey(tx, { ...tenantWhere(tenant), name: input.name });
    await writeAudit(tx, { actor, action: "api_key.created", objectType: "api_key", objectId: id, ...tenantWhere(tenant), data: { name: input.name } });
    const key = await tx.apiKey.findUniqueOrThrow({ where: { id }, select });
    return { key, secret };
  });
}

/**
 * Revokes a key at once (requests with it get 401 from then on).
 * @throws DomainError resource_missing for a key of another project or mode, or one already revoked.
 */
export async function revokeApiKey(db: Db, tenant: Tenant, keyId: string, actor: Actor, now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    const r = await tx.apiKey.updateMany({ where: { id: keyId, ...tenantWhere(tenant), revokedAt: null }, data: { revokedAt: now } });
    if (r.count !== 1) throw notFound("API key", keyId);
    await writeAudit(tx, { actor, action: "api_key.revoked", objectType: "api_key", objectId: keyId, ...tenantWhere(tenant) });
  });
}
