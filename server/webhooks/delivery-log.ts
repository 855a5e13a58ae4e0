/**
 * The delivery log of the dashboard (decisions.md "Webhooks": every attempt is recorded and
 * visible): deliveries per endpoint or per event, newest first, each with its last attempt,
 * and every attempt of one delivery (request id, status code, latency, first 2 KiB of the
 * response for owners and admins, error).
 */
import type { Db } from "../db";
import { notFound } from "../errors";
import type { Role } from "../generated/prisma/enums";
import { keysetList } from "../pagination";
import { type Tenant, tenantWhere } from "../tenant";
import { attemptForRole, isSuccess, toAttemptView } from "./deliveries";
import type { DeliveryStatus, TDeliveryPage, TDeliveryView, TWebhookAttempt } from "./webhook-endpoint.schemas";

export interface DeliveryFilter {
  endpointId?: string;
  eventId?: string;
  status?: DeliveryStatus;
  limit: number;
  startingAfter?: string;
}

const select = {
  id: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  deliveredAt: true,
  createdAt: true,
  event: { select: { id: true, type: true, createdAt: true, synthetic: true } },
  endpoint: { select: { id: true, url: true } },
  attemptLog: { select: { statusCode: true, error: true, createdAt: true, trigger: true }, orderBy: { number: "desc" as const }, take: 1 },
} as const;

/**
 * Deliveries of the tenant, newest first, filtered by endpoint, event and status.
 * @throws DomainError resource_missing for a `startingAfter` outside the filter.
 */
export async function listDeliveries(db: Db, tenant: Tenant, f: DeliveryFilter): Promise<TDeliveryPage> {
  const where = {
    endpoint: tenantWhere(tenant),
    ...(f.endpointId ? { endpointId: f.endpointId } : {}),
    ...(f.eventId ? { eventId: f.eventId } : {}),
    ...(f.status ? { status: f.status } : {}),
  };
  const page = await keysetList(
    "webhook_delivery",
    { limit: f.limit, starting_after: f.startingAfter },
    (id) => db.webhookDelivery.findFirst({ where: { id, ...where }, select: { id: true, createdAt: true } }),
    (after, take) => db.webhookDelivery.findMany({ where: { AND: [where, after] }, select, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take }),
    (d): TDeliveryView => {
      const last = d.attemptLog[0];
      return {
        id: d.id,
        status: d.status as DeliveryStatus,
        attempts: d.attempts,
        nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
        deliveredAt: d.deliveredAt?.toISOString() ?? null,
        createdAt: d.createdAt.toISOString(),
        event: { id: d.event.id, type: d.event.type, createdAt: d.event.createdAt.toISOString(), test: d.event.synthetic },
        endpoint: { id: d.endpoint.id, url: d.endpoint.url },
        lastAttempt: last
          ? {
              statusCode: last.statusCode,
              succeeded: isSuccess(last.statusCode),
              error: last.error,
              createdAt: last.createdAt.toISOString(),
              trigger: last.trigger,
            }
          : null,
      };
    },
  );
  return { data: page.data, hasMore: page.has_more };
}

/**
 * Every attempt of one delivery, newest first, as a dashboard user with `viewer` role sees it (`attemptForRole`).
 * @throws DomainError resource_missing for unknown or foreign deliveries.
 */
export async function listAttempts(db: Db, tenant: Tenant, deliveryId: string, viewer: Role): Promise<TWebhookAttempt[]> {
  const d = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, endpoint: tenantWhere(tenant) },
    select: { attemptLog: { orderBy: { number: "desc" } } },
  });
  if (!d) throw notFound("webhook_delivery", deliveryId, "delivery_id");
  return d.attemptLog.map((a) => attemptForRole(toAttemptView(a), viewer));
}
