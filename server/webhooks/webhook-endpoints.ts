/**
 * Webhook endpoints of a tenant (interface.md 4.5, decisions.md "Webhooks" and "Limits"):
 * create (the `whsec_` secret is returned once), list and retrieve (never the secret), update
 * (URL, subscriptions, description, disable/enable), rotate the secret with an overlap window,
 * delete; plus the dashboard's alerts about endpoints the service disabled by itself.
 */
import type { Db } from "../db";
import type { Mode } from "../generated/prisma/enums";
import { sql, type Sql } from "../sql";
import { DomainError, notFound } from "../errors";
import { newId, randomBase62 } from "../ids";
import { type Actor, writeAudit } from "../audit/write-audit";
import { keysetList, NEWEST_FIRST, type ListQuery } from "../pagination";
import { type Tenant, tenantWhere } from "../tenant";
import { assertWebhookUrlAllowed, type HostResolver } from "./url-guard";
import { sealedWebhookSecret, sealWebhookSecret } from "./webhook-secrets";
import type {
  TCreatedWebhookEndpoint,
  TCreateWebhookEndpointRequest,
  TDeletedWebhookEndpoint,
  TDisabledReason,
  TRotatedWebhookEndpoint,
  TRotateWebhookSecretRequest,
  TUpdateWebhookEndpointRequest,
  TWebhookAlert,
  TWebhookEndpoint,
} from "./webhook-endpoint.schemas";

export const MAX_ENDPOINTS_PER_MODE = 16;

const select = {
  id: true,
  url: true,
  events: true,
  description: true,
  enabled: true,
  disabledReason: true,
  failingSince: true,
  previousSecretExpiresAt: true,
  mode: true,
  createdAt: true,
} as const;

type EndpointRow = {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  previousSecretExpiresAt: Date | null;
  mode: Mode;
  createdAt: Date;
};

/** The API object of an endpoint (never its secrets). */
export function toWebhookEndpointDto(e: EndpointRow, now = new Date()): TWebhookEndpoint {
  return {
    id: e.id,
    object: "webhook_endpoint",
    url: e.url,
    events: e.events,
    description: e.description,
    status: e.enabled ? "enabled" : "disabled",
    disabled_reason: e.enabled ? null : ((e.disabledReason ?? "manual") as TDisabledReason),
    failing_since: e.failingSince?.toISOString() ?? null,
    previous_secret_expires_at: e.previousSecretExpiresAt && e.previousSecretExpiresAt > now ? e.previousSecretExpiresAt.toISOString() : null,
    mode: e.mode,
    created_at: e.createdAt.toISOString(),
  };
}

/** Whether an endpoint subscribed with `events` receives an event of `type` (`*`, `session.*`, exact). */
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

function newSecret(): string {
  return `whsec_${randomBase62(32)}`;
}

/**
 * Creates an endpoint; its `whsec_` secret is in the result and never again (stored sealed: server/webhooks/webhook-secrets.ts).
 * @param resolve host resolver of the SSRF guard (tests).
 * @throws DomainError url_not_allowed (param url), webhook_endpoint_limit.
 */
export async function createWebhookEndpoint(
  db: Db,
  tenant: Tenant,
  input: TCreateWebhookEndpointRequest,
  actor: Actor,
  resolve?: HostResolver,
): Promise<TCreatedWebhookEndpoint> {
  await assertWebhookUrlAllowed(input.url, tenant.mode, resolve);
  const secret = newSecret();
  const id = newId("webhookEndpoint");
  const row = await db.$transaction(async (tx) => {
    // Count and insert under a per-(project, mode) transaction lock, so parallel creates cannot pass the limit.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`webhook_endpoints:${tenant.projectId}:${tenant.mode}`}))`;
    const count = await tx.webhookEndpoint.count({ where: { ...tenantWhere(tenant) } });
    if (count >= MAX_ENDPOINTS_PER_MODE) {
      throw new DomainError("webhook_endpoint_limit", `A project can have at most ${MAX_ENDPOINTS_PER_MODE} webhook endpoints per mode.`);
    }
    const e = await tx.webhookEndpoint.create({
      data: {
        id,
        ...tenantWhere(tenant),
        url: input.url,
        events: [...new Set(input.events)],
        description: input.description ?? "",
        secret: sealWebhookSecret(id, secret),
      },
      select,
    });
    await writeAudit(tx, { actor, action: "webhook_endpoint.created", objectType: "webhook_endpoint", objectId: e.id, ...tenantWhere(tenant) });
    return e;
  });
  return { ...toWebhookEndpointDto(row), secret };
}

