/**
 * Deliveries a person starts from the dashboard (decisions.md "Webhooks": "a delivery can be
 * re-sent by hand"):
 *
 * - **Resend** one event to one endpoint: one attempt now, shown at once (also to a disabled
 *   endpoint, to check it works before enabling it again).
 * - **Send test event**: an example event of a chosen type about a placeholder session or check
 *   that does not exist, signed like any delivery, one attempt now. It is stored only for the
 *   attempt log (`synthetic`): GET /v1/events never lists it.
 * - **Replay since** a time: every event of the last 30 days since then that the endpoint
 *   subscribes to and that has not reached it (failed, or never sent because the endpoint was
 *   disabled or did not exist yet; optionally also the delivered ones) gets a new delivery run
 *   with the full retry schedule, through the outbox.
 */
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import { type Actor, writeAudit } from "../audit/write-audit";
import { API_VERSION } from "../api-version";
import type { PublicEventType, TEvent } from "../events/event.schemas";
import { EVENT_RETENTION_MS } from "../events/list-events";
import { webhookDeliveryRequested } from "../events/internal-events";
import { enqueueMany, outboxCommitted } from "../events/outbox";
import type { Role } from "../generated/prisma/enums";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { newId } from "../ids";
import type { TSessionStatus } from "../sessions/session.schemas";
import { type Tenant, tenantWhere } from "../tenant";
import { attemptForRole, sendManualAttempt } from "./deliveries";
import type { TReplayResult, TWebhookAttempt } from "./webhook-endpoint.schemas";
import { subscribes } from "./webhook-endpoints";

/** Most events one replay re-sends (the oldest first); replay again from the last one for more. */
export const MAX_REPLAY_EVENTS = 10_000;
const REPLAY_PAGE = 1_000;

/** The placeholder ids of test events: they look real but name nothing. */
export const TEST_SESSION_ID = `ses_${"0".repeat(20)}test`;
export const TEST_CHECK_ID = `chk_${"0".repeat(20)}test`;

async function findEndpoint(db: Db, tenant: Tenant, endpointId: string) {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: endpointId, ...tenantWhere(tenant) }, select: { id: true, events: true } });
  if (!endpoint) throw notFound("webhook_endpoint", endpointId, "endpoint_id");
  return endpoint;
}

/**
 * Sends event `eventId` to endpoint `endpointId` once, now (creating the delivery when the
 * endpoint never had one for it).
 * @returns the recorded attempt.
 * @throws DomainError resource_missing (unknown, foreign or expired event or endpoint).
 */
export async function resendEvent(
  db: Db,
  tenant: Tenant,
  input: { eventId: string; endpointId: string },
  actor: Actor,
  viewer: Role,
): Promise<TWebhookAttempt> {
  const endpoint = await findEndpoint(db, tenant, input.endpointId);
  const event = await db.event.findFirst({
    where: { id: input.eventId, ...tenantWhere(tenant), createdAt: { gte: new Date(Date.now() - EVENT_RETENTION_MS) } },
    select: { id: true },
  });
  if (!event) throw notFound("event", input.eventId, "event_id");
  const delivery = await db.webhookDelivery.upsert({
    where: { endpointId_eventId: { endpointId: endpoint.id, eventId: event.id } },
    create: { id: newId("webhookDelivery"), endpointId: endpoint.id, eventId: event.id, status: "failed" },
    update: {},
    select: { id: true },
  });
  const attempt = await sendManualAttempt(db, delivery.id, "resend", actor);
  if (!attempt) throw notFound("webhook_endpoint", input.endpointId, "endpoint_id");
  return attemptForRole(attempt, viewer);
}

/** An example envelope of `type` about a placeholder session or check (no personal data). */
export function exampleEvent(type: PublicEventType, mode: Tenant["mode"], now = new Date()): TEvent {
  const head = { id: newId("event"), object: "event" as const, api_version: API_VERSION, created_at: now.toISOString(), mode };
  if (type === "check.completed" || type === "check.pii_erased") {
    return {
      ...head,
      type,
      data: {
        check: { id: TEST_CHECK_ID, check_key: "in.pan.verify", generic_key: "tax_id.verify", status: "passed", verified_by: "source", error_code: null },
      },
    };
  }
  if (type === "ckyc.upload_succeeded" || type === "ckyc.upload_failed") {
    const ok = type === "ckyc.upload_succeeded";
    const upload = {
      id: "cku_webhookTest00000000000000",
      session_id: TEST_SESSION_ID,
      status: ok ? ("succeeded" as const) : ("failed" as const),
      ckyc_number_masked: ok ? "XXXXXXXXXX1234" : null,
      error_code: ok ? null : "ckyc_upload_rejected",
      deadline_at: new Date(now.getTime() + 7 * 24 * 3600 * 1000).toISOString(),
    };
    return { ...head, type, data: { ckyc_upload: upload } };
  }
  const approved = {
    id: TEST_SESSION_ID,
    reference_id: "webhook_test",
    status: "approved" as const,
    decision: "approved" as const,
    decision_source: "manual" as const,
  };
  if (type === "session.screening_match") {
    const check = {
      id: TEST_CHECK_ID,
      check_key: "in.aml.screen",
      generic_key: "aml.screen",
      status: "needs_review" as const,
      verified_by: "source" as const,
      error_code: null,
    };
    return { ...head, type, data: { session: { ...approved, status: "review" }, check, screening: { candidates: 1, lists: ["un"] } } };
  }
  if (type === "session.review_due") {
    return { ...head, type, data: { session: approved, review: { risk_level: "medium", next_review_at: now.toISOString() } } };
  }
  const status = (type === "session.pii_erased" ? "approved" : type.slice("session.".length)) as TSessionStatus;
  const decided = status === "approved" || status === "declined" || status === "resubmission_requested";
  return {
    ...head,
    type,
    data: {
      session: { id: TEST_SESSION_ID, reference_id: "webhook_test", status, decision: decided ? status : null, decision_source: decided ? "manual" : null },
    },
  };
}

