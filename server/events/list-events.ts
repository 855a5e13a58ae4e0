/**
 * GET /v1/events and /v1/events/{id} (decisions.md "Webhooks": the project's events of the
 * key's mode, newest first, kept 30 days; older ones are pruned daily by
 * inngest/functions/prune-events.ts). Returns the stored envelopes. Dashboard test events
 * (`synthetic`) are never listed.
 */
import type { Db } from "../db";
import { notFound } from "../errors";
import { keysetList, NEWEST_FIRST, type ListQuery } from "../pagination";
import { type Tenant, tenantWhere } from "../tenant";
import type { TEvent } from "./event.schemas";
import { orderedEnvelope } from "./outbox";

export const EVENT_RETENTION_MS = 30 * 24 * 3600 * 1000;

export interface EventFilters extends ListQuery {
  type?: string;
  "created[gte]"?: string;
  "created[lte]"?: string;
}

function retained() {
  return { createdAt: { gte: new Date(Date.now() - EVENT_RETENTION_MS) } };
}

/**
 * A page of the tenant's events of the last 30 days, newest first, filtered by `type` and
 * `created[gte]` / `created[lte]` (ISO 8601).
 * @throws DomainError resource_missing for a `starting_after` outside the filter.
 */
export async function listEvents(db: Db, tenant: Tenant, q: EventFilters) {
  const created = {
    gte: new Date(Math.max(Date.now() - EVENT_RETENTION_MS, q["created[gte]"] ? Date.parse(q["created[gte]"]) : 0)),
    ...(q["created[lte]"] ? { lte: new Date(q["created[lte]"]) } : {}),
  };
  const where = { ...tenantWhere(tenant), synthetic: false, ...(q.type ? { type: q.type } : {}) };
  return keysetList(
    "event",
    q,
    (id) => db.event.findFirst({ where: { id, ...where }, select: { id: true, createdAt: true } }),
    (after, take) => db.event.findMany({ where: { AND: [where, { createdAt: created }, after] }, orderBy: NEWEST_FIRST, take, select: { payload: true } }),
    (row) => orderedEnvelope(row.payload),
  );
}

/** @throws DomainError resource_missing for unknown, foreign or expired (> 30 days) events. */
export async function getEvent(db: Db, tenant: Tenant, id: string): Promise<TEvent> {
  const row = await db.event.findFirst({ where: { id, ...tenantWhere(tenant), synthetic: false, ...retained() }, select: { payload: true } });
  if (!row) throw notFound("event", id);
  return orderedEnvelope(row.payload);
}
