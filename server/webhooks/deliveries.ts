/**
 * Webhook fan-out and delivery attempts (decisions.md "Webhooks").
 *
 * - One delivery per (endpoint, event), a unique constraint, so a re-run fan-out never
 *   duplicates. Each delivery is worked by its own Inngest run (inngest/functions/deliver-webhook.ts)
 *   through the retry schedule of server/webhooks/delivery-policy.ts.
 * - Every attempt is recorded with its `req_` request id (sent as `Request-Id`), trigger, URL,
 *   status code, latency, the first 2 KiB of the response and the error; any 2xx succeeds.
 * - A delivery that succeeded is never sent again by the schedule (a crash after the 2xx was
 *   recorded re-runs the step, which then skips). Only a person's explicit resend re-sends it.
 * - Endpoint health: a success clears `failingSince`; a failure starts it; `410 Gone` disables
 *   the endpoint (`endpoint_gone`), and so do 5 days of continuous failures (`failing`). A
 *   disabled endpoint's pending deliveries end as `failed` at their next attempt (replayable).
 */
import { recordWebhookAttempt } from "../metrics/metrics";
import type { Db } from "../db";
import type { Mode, Role } from "../generated/prisma/enums";
import { type Actor, SYSTEM_ACTOR, writeAudit } from "../audit/write-audit";
import { webhookDeliveryRequested } from "../events/internal-events";
import { serializeEnvelope } from "../events/outbox";
import { newId } from "../ids";
import { sqlTimestamp } from "../sql";
import { deliveryPolicy, type DeliveryPolicy, maxAttempts, retryDelayMs } from "./delivery-policy";
import { postWebhook } from "./post-webhook";
import { SIGNATURE_HEADER, signatureHeader, signingSecrets } from "./sign";
import { openWebhookSecret, resealWebhookSecrets } from "./webhook-secrets";
import { WEBHOOK_EXCERPT_ROLES } from "./webhook-endpoint.schemas";
import { MAX_ENDPOINTS_PER_MODE } from "./webhook-endpoints";
import type { TWebhookAttempt } from "./webhook-endpoint.schemas";

export const USER_AGENT = "Verify-Webhooks/1.0";

/** What started an attempt: the retry schedule (`automatic`, also after a replay) or a person. */
export type AttemptTrigger = "automatic" | "resend" | "test";

/** True for a status that acknowledges a delivery: any 2xx. */
export function isSuccess(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode < 300;
}

/**
 * The fan-out of one event (decisions.md "Webhooks"): creates a delivery for every enabled
 * endpoint subscribed to its type (`*`, `session.*`, exact) and, in the same statement, the
 * outbox row that requests each delivery's own run (`webhookDeliveryRequested`; row id = delivery
 * id, so a re-run fan-out neither duplicates a delivery nor its run). The row's data is built in
 * the statement from two text columns, `{ deliveryId, projectId }`: the declared schema's shape. Call `outboxCommitted()` after it when it returned
 * ids. Idempotent.
 * @returns the ids of the event's deliveries to those endpoints (new or existing).
 */
export async function createDeliveries(db: Db, eventId: string): Promise<string[]> {
  // One pre-made id per possible endpoint (an event's mode has at most MAX_ENDPOINTS_PER_MODE).
  const ids = Array.from({ length: MAX_ENDPOINTS_PER_MODE }, () => newId("webhookDelivery"));
  const now = sqlTimestamp(new Date());
  const rows = await db.$queryRaw<{ id: string }[]>`
    WITH ev AS (SELECT id, project_id, mode, type FROM events WHERE id = ${eventId} AND NOT synthetic),
    targets AS (
      SELECT w.id, row_number() OVER (ORDER BY w.id) AS n FROM webhook_endpoints w, ev
      WHERE w.project_id = ev.project_id AND w.mode = ev.mode AND w.enabled
        AND EXISTS (SELECT 1 FROM unnest(w.events) AS p(pattern)
          WHERE p.pattern = '*' OR p.pattern = ev.type OR (right(p.pattern, 2) = '.*' AND starts_with(ev.type, left(p.pattern, -1))))
    ),
    ins AS (
      INSERT INTO webhook_deliveries (id, endpoint_id, event_id, status, attempts, created_at)
      SELECT coalesce(${JSON.stringify(ids)}::jsonb ->> (t.n - 1)::int, 'whd_' || md5(random()::text || t.id)), t.id, ${eventId}, 'pending', 0, ${now}
      FROM targets t
      ON CONFLICT (endpoint_id, event_id) DO NOTHING
      RETURNING id
    ),
    req AS (
      INSERT INTO outbox_messages (id, name, data, created_at)
      SELECT ins.id, ${webhookDeliveryRequested.name}, jsonb_build_object('deliveryId', ins.id, 'projectId', ev.project_id), ${now} FROM ins, ev
      ON CONFLICT (id) DO NOTHING
    )
    SELECT id FROM ins
    UNION
    SELECT d.id FROM webhook_deliveries d JOIN targets t ON t.id = d.endpoint_id WHERE d.event_id = ${eventId}`;
  return rows.map((r) => r.id);
}