/** The tenant's endpoints, newest first (keyset pagination). */
export async function listWebhookEndpoints(db: Db, tenant: Tenant, q: ListQuery) {
  return keysetList(
    "webhook_endpoint",
    q,
    (id) => db.webhookEndpoint.findFirst({ where: { id, ...tenantWhere(tenant) }, select: { id: true, createdAt: true } }),
    (after, take) => db.webhookEndpoint.findMany({ where: { ...tenantWhere(tenant), ...after }, select, orderBy: NEWEST_FIRST, take }),
    (row) => toWebhookEndpointDto(row),
  );
}

/** @throws DomainError resource_missing for unknown or foreign ids. */
export async function getWebhookEndpoint(db: Db, tenant: Tenant, id: string): Promise<TWebhookEndpoint> {
  const row = await db.webhookEndpoint.findFirst({ where: { id, ...tenantWhere(tenant) }, select });
  if (!row) throw notFound("webhook_endpoint", id);
  return toWebhookEndpointDto(row);
}

/**
 * Changes an endpoint. `disabled: true` disables it (reason `manual`; pending deliveries stop at
 * their next attempt); `disabled: false` enables it and forgets its failure streak. A new URL
 * passes the SSRF guard first.
 * @throws DomainError resource_missing, url_not_allowed (param url).
 */
export async function updateWebhookEndpoint(
  db: Db,
  tenant: Tenant,
  id: string,
  input: TUpdateWebhookEndpointRequest,
  actor: Actor,
  resolve?: HostResolver,
): Promise<TWebhookEndpoint> {
  if (input.url !== undefined) await assertWebhookUrlAllowed(input.url, tenant.mode, resolve);
  return db.$transaction(async (tx) => {
    const found = await tx.webhookEndpoint.findFirst({ where: { id, ...tenantWhere(tenant) }, select: { id: true, enabled: true } });
    if (!found) throw notFound("webhook_endpoint", id);
    const now = new Date();
    const toggle =
      input.disabled === true && found.enabled
        ? { enabled: false, disabledAt: now, disabledReason: "manual" }
        : input.disabled === false && !found.enabled
          ? { enabled: true, disabledAt: null, disabledReason: null, failingSince: null }
          : {};
    const row = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...toggle,
      },
      select,
    });
    const changed = Object.keys(input).filter((k) => input[k as keyof TUpdateWebhookEndpointRequest] !== undefined);
    const action = "enabled" in toggle ? (toggle.enabled ? "webhook_endpoint.enabled" : "webhook_endpoint.disabled") : "webhook_endpoint.updated";
    await writeAudit(tx, { actor, action, objectType: "webhook_endpoint", objectId: id, ...tenantWhere(tenant), data: { changed } });
    return toWebhookEndpointDto(row, now);
  });
}

/**
 * Rolls the signing secret: a new `whsec_` secret signs from now on; the previous one keeps
 * signing (a second `v1=`) for `previous_secret_expires_in` seconds (0: stops at once). A
 * rotation during an overlap replaces the older previous secret. The new secret is in the
 * result and never again.
 * @throws DomainError resource_missing.
 */
