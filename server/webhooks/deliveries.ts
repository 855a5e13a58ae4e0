/**
 * Webhook fan-out and delivery attempts (decisions.md "Webhooks"). One delivery per
 * (endpoint, event) — a unique constraint, so a re-run fan-out never duplicates — and each
 * attempt recorded with status, latency and a response excerpt. POST with
 * `Content-Type: application/json`, 10 s timeout, redirects not followed, any 2xx is
 * success, `410 Gone` disables the endpoint. Retries: ~1 min, 5 min, 30 min, 2 h, 6 h, 12 h,
 * 24 h, 24 h (±10 % jitter) after the first attempt.
 */
import type { Db } from "../db";
import { serializeEnvelope } from "../events/outbox";
import { newId } from "../ids";
import { SIGNATURE_HEADER, signatureHeader } from "./sign";
import { assertWebhookUrlAllowed } from "./url-guard";
import { subscribes } from "./webhook-endpoints";

const MIN = 60_000;
export const RETRY_DELAYS_MS = [1 * MIN, 5 * MIN, 30 * MIN, 120 * MIN, 360 * MIN, 720 * MIN, 1440 * MIN, 1440 * MIN] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const DELIVERY_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 2048;

/** Creates the deliveries of one event for every enabled endpoint subscribed to its type. */
export async function createDeliveries(db: Db, eventId: string): Promise<string[]> {
  const event = await db.event.findUnique({ where: { id: eventId }, select: { id: true, projectId: true, mode: true, type: true } });
  if (!event) return [];
  const endpoints = await db.webhookEndpoint.findMany({
    where: { projectId: event.projectId, mode: event.mode, enabled: true },
    select: { id: true, events: true },
  });
  const targets = endpoints.filter((e) => subscribes(e.events, event.type));
  if (!targets.length) return [];
  await db.webhookDelivery.createMany({
    data: targets.map((e) => ({ id: newId("webhookDelivery"), endpointId: e.id, eventId })),
    skipDuplicates: true,
  });
  const rows = await db.webhookDelivery.findMany({ where: { eventId, endpointId: { in: targets.map((t) => t.id) } }, select: { id: true } });
  return rows.map((r) => r.id);
}

export type AttemptOutcome =
  | { done: true; result: "succeeded" | "failed" | "endpoint_gone" | "skipped"; statusCode?: number | null }
  | { done: false; retryInMs: number; statusCode: number | null; error: string | null };

/**
 * Performs the next attempt of a delivery and records it. Safe to call again after a crash:
 * a delivery that already succeeded is never sent again.
 * @param jitter a number in [0, 1) (drawn by the caller inside its durable step).
 */
export async function attemptDelivery(db: Db, deliveryId: string, jitter: number): Promise<AttemptOutcome> {
  const d = await db.webhookDelivery.findUnique({
    where: { id: deliveryId },
    select: {
      id: true,
      status: true,
      attempts: true,
      event: { select: { payload: true, mode: true } },
      endpoint: { select: { id: true, url: true, secret: true, enabled: true } },
    },
  });
  if (!d || d.status !== "pending" || !d.endpoint.enabled) return { done: true, result: "skipped" };

  const number = d.attempts + 1;
  const body = serializeEnvelope(d.event.payload);
  const started = Date.now();
  let statusCode: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  try {
    await assertWebhookUrlAllowed(d.endpoint.url, d.event.mode);
    const res = await fetch(d.endpoint.url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "KYC-Service-Webhooks/1.0",
        [SIGNATURE_HEADER]: signatureHeader([d.endpoint.secret], body, Math.floor(Date.now() / 1000)),
      },
      body,
    });
    statusCode = res.status;
    excerpt = (await res.text().catch(() => "")).slice(0, EXCERPT_BYTES);
  } catch (err) {
    const e = err as Error;
    error = e.name === "TimeoutError" ? `timed out after ${DELIVERY_TIMEOUT_MS / 1000} s` : e.message.slice(0, 500);
  }
  const latencyMs = Date.now() - started;
  const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const gone = statusCode === 410;
  const last = number >= MAX_ATTEMPTS;
  const now = new Date();

  await db.$transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: { id: newId("webhookAttempt"), deliveryId, number, statusCode, latencyMs, responseExcerpt: excerpt, error, createdAt: now },
    });
    await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: { attempts: number, ...(ok ? { status: "succeeded", deliveredAt: now } : gone || last ? { status: "failed" } : {}) },
    });
    if (gone) await tx.webhookEndpoint.update({ where: { id: d.endpoint.id }, data: { enabled: false, disabledAt: now } });
  });

  if (ok) return { done: true, result: "succeeded", statusCode };
  if (gone) return { done: true, result: "endpoint_gone", statusCode };
  if (last) return { done: true, result: "failed", statusCode };
  const base = RETRY_DELAYS_MS[number - 1]!;
  return { done: false, retryInMs: Math.round(base * (0.9 + 0.2 * jitter)), statusCode, error };
}