/** A timestamp column of a raw query (a Date, or its text without a zone, which is UTC). */
function toDate(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  const text = String(v);
  return new Date(/(Z|[+-]\d\d(:?\d\d)?)$/.test(text) ? text : `${text.replace(" ", "T")}Z`);
}

/** Loads a delivery with its event and endpoint in one query, the signing secrets opened (and re-sealed first when in clear or sealed with an older key). */
async function loadDelivery(db: Db, deliveryId: string): Promise<LoadedDelivery | null> {
  const [row] = await db.$queryRaw<Record<string, unknown>[]>`
    SELECT d.id, d.status, e.payload, e.mode::text AS mode, e.project_id, w.id AS endpoint_id, w.url, w.secret, w.previous_secret,
      w.previous_secret_expires_at, w.enabled, w.failing_since
    FROM webhook_deliveries d JOIN events e ON e.id = d.event_id JOIN webhook_endpoints w ON w.id = d.endpoint_id
    WHERE d.id = ${deliveryId}`;
  if (!row) return null;
  const endpointId = String(row.endpoint_id);
  const stored = { secret: String(row.secret), previousSecret: (row.previous_secret as string | null) ?? null };
  await resealWebhookSecrets(db, endpointId, stored);
  return {
    id: String(row.id),
    status: String(row.status),
    event: { payload: typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload, mode: row.mode as Mode, projectId: String(row.project_id) },
    endpoint: {
      id: endpointId,
      url: String(row.url),
      secret: openWebhookSecret(endpointId, stored.secret),
      previousSecret: stored.previousSecret === null ? null : openWebhookSecret(endpointId, stored.previousSecret),
      previousSecretExpiresAt: toDate(row.previous_secret_expires_at),
      enabled: row.enabled === true,
      failingSince: toDate(row.failing_since),
    },
  };
}

interface LoadedDelivery {
  id: string;
  status: string;
  event: { payload: unknown; mode: Mode; projectId: string };
  endpoint: {
    id: string;
    url: string;
    secret: string;
    previousSecret: string | null;
    previousSecretExpiresAt: Date | null;
    enabled: boolean;
    failingSince: Date | null;
  };
}

/** The result of one attempt, recorded. */
export interface RecordedAttempt {
  attempt: TWebhookAttempt;
  ok: boolean;
  gone: boolean;
}

/**
 * Sends one attempt of delivery `d` and records it in one transaction with its effects on the
 * endpoint's health; `deliveryUpdate` says what the attempt does to the delivery row (applied
 * only while the row's status is one of `fromStatuses`, so a schedule never overrides a
 * success that a resend recorded meanwhile).
 * @returns null when the delivery vanished meanwhile (its endpoint was deleted).
 */