export async function rotateWebhookSecret(
  db: Db,
  tenant: Tenant,
  id: string,
  input: TRotateWebhookSecretRequest,
  actor: Actor,
): Promise<TRotatedWebhookEndpoint> {
  const secret = newSecret();
  return db.$transaction(async (tx) => {
    const found = await tx.webhookEndpoint.findFirst({ where: { id, ...tenantWhere(tenant) }, select: { id: true, secret: true } });
    if (!found) throw notFound("webhook_endpoint", id);
    const now = new Date();
    const overlap = input.previous_secret_expires_in > 0;
    const row = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        secret: sealWebhookSecret(id, secret),
        previousSecret: overlap ? sealedWebhookSecret(id, found.secret) : null,
        previousSecretExpiresAt: overlap ? new Date(now.getTime() + input.previous_secret_expires_in * 1000) : null,
      },
      select,
    });
    await writeAudit(tx, {
      actor,
      action: "webhook_endpoint.secret_rotated",
      objectType: "webhook_endpoint",
      objectId: id,
      ...tenantWhere(tenant),
      data: { previous_secret_expires_in: input.previous_secret_expires_in },
    });
    return { ...toWebhookEndpointDto(row, now), secret };
  });
}

/**
 * Deletes in one guarded statement, so of concurrent deletions one succeeds and the others find nothing.
 * @throws DomainError resource_missing for unknown, foreign or already deleted ids.
 */
export async function deleteWebhookEndpoint(db: Db, tenant: Tenant, id: string, actor: Actor): Promise<TDeletedWebhookEndpoint> {
  return db.$transaction(async (tx) => {
    const deleted = await tx.webhookEndpoint.deleteMany({ where: { id, ...tenantWhere(tenant) } });
    if (deleted.count !== 1) throw notFound("webhook_endpoint", id);
    await writeAudit(tx, { actor, action: "webhook_endpoint.deleted", objectType: "webhook_endpoint", objectId: id, ...tenantWhere(tenant) });
    return { id, object: "webhook_endpoint", deleted: true };
  });
}

/**
 * Endpoints of the project (both modes) that the service disabled: `410 Gone` or 5 days of
 * failures. An alert lasts until the endpoint is enabled again, deleted, or kept disabled on
 * purpose (`acknowledgeWebhookAlert`).
 */
export async function listWebhookAlerts(db: Db, projectId: string): Promise<TWebhookAlert[]> {
  const rows = await db.webhookEndpoint.findMany({
    where: { projectId, enabled: false, disabledReason: { in: ["endpoint_gone", "failing"] } },
    select: { id: true, url: true, mode: true, disabledReason: true, disabledAt: true, failingSince: true },
    orderBy: [{ disabledAt: "desc" }, { id: "desc" }],
  });
  return rows.map((r) => ({
    endpointId: r.id,
    url: r.url,
    mode: r.mode,
    reason: r.disabledReason as TWebhookAlert["reason"],
    disabledAt: r.disabledAt?.toISOString() ?? null,
    failingSince: r.failingSince?.toISOString() ?? null,
  }));
}

/**
 * Keeps an endpoint the service disabled disabled on purpose: its reason becomes `manual`, which
 * ends the alert.
 * @throws DomainError resource_missing.
 */
export async function acknowledgeWebhookAlert(db: Db, tenant: Tenant, id: string, actor: Actor): Promise<TWebhookEndpoint> {
  return db.$transaction(async (tx) => {
    const found = await tx.webhookEndpoint.findFirst({ where: { id, ...tenantWhere(tenant) }, select: { id: true, enabled: true } });
    if (!found) throw notFound("webhook_endpoint", id);
    const row = await tx.webhookEndpoint.update({ where: { id }, data: found.enabled ? {} : { disabledReason: "manual" }, select });
    await writeAudit(tx, { actor, action: "webhook_endpoint.alert_acknowledged", objectType: "webhook_endpoint", objectId: id, ...tenantWhere(tenant) });
    return toWebhookEndpointDto(row);
  });
}