/**
 * Sends an example event of `type` to the endpoint once, now.
 * @returns the recorded attempt (status code, latency, response excerpt or error).
 * @throws DomainError resource_missing.
 */
export async function sendTestEvent(
  db: Db,
  tenant: Tenant,
  input: { endpointId: string; type: PublicEventType },
  actor: Actor,
  viewer: Role,
): Promise<TWebhookAttempt> {
  const endpoint = await findEndpoint(db, tenant, input.endpointId);
  const envelope = exampleEvent(input.type, tenant.mode);
  const deliveryId = newId("webhookDelivery");
  await db.$transaction(async (tx) => {
    await tx.event.create({
      data: {
        id: envelope.id,
        ...tenantWhere(tenant),
        type: envelope.type,
        payload: envelope as unknown as InputJsonValue,
        synthetic: true,
        createdAt: new Date(envelope.created_at),
      },
    });
    await tx.webhookDelivery.create({ data: { id: deliveryId, endpointId: endpoint.id, eventId: envelope.id } });
  });
  const attempt = await sendManualAttempt(db, deliveryId, "test", actor);
  if (!attempt) throw notFound("webhook_endpoint", input.endpointId, "endpoint_id");
  return attemptForRole(attempt, viewer);
}

/**
 * Re-delivers to one endpoint the events since `since` (at most the last 30 days, oldest first,
 * at most `MAX_REPLAY_EVENTS`) that it subscribes to and that have not reached it; with
 * `includeDelivered` also those that did. Deliveries still in their retry schedule are left
 * alone. Each replayed delivery gets its own run with the full retry schedule.
 * @returns how many deliveries were started, and the `created_at` of the last replayed event
 *   when the cap was reached (replay again from there for the rest).
 * @throws DomainError resource_missing; webhook_endpoint_disabled when the endpoint is disabled.
 */
export async function replayDeliveries(
  db: Db,
  tenant: Tenant,
  input: { endpointId: string; since: Date; includeDelivered?: boolean },
  actor: Actor,
): Promise<TReplayResult> {
  const result = await db.$transaction(
    async (tx) => {
      const endpoint = await tx.webhookEndpoint.findFirst({
        where: { id: input.endpointId, ...tenantWhere(tenant) },
        select: { id: true, events: true, enabled: true },
      });
      if (!endpoint) throw notFound("webhook_endpoint", input.endpointId, "endpoint_id");
      if (!endpoint.enabled) throw new DomainError("webhook_endpoint_disabled", "Enable the endpoint before replaying events to it.", { param: "endpoint_id" });
      const from = new Date(Math.max(input.since.getTime(), Date.now() - EVENT_RETENTION_MS));
      // Oldest first, a page at a time, until MAX_REPLAY_EVENTS are chosen (one more tells whether the cap cut it).
      const chosen: { id: string; createdAt: Date; delivery?: { id: string } }[] = [];
      let cursor: { id: string } | undefined;
      for (;;) {
        const page = await tx.event.findMany({
          where: { ...tenantWhere(tenant), synthetic: false, createdAt: { gte: from } },
          select: { id: true, type: true, createdAt: true, deliveries: { where: { endpointId: endpoint.id }, select: { id: true, status: true } } },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          take: REPLAY_PAGE,
          ...(cursor ? { cursor, skip: 1 } : {}),
        });
        for (const e of page) {
          const status = e.deliveries[0]?.status;
          const wanted = status === undefined || status === "failed" || (status === "succeeded" && input.includeDelivered === true);
          if (wanted && subscribes(endpoint.events, e.type)) chosen.push({ id: e.id, createdAt: e.createdAt, delivery: e.deliveries[0] });
        }
        if (page.length < REPLAY_PAGE || chosen.length > MAX_REPLAY_EVENTS) break;
        cursor = { id: page.at(-1)!.id };
      }
      const batch = chosen.slice(0, MAX_REPLAY_EVENTS);
      const fresh = batch.filter((e) => !e.delivery).map((e) => ({ id: newId("webhookDelivery"), endpointId: endpoint.id, eventId: e.id }));
      const existing = batch.flatMap((e) => (e.delivery ? [e.delivery.id] : []));
      if (fresh.length) await tx.webhookDelivery.createMany({ data: fresh });
      if (existing.length) await tx.webhookDelivery.updateMany({ where: { id: { in: existing } }, data: { status: "pending", nextAttemptAt: null } });
      const deliveryIds = [...fresh.map((f) => f.id), ...existing];
      await enqueueMany(
        tx,
        webhookDeliveryRequested,
        deliveryIds.map((deliveryId) => ({ deliveryId, projectId: tenant.projectId })),
      );
      await writeAudit(tx, {
        actor,
        action: "webhook_endpoint.replayed",
        objectType: "webhook_endpoint",
        objectId: endpoint.id,
        ...tenantWhere(tenant),
        data: { since: from.toISOString(), include_delivered: input.includeDelivered === true, replayed: deliveryIds.length },
      });
      return { replayed: deliveryIds.length, truncatedAt: chosen.length > batch.length ? batch.at(-1)!.createdAt.toISOString() : null };
    },
    { timeout: 60_000 },
  );
  if (result.replayed) outboxCommitted();
  return result;
}