async function sendAttempt(
  db: Db,
  d: LoadedDelivery,
  trigger: AttemptTrigger,
  deliveryUpdate: (r: { ok: boolean; gone: boolean; now: Date }) => { fromStatuses: string[]; data: Record<string, unknown> } | null,
  policy: DeliveryPolicy,
): Promise<RecordedAttempt | null> {
  const body = serializeEnvelope(d.event.payload);
  const requestId = newId("request");
  const started = new Date();
  const res = await postWebhook({
    url: d.endpoint.url,
    mode: d.event.mode,
    body,
    timeoutMs: policy.timeoutMs,
    resolve: policy.resolve,
    headers: {
      "Content-Type": "application/json",
      "User-Agent": USER_AGENT,
      "Request-Id": requestId,
      [SIGNATURE_HEADER]: signatureHeader(signingSecrets(d.endpoint, started), body, Math.floor(started.getTime() / 1000)),
    },
  });
  recordWebhookAttempt(res.statusCode, res.latencyMs);
  const ok = isSuccess(res.statusCode);
  const gone = res.statusCode === 410;
  const now = new Date();
  const tenant = { projectId: d.event.projectId, mode: d.event.mode };
  const attemptId = newId("webhookAttempt");
  // the attempt as recorded, its number counted by the write
  const attempt = {
    id: attemptId,
    requestId,
    trigger,
    url: d.endpoint.url,
    statusCode: res.statusCode,
    latencyMs: res.latencyMs,
    responseExcerpt: res.excerpt,
    error: res.error,
    createdAt: now,
  };
  const view = (number: number) => toAttemptView({ ...attempt, number });
  if (ok && !d.endpoint.failingSince) {
    // The common case (a success on a healthy endpoint) in one statement: count, record, mark delivered.
    const [row] = await db.$queryRaw<{ number: number }[]>`
      WITH d AS (
        UPDATE webhook_deliveries SET attempts = attempts + 1, status = 'succeeded', delivered_at = ${sqlTimestamp(now)}, next_attempt_at = NULL
        WHERE id = ${d.id} RETURNING attempts
      )
      INSERT INTO webhook_attempts (id, delivery_id, number, request_id, trigger, url, status_code, latency_ms, response_excerpt, error, created_at)
      SELECT ${attemptId}, ${d.id}, d.attempts, ${requestId}, ${trigger}, ${d.endpoint.url}, ${res.statusCode}, ${res.latencyMs}, ${res.excerpt}, ${res.error}, ${sqlTimestamp(now)}
      FROM d
      RETURNING number`;
    return row ? { attempt: view(Number(row.number)), ok, gone } : null;
  }
  try {
    return await db.$transaction(async (tx) => {
      const { attempts: number } = await tx.webhookDelivery.update({ where: { id: d.id }, data: { attempts: { increment: 1 } }, select: { attempts: true } });
      await tx.webhookAttempt.create({ data: { ...attempt, deliveryId: d.id, number } });
      const update = deliveryUpdate({ ok, gone, now });
      if (update) await tx.webhookDelivery.updateMany({ where: { id: d.id, status: { in: update.fromStatuses } }, data: update.data });

      const endpointId = d.endpoint.id;
      const disable = async (reason: "endpoint_gone" | "failing", where: Record<string, unknown>) => {
        const { count } = await tx.webhookEndpoint.updateMany({
          where: { id: endpointId, enabled: true, ...where },
          data: { enabled: false, disabledAt: now, disabledReason: reason },
        });
        if (count) {
          await writeAudit(tx, {
            actor: SYSTEM_ACTOR,
            action: "webhook_endpoint.disabled",
            objectType: "webhook_endpoint",
            objectId: endpointId,
            ...tenant,
            data: { reason },
          });
        }
      };
      if (ok) {
        await tx.webhookEndpoint.updateMany({ where: { id: endpointId, failingSince: { not: null } }, data: { failingSince: null } });
      } else {
        await tx.webhookEndpoint.updateMany({ where: { id: endpointId, failingSince: null }, data: { failingSince: now } });
        if (gone) await disable("endpoint_gone", {});
        else await disable("failing", { failingSince: { lte: new Date(now.getTime() - policy.disableAfterFailingMs) } });
      }
      return { attempt: view(number), ok, gone };
    });
  } catch (err) {
    if ((err as { code?: string }).code === "P2025") return null; // the delivery was deleted with its endpoint
    throw err;
  }
}

/** The dashboard view of an attempt row. */
export function toAttemptView(a: {
  id: string;
  number: number;
  requestId: string;
  trigger: string;
  url: string;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
  createdAt: Date;
}): TWebhookAttempt {
  return {
    id: a.id,
    number: a.number,
    requestId: a.requestId,
    trigger: a.trigger,
    url: a.url,
    statusCode: a.statusCode,
    succeeded: isSuccess(a.statusCode),
    latencyMs: a.latencyMs,
    responseExcerpt: a.responseExcerpt,
    error: a.error,
    createdAt: a.createdAt.toISOString(),
  };
}

