/**
 * Webhook endpoints of a tenant (interface.md 4.5, decisions.md "Webhooks" and "Limits"):
 * create (the `whsec_` secret is returned once), list (never the secret), delete.
 */
import type { Db } from "../db";
import type { Mode } from "../generated/prisma/enums";
import { sql, type Sql } from "../sql";
import { DomainError, notFound } from "../errors";
import { newId, randomBase62 } from "../ids";
import { type Actor, writeAudit } from "../audit/write-audit";
import { keysetList, NEWEST_FIRST, type ListQuery } from "../pagination";
import { type Tenant, tenantWhere } from "../tenant";
import { assertWebhookUrlAllowed } from "./url-guard";
import type { TCreatedWebhookEndpoint, TCreateWebhookEndpointRequest, TDeletedWebhookEndpoint, TWebhookEndpoint } from "./webhook-endpoint.schemas";

export const MAX_ENDPOINTS_PER_MODE = 16;

const select = { id: true, url: true, events: true, description: true, enabled: true, mode: true, createdAt: true } as const;

type EndpointRow = { id: string; url: string; events: string[]; description: string; enabled: boolean; mode: "test" | "live"; createdAt: Date };

export function toWebhookEndpointDto(e: EndpointRow): TWebhookEndpoint {
  return {
    id: e.id,
    object: "webhook_endpoint",
    url: e.url,
    events: e.events,
    description: e.description,
    status: e.enabled ? "enabled" : "disabled",
    mode: e.mode,
    created_at: e.createdAt.toISOString(),
  };
}

/** Whether an endpoint subscribed with `events` receives an event of `type`. */
export function subscribes(events: readonly string[], type: string): boolean {
  return events.some((e) => e === "*" || e === type || (e.endsWith(".*") && type.startsWith(e.slice(0, -1))));
}

/**
 * SQL condition: an enabled endpoint of the tenant subscribes to `type`, with the rule of
 * `subscribes` (`*`, the exact type, or a `prefix.*` pattern).
 */
export function subscribedEndpointExistsSql(projectId: string, mode: Mode, type: string): Sql {
  return sql`EXISTS (SELECT 1 FROM webhook_endpoints w, unnest(w.events) AS p(pattern)
    WHERE w.project_id = ${projectId} AND w.mode = ${mode}::"Mode" AND w.enabled
      AND (p.pattern = '*' OR p.pattern = ${type} OR (right(p.pattern, 2) = '.*' AND starts_with(${type}, left(p.pattern, -1)))))`;
}

/**
 * @throws DomainError url_not_allowed (param url), webhook_endpoint_limit.
 */
export async function createWebhookEndpoint(db: Db, tenant: Tenant, input: TCreateWebhookEndpointRequest, actor: Actor): Promise<TCreatedWebhookEndpoint> {
  await assertWebhookUrlAllowed(input.url, tenant.mode);
  const secret = `whsec_${randomBase62(32)}`;
  const row = await db.$transaction(async (tx) => {
    // Count and insert under a per-(project, mode) transaction lock, so parallel creates cannot pass the limit.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`webhook_endpoints:${tenant.projectId}:${tenant.mode}`}))`;
    const count = await tx.webhookEndpoint.count({ where: { ...tenantWhere(tenant) } });
    if (count >= MAX_ENDPOINTS_PER_MODE) {
      throw new DomainError("webhook_endpoint_limit", `A project can have at most ${MAX_ENDPOINTS_PER_MODE} webhook endpoints per mode.`);
    }
    const e = await tx.webhookEndpoint.create({
      data: {
        id: newId("webhookEndpoint"),
        ...tenantWhere(tenant),
        url: input.url,
        events: [...new Set(input.events)],
        description: input.description ?? "",
        secret,
      },
      select,
    });
    await writeAudit(tx, { actor, action: "webhook_endpoint.created", objectType: "webhook_endpoint", objectId: e.id, ...tenantWhere(tenant) });
    return e;
  });
  return { ...toWebhookEndpointDto(row), secret };
}

export async function listWebhookEndpoints(db: Db, tenant: Tenant, q: ListQuery) {
  return keysetList(
    "webhook_endpoint",
    q,
    (id) => db.webhookEndpoint.findFirst({ where: { id, ...tenantWhere(tenant) }, select: { id: true, createdAt: true } }),
    (after, take) => db.webhookEndpoint.findMany({ where: { ...tenantWhere(tenant), ...after }, select, orderBy: NEWEST_FIRST, take }),
    toWebhookEndpointDto,
  );
}

/** @throws DomainError resource_missing for unknown or foreign ids. */
export async function deleteWebhookEndpoint(db: Db, tenant: Tenant, id: string, actor: Actor): Promise<TDeletedWebhookEndpoint> {
  return db.$transaction(async (tx) => {
    const found = await tx.webhookEndpoint.findFirst({ where: { id, ...tenantWhere(tenant) }, select: { id: true } });
    if (!found) throw notFound("webhook_endpoint", id);
    await tx.webhookEndpoint.delete({ where: { id } });
    await writeAudit(tx, { actor, action: "webhook_endpoint.deleted", objectType: "webhook_endpoint", objectId: id, ...tenantWhere(tenant) });
    return { id, object: "webhook_endpoint", deleted: true };
  });
}