/** The attempt as a dashboard user with `role` sees it: the response excerpt for WEBHOOK_EXCERPT_ROLES only, else null. */
export function attemptForRole(a: TWebhookAttempt, role: Role): TWebhookAttempt {
  return (WEBHOOK_EXCERPT_ROLES as readonly Role[]).includes(role) ? a : { ...a, responseExcerpt: null };
}

export type AttemptOutcome =
  | { done: true; result: "succeeded" | "failed" | "endpoint_gone" | "skipped"; statusCode?: number | null }
  | { done: false; retryInMs: number; statusCode: number | null; error: string | null };

/**
 * Performs attempt `attempt` (1-based, of this run's schedule) of a delivery and records it.
 * Safe to call again after a crash: a delivery that is no longer `pending` (it succeeded, or
 * failed for good) is never sent again; a disabled endpoint's delivery ends as `failed`.
 * @param random a number in [0, 1) for the jitter (drawn by the caller inside its durable step).
 * @returns `done` with the result, or the wait before the next attempt.
 */
export async function attemptDelivery(db: Db, deliveryId: string, attempt: number, random: number): Promise<AttemptOutcome> {
  const policy = deliveryPolicy();
  const d = await loadDelivery(db, deliveryId);
  if (!d || d.status !== "pending") return { done: true, result: "skipped" };
  if (!d.endpoint.enabled) {
    await db.webhookDelivery.updateMany({ where: { id: deliveryId, status: "pending" }, data: { status: "failed", nextAttemptAt: null } });
    return { done: true, result: "skipped" };
  }
  const last = attempt >= maxAttempts(policy);
  const retryInMs = retryDelayMs(attempt, random, policy);
  const recorded = await sendAttempt(
    db,
    d,
    "automatic",
    ({ ok, gone, now }) => ({
      fromStatuses: ["pending"],
      data: ok
        ? { status: "succeeded", deliveredAt: now, nextAttemptAt: null }
        : gone || last
          ? { status: "failed", nextAttemptAt: null }
          : { nextAttemptAt: new Date(now.getTime() + retryInMs) },
    }),
    policy,
  );
  if (!recorded) return { done: true, result: "skipped" };
  const { attempt: a, ok, gone } = recorded;
  if (ok) return { done: true, result: "succeeded", statusCode: a.statusCode };
  if (gone) return { done: true, result: "endpoint_gone", statusCode: a.statusCode };
  if (last) return { done: true, result: "failed", statusCode: a.statusCode };
  return { done: false, retryInMs, statusCode: a.statusCode, error: a.error };
}

/**
 * One attempt of a delivery started by a person (resend, test event), now and outside the
 * schedule, also to a disabled endpoint. A success marks the delivery `succeeded` (a pending
 * schedule then stops); a failed resend leaves the delivery as it was, a failed test event is
 * `failed`.
 * @returns the recorded attempt, or null when the delivery vanished meanwhile.
 */
export async function sendManualAttempt(db: Db, deliveryId: string, trigger: "resend" | "test", actor: Actor): Promise<TWebhookAttempt | null> {
  const d = await loadDelivery(db, deliveryId);
  if (!d) return null;
  const recorded = await sendAttempt(
    db,
    d,
    trigger,
    ({ ok, now }) =>
      ok
        ? { fromStatuses: ["pending", "failed", "succeeded"], data: { status: "succeeded", deliveredAt: now, nextAttemptAt: null } }
        : trigger === "test"
          ? { fromStatuses: ["pending"], data: { status: "failed" } }
          : null,
    deliveryPolicy(),
  );
  if (!recorded) return null;
  await writeAudit(db, {
    actor,
    action: trigger === "test" ? "webhook_endpoint.test_sent" : "webhook_delivery.resent",
    objectType: "webhook_endpoint",
    objectId: d.endpoint.id,
    projectId: d.event.projectId,
    mode: d.event.mode,
    data: { delivery_id: deliveryId, request_id: recorded.attempt.requestId, status_code: recorded.attempt.statusCode },
  });
  return recorded.attempt;
}
