/**
 * Webhook deliveries as a receiver sees them (decisions.md "Webhooks"), through the domain
 * functions against a real receiver on loopback: signatures that Stripe's own
 * `webhooks.constructEvent` and the README's plain-crypto snippet verify, also during a secret
 * rotation; subscriptions; the recorded attempts (request id, status, latency, 2 KiB excerpt,
 * error); the retry schedule; 410 Gone; no redirects; the time limit; 5 days of failures;
 * resend, test events and replay; DNS that changes after creation; the 30-day prune.
 */
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, getSql, type Db } from "../db";
import { applyMigrations } from "../db/migrate";
import { listEvents } from "../events/list-events";
import { webhookDeliveryRequested } from "../events/internal-events";
import { emitEvent } from "../events/outbox";
import { pruneEvents } from "../events/prune-events";
import type { TSessionStatus } from "../sessions/session.schemas";
import { seedDemo } from "../seed/seed-demo";
import { attemptDelivery, createDeliveries } from "./deliveries";
import { DEFAULT_DELIVERY_POLICY, retryDelayMs, setDeliveryPolicy } from "./delivery-policy";
import { listAttempts, listDeliveries } from "./delivery-log";
import { disableFailingEndpoints } from "./disable-failing-endpoints";
import { replayDeliveries, resendEvent, sendTestEvent, TEST_SESSION_ID } from "./manual-deliveries";
import { EXCERPT_BYTES } from "./post-webhook";
import { signatureHeader } from "./sign";
import { startTestReceiver, type TestReceiver } from "./test-receiver";
import { verifyServiceSignature } from "./verify-example";
import {
  acknowledgeWebhookAlert,
  createWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookAlerts,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "./webhook-endpoints";

let db: Db;
let projectId: string;
let tenant: { projectId: string; mode: "test" };
let rx: TestReceiver;
const actor = { type: "system" as const };
const stripe = new Stripe("sk_test_unused");

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
  projectId = (await seedDemo(db)).projectId;
  tenant = { projectId, mode: "test" };
  rx = await startTestReceiver();
});
afterAll(() => rx.close());
beforeEach(async () => {
  await db.webhookEndpoint.deleteMany({});
  rx.received.length = 0;
  rx.setDefault({ status: 200, body: "ok" });
});
afterEach(() => setDeliveryPolicy());

function publish(type: "session.approved" | "session.review" | "session.created", sessionId = "ses_x", createdAt?: Date) {
  const status = type.slice("session.".length) as TSessionStatus;
  return db.$transaction((tx) =>
    emitEvent(
      tx,
      { projectId, mode: "test", type, data: { session: { id: sessionId, reference_id: null, status, decision: null, decision_source: null } } },
      createdAt,
    ),
  );
}

async function endpoint(events: string[] = ["*"], path = "/hook") {
  return createWebhookEndpoint(db, tenant, { url: `${rx.origin}${path}`, events }, actor);
}

/** Publishes an event and runs attempt 1 of its delivery to the one subscribed endpoint. */
async function deliverOnce(type: "session.approved" | "session.review" = "session.approved") {
  const event = await publish(type);
  const [deliveryId] = await createDeliveries(db, event.id);
  const outcome = await attemptDelivery(db, deliveryId!, 1, 0.5);
  return { event, deliveryId: deliveryId!, outcome };
}

describe("signed deliveries", () => {
  it("are verified by Stripe's library and by the README snippet, with the documented envelope and headers", async () => {
    const ep = await endpoint(["session.approved"]);
    const { event, deliveryId, outcome } = await deliverOnce();
    expect(outcome).toEqual({ done: true, result: "succeeded", statusCode: 200 });

    const got = rx.received.at(-1)!;
    const signature = got.headers["service-signature"] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const verified = stripe.webhooks.constructEvent(got.body, signature, ep.secret) as unknown as { id: string; type: string };
    expect(verified).toMatchObject({ id: event.id, type: "session.approved" });
    expect(JSON.parse(got.body)).toEqual(event);
    expect(Object.keys(JSON.parse(got.body))).toEqual(["id", "object", "type", "api_version", "created_at", "mode", "data"]);
    expect(Object.keys(JSON.parse(got.body).data.session)).toEqual(["id", "reference_id", "status", "decision", "decision_source"]);
    expect(got.method).toBe("POST");
    expect(got.headers["content-type"]).toBe("application/json");
    expect(verifyServiceSignature(got.body, signature, ep.secret)).toBe(true);
    expect(verifyServiceSignature(got.body, signature, "whsec_wrong")).toBe(false);
    expect(verifyServiceSignature(`${got.body} `, signature, ep.secret)).toBe(false);
    expect(() => stripe.webhooks.constructEvent(`${got.body} `, signature, ep.secret)).toThrow();
    const stale = signatureHeader([ep.secret], got.body, Math.floor(Date.now() / 1000) - 301);
    expect(verifyServiceSignature(got.body, stale, ep.secret)).toBe(false);
    expect(() => stripe.webhooks.constructEvent(got.body, stale, ep.secret)).toThrow();

    // The fan-out requested the delivery's own run through the outbox (row id = delivery id).
    expect(await db.outboxMessage.findUnique({ where: { id: deliveryId }, select: { name: true, data: true } })).toEqual({
      name: webhookDeliveryRequested.name,
      data: { deliveryId, projectId },
    });

    // The attempt is recorded with the request id the receiver saw.
    const [attempt] = await listAttempts(db, tenant, deliveryId, "owner");
    expect(attempt).toMatchObject({
      number: 1,
      trigger: "automatic",
      statusCode: 200,
      succeeded: true,
      responseExcerpt: "ok",
      error: null,
      url: `${rx.origin}/hook`,
    });
    expect(attempt!.requestId).toMatch(/^req_/);
    expect(got.headers["request-id"]).toBe(attempt!.requestId);
    expect(attempt!.latencyMs).toBeGreaterThanOrEqual(0);

    // A delivery that succeeded is never sent again by the schedule, and a re-run fan-out adds none.
    expect(await createDeliveries(db, event.id)).toEqual([deliveryId]);
    expect(await attemptDelivery(db, deliveryId, 2, 0.5)).toEqual({ done: true, result: "skipped" });
    expect(rx.received).toHaveLength(1);
  });

  it("routes by subscription: `*`, `session.*` and exact types", async () => {
    const all = await endpoint(["*"], "/all");
    const sessions = await endpoint(["session.*"], "/sessions");
    const review = await endpoint(["session.review"], "/review");
    const approved = await publish("session.approved");
    const inReview = await publish("session.review");
    const endpointsOf = async (eventId: string) =>
      (await db.webhookDelivery.findMany({ where: { id: { in: await createDeliveries(db, eventId) } }, select: { endpointId: true } }))
        .map((d) => d.endpointId)
        .sort();
    expect(await endpointsOf(approved.id)).toEqual([all.id, sessions.id].sort());
    expect(await endpointsOf(inReview.id)).toEqual([all.id, sessions.id, review.id].sort());
    await updateWebhookEndpoint(db, tenant, all.id, { disabled: true }, actor);
    expect(await endpointsOf((await publish("session.created")).id)).toEqual([sessions.id]);
  });

  it("keeps signing secrets sealed at rest; a secret stored in clear before still signs and is sealed by its first delivery", async () => {
    const ep = await endpoint();
    const stored = () => db.webhookEndpoint.findUniqueOrThrow({ where: { id: ep.id }, select: { secret: true, previousSecret: true } });
    expect((await stored()).secret).toMatch(/^enc1\./);
    expect((await stored()).secret).not.toContain(ep.secret.slice("whsec_".length));
    const rotated = await rotateWebhookSecret(db, tenant, ep.id, { previous_secret_expires_in: 3600 }, actor);
    const afterRotation = await stored();
    expect([afterRotation.secret, afterRotation.previousSecret]).toEqual([expect.stringMatching(/^enc1\./), expect.stringMatching(/^enc1\./)]);
    expect(JSON.stringify(afterRotation)).not.toMatch(/whsec_/);

    // a sealed secret cannot be moved to another endpoint's row
    const other = await endpoint(["session.review"], "/other");
    await db.webhookEndpoint.update({ where: { id: other.id }, data: { secret: afterRotation.secret } });
    const ids = await createDeliveries(db, (await publish("session.review")).id);
    const toOther = await db.webhookDelivery.findFirstOrThrow({ where: { id: { in: ids }, endpointId: other.id }, select: { id: true } });
    await expect(attemptDelivery(db, toOther.id, 1, 0.5)).rejects.toThrow();
    await db.webhookEndpoint.delete({ where: { id: other.id } });

    // written in clear before encryption: still signs, then sealed
    await db.webhookEndpoint.update({ where: { id: ep.id }, data: { secret: rotated.secret, previousSecret: ep.secret } });
    await deliverOnce();
    const got = rx.received.at(-1)!;
    const signature = got.headers["service-signature"] as string;
    for (const secret of [rotated.secret, ep.secret]) expect(verifyServiceSignature(got.body, signature, secret)).toBe(true);
    const sealed = await stored();
    expect([sealed.secret, sealed.previousSecret]).toEqual([expect.stringMatching(/^enc1\./), expect.stringMatching(/^enc1\./)]);
    await deliverOnce();
    expect(verifyServiceSignature(rx.received.at(-1)!.body, rx.received.at(-1)!.headers["service-signature"] as string, rotated.secret)).toBe(true);
  });

  it("sends both signatures during a secret rotation, and only the new one after the overlap", async () => {
    const ep = await endpoint();
    const rotated = await rotateWebhookSecret(db, tenant, ep.id, { previous_secret_expires_in: 3600 }, actor);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(ep.secret);
    expect(Date.parse(rotated.previous_secret_expires_at!) - Date.now()).toBeGreaterThan(3590_000);
    expect(await getWebhookEndpoint(db, tenant, ep.id)).not.toHaveProperty("secret");

    await deliverOnce();
    let got = rx.received.at(-1)!;
    let signature = got.headers["service-signature"] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    for (const secret of [rotated.secret, ep.secret]) {
      expect(stripe.webhooks.constructEvent(got.body, signature, secret)).toMatchObject({ object: "event" });
      expect(verifyServiceSignature(got.body, signature, secret)).toBe(true);
    }

    // The overlap is over: only the new secret signs.
    await db.webhookEndpoint.update({ where: { id: ep.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
    expect((await getWebhookEndpoint(db, tenant, ep.id)).previous_secret_expires_at).toBeNull();
    await deliverOnce();
    got = rx.received.at(-1)!;
    signature = got.headers["service-signature"] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyServiceSignature(got.body, signature, rotated.secret)).toBe(true);
    expect(verifyServiceSignature(got.body, signature, ep.secret)).toBe(false);
    expect(() => stripe.webhooks.constructEvent(got.body, signature, ep.secret)).toThrow();

    // previous_secret_expires_in 0: the old secret stops at once.
    const again = await rotateWebhookSecret(db, tenant, ep.id, { previous_secret_expires_in: 0 }, actor);
    expect(again.previous_secret_expires_at).toBeNull();
    await deliverOnce();
    signature = rx.received.at(-1)!.headers["service-signature"] as string;
    expect(verifyServiceSignature(rx.received.at(-1)!.body, signature, again.secret)).toBe(true);
    expect(verifyServiceSignature(rx.received.at(-1)!.body, signature, rotated.secret)).toBe(false);
  });
});

describe("attempts, retries and endpoint health", () => {
  it("records failed attempts with the retry schedule, then succeeds", async () => {
    const ep = await endpoint();
    rx.script({ status: 503, body: "try later" }, { status: 500, body: "boom" });
    const event = await publish("session.review");
    const [deliveryId] = await createDeliveries(db, event.id);
    const first = await attemptDelivery(db, deliveryId!, 1, 0);
    expect(first).toMatchObject({ done: false, statusCode: 503, retryInMs: DEFAULT_DELIVERY_POLICY.retryDelaysMs[0]! * 0.9 });
    const failing = (await getWebhookEndpoint(db, tenant, ep.id)).failing_since;
    expect(failing).not.toBeNull();
    const delivery = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } });
    expect(delivery.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(50_000);
    const second = await attemptDelivery(db, deliveryId!, 2, 0.999999);
    expect(second.done).toBe(false);
    expect((second as { retryInMs: number }).retryInMs).toBeCloseTo(DEFAULT_DELIVERY_POLICY.retryDelaysMs[1]! * 1.1, -2);
    expect((await getWebhookEndpoint(db, tenant, ep.id)).failing_since).toBe(failing); // the streak started at the first failure
    expect(await attemptDelivery(db, deliveryId!, 3, 0)).toMatchObject({ done: true, result: "succeeded" });
    expect((await getWebhookEndpoint(db, tenant, ep.id)).failing_since).toBeNull();
    const attempts = await listAttempts(db, tenant, deliveryId!, "owner");
    expect(attempts.map((a) => [a.number, a.statusCode, a.responseExcerpt, a.succeeded])).toEqual([
      [3, 200, "ok", true],
      [2, 500, "boom", false],
      [1, 503, "try later", false],
    ]);
    expect(new Set(attempts.map((a) => a.requestId)).size).toBe(3);
    const [listed] = (await listDeliveries(db, tenant, { endpointId: ep.id, limit: 10 })).data;
    expect(listed).toMatchObject({ id: deliveryId, status: "succeeded", attempts: 3, nextAttemptAt: null, lastAttempt: { statusCode: 200, succeeded: true } });
  });

  it("stops after the last attempt of the schedule (9 by default)", () => {
    expect(DEFAULT_DELIVERY_POLICY.retryDelaysMs.map((ms) => ms / 60_000)).toEqual([1, 5, 30, 120, 360, 720, 1440, 1440]);
    expect(retryDelayMs(1, 0)).toBe(54_000);
    expect(retryDelayMs(1, 0.5)).toBe(60_000);
    expect(DEFAULT_DELIVERY_POLICY.timeoutMs).toBe(10_000);
  });

  it("fails the delivery for good after the last attempt", async () => {
    setDeliveryPolicy({ retryDelaysMs: [10] });
    await endpoint();
    rx.setDefault({ status: 500, body: "down" });
    const event = await publish("session.review");
    const [deliveryId] = await createDeliveries(db, event.id);
    expect(await attemptDelivery(db, deliveryId!, 1, 0)).toMatchObject({ done: false, retryInMs: 9 });
    expect(await attemptDelivery(db, deliveryId!, 2, 0)).toEqual({ done: true, result: "failed", statusCode: 500 });
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId! } })).status).toBe("failed");
  });

  it("disables the endpoint on 410 Gone and sends nothing more to it", async () => {
    const ep = await endpoint();
    rx.script({ status: 410, body: "gone" });
    expect((await deliverOnce("session.review")).outcome).toEqual({ done: true, result: "endpoint_gone", statusCode: 410 });
    expect(await getWebhookEndpoint(db, tenant, ep.id)).toMatchObject({ status: "disabled", disabled_reason: "endpoint_gone" });
    expect(await listWebhookAlerts(db, projectId)).toEqual([expect.objectContaining({ endpointId: ep.id, reason: "endpoint_gone" })]);

    // A delivery created before the 410 ends as failed at its next attempt, without a request.
    const before = rx.received.length;
    await db.webhookEndpoint.update({ where: { id: ep.id }, data: { enabled: true } });
    const [pending] = await createDeliveries(db, (await publish("session.approved")).id);
    await db.webhookEndpoint.update({ where: { id: ep.id }, data: { enabled: false } });
    expect(await attemptDelivery(db, pending!, 1, 0)).toEqual({ done: true, result: "skipped" });
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: pending! } })).status).toBe("failed");
    expect(rx.received.length).toBe(before);

    // Keeping it disabled on purpose ends the alert; enabling it clears the failure state.
    await acknowledgeWebhookAlert(db, tenant, ep.id, actor);
    expect(await listWebhookAlerts(db, projectId)).toEqual([]);
    expect(await updateWebhookEndpoint(db, tenant, ep.id, { disabled: false }, actor)).toMatchObject({
      status: "enabled",
      disabled_reason: null,
      failing_since: null,
    });
  });

  it("does not follow redirects: a 3xx is a failed attempt", async () => {
    await endpoint();
    rx.script({ status: 302, headers: { location: `${rx.origin}/elsewhere` } });
    const { outcome, deliveryId } = await deliverOnce();
    expect(outcome).toMatchObject({ done: false, statusCode: 302 });
    expect(rx.received.map((r) => r.path)).toEqual(["/hook"]);
    expect((await listAttempts(db, tenant, deliveryId, "owner"))[0]).toMatchObject({ statusCode: 302, succeeded: false });
  });

  it("keeps the first 2 KiB of the response and times out a receiver that does not answer", async () => {
    await endpoint();
    rx.script({ status: 500, body: "é".repeat(5000) });
    const big = await deliverOnce();
    const [excerpt] = await listAttempts(db, tenant, big.deliveryId, "owner");
    expect(Buffer.byteLength(excerpt!.responseExcerpt!)).toBeLessThanOrEqual(EXCERPT_BYTES + 3);
    expect(excerpt!.responseExcerpt!.startsWith("éééé")).toBe(true);

    setDeliveryPolicy({ timeoutMs: 300 });
    rx.script({ hang: true });
    const slow = await deliverOnce();
    expect(slow.outcome).toMatchObject({ done: false, statusCode: null, error: "timed out after 0.3 s" });
    // the reply is shown to owners and admins only
    for (const role of ["admin", "developer", "reviewer", "viewer"] as const) {
      const [seen] = await listAttempts(db, tenant, big.deliveryId, role);
      expect([role, seen!.responseExcerpt]).toEqual([role, role === "admin" ? excerpt!.responseExcerpt : null]);
      expect(seen!.statusCode).toBe(500);
    }

    const [timedOut] = await listAttempts(db, tenant, slow.deliveryId, "owner");
    expect(timedOut).toMatchObject({ statusCode: null, responseExcerpt: null, error: "timed out after 0.3 s", succeeded: false });
    expect(timedOut!.latencyMs).toBeGreaterThanOrEqual(290);
  });

  it("records a refused connection as the attempt's error", async () => {
    const ep = await endpoint();
    await db.webhookEndpoint.update({ where: { id: ep.id }, data: { url: "http://127.0.0.1:9/closed" } });
    const { outcome, deliveryId } = await deliverOnce();
    expect(outcome).toMatchObject({ done: false, statusCode: null, error: "connection refused (ECONNREFUSED)" });
    expect((await listAttempts(db, tenant, deliveryId, "owner"))[0]).toMatchObject({
      url: "http://127.0.0.1:9/closed",
      error: "connection refused (ECONNREFUSED)",
    });
  });

  it("refuses to deliver when the host resolves to a private address after creation (DNS rebinding)", async () => {
    // Created in live mode while it resolved to a public address...
    let answer = ["93.184.216.34"];
    const resolve = async () => answer;
    const live = { projectId, mode: "live" as const };
    const ep = await createWebhookEndpoint(db, live, { url: "https://hooks.example.com/verify", events: ["*"] }, actor, resolve);
    // ...then it points at the metadata service.
    answer = ["169.254.169.254"];
    setDeliveryPolicy({ resolve });
    const event = await db.$transaction((tx) =>
      emitEvent(tx, {
        projectId,
        mode: "live",
        type: "session.review",
        data: { session: { id: "ses_live", reference_id: null, status: "review", decision: null, decision_source: null } },
      }),
    );
    const [deliveryId] = await createDeliveries(db, event.id);
    expect(await attemptDelivery(db, deliveryId!, 1, 0)).toMatchObject({
      done: false,
      statusCode: null,
      error: expect.stringContaining("private, loopback, link-local"),
    });
    expect(rx.received).toHaveLength(0);
    await db.webhookEndpoint.delete({ where: { id: ep.id } });
  });

  it("disables an endpoint that failed continuously for 5 days, and tells the admins", async () => {
    const ep = await endpoint();
    rx.setDefault({ status: 500, body: "down" });
    await deliverOnce();
    // 4 days into the streak: still enabled.
    await db.webhookEndpoint.update({ where: { id: ep.id }, data: { failingSince: new Date(Date.now() - 4 * 86_400_000) } });
    await deliverOnce();
    expect(await disableFailingEndpoints(db)).toEqual([]);
    expect((await getWebhookEndpoint(db, tenant, ep.id)).status).toBe("enabled");
    // 5 days: the next failed attempt disables it.
    await db.webhookEndpoint.update({ where: { id: ep.id }, data: { failingSince: new Date(Date.now() - 5 * 86_400_000 - 1000) } });
    await deliverOnce();
    expect(await getWebhookEndpoint(db, tenant, ep.id)).toMatchObject({ status: "disabled", disabled_reason: "failing" });
    expect(await listWebhookAlerts(db, projectId)).toEqual([expect.objectContaining({ endpointId: ep.id, reason: "failing", mode: "test" })]);

    // The hourly sweep catches an endpoint whose last failure was before the 5 days were up.
    const quiet = await endpoint();
    await db.webhookEndpoint.update({ where: { id: quiet.id }, data: { failingSince: new Date(Date.now() - 6 * 86_400_000) } });
    expect(await disableFailingEndpoints(db)).toEqual([quiet.id]);
    expect(await getWebhookEndpoint(db, tenant, quiet.id)).toMatchObject({ status: "disabled", disabled_reason: "failing" });
    const audit = await db.auditLog.findMany({ where: { objectId: { in: [ep.id, quiet.id] }, action: "webhook_endpoint.disabled" } });
    expect(audit).toHaveLength(2);
  });
});

describe("resend, test events and replay", () => {
  it("resends one event by hand, also after it was delivered", async () => {
    const ep = await endpoint();
    const { event, deliveryId } = await deliverOnce();
    const attempt = await resendEvent(db, tenant, { eventId: event.id, endpointId: ep.id }, actor, "owner");
    expect(attempt).toMatchObject({ number: 2, trigger: "resend", statusCode: 200, succeeded: true });
    expect(rx.received).toHaveLength(2);
    expect(JSON.parse(rx.received[1]!.body).id).toBe(event.id);
    expect(rx.received[1]!.headers["request-id"]).toBe(attempt.requestId);
    expect((await listDeliveries(db, tenant, { eventId: event.id, limit: 10 })).data.map((d) => d.id)).toEqual([deliveryId]);

    // A failed resend leaves the delivered state alone.
    rx.script({ status: 500 });
    expect(await resendEvent(db, tenant, { eventId: event.id, endpointId: ep.id }, actor, "owner")).toMatchObject({ number: 3, succeeded: false });
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).status).toBe("succeeded");

    // Another tenant's ids are not found.
    const other = { projectId, mode: "live" as const };
    await expect(resendEvent(db, other, { eventId: event.id, endpointId: ep.id }, actor, "owner")).rejects.toMatchObject({ code: "resource_missing" });
  });

  it("sends a signed test event that GET /v1/events never lists", async () => {
    const ep = await endpoint(["session.review"]);
    const attempt = await sendTestEvent(db, tenant, { endpointId: ep.id, type: "session.approved" }, actor, "owner");
    expect(attempt).toMatchObject({ number: 1, trigger: "test", statusCode: 200, succeeded: true });
    const got = rx.received.at(-1)!;
    const body = stripe.webhooks.constructEvent(got.body, got.headers["service-signature"] as string, ep.secret) as unknown as {
      id: string;
      type: string;
      data: { session: { id: string; status: string } };
    };
    expect(body).toMatchObject({ type: "session.approved", data: { session: { id: TEST_SESSION_ID, status: "approved" } } });
    const listed = await listEvents(db, tenant, { limit: 100 });
    expect(listed.data.map((e) => e.id)).not.toContain(body.id);
    const [delivery] = (await listDeliveries(db, tenant, { endpointId: ep.id, limit: 10 })).data;
    expect(delivery).toMatchObject({ status: "succeeded", event: { id: body.id, test: true } });

    rx.script({ status: 404, body: "no route" });
    expect(await sendTestEvent(db, tenant, { endpointId: ep.id, type: "check.completed" }, actor, "owner")).toMatchObject({
      statusCode: 404,
      succeeded: false,
      responseExcerpt: "no route",
    });
    rx.script({ status: 404, body: "no route" });
    expect(await sendTestEvent(db, tenant, { endpointId: ep.id, type: "check.completed" }, actor, "developer")).toMatchObject({
      statusCode: 404,
      responseExcerpt: null,
    });
  });

  it("replays since a time the events that did not reach the endpoint", async () => {
    await db.event.deleteMany({});
    const ep = await endpoint(["session.*"]);
    const since = new Date(Date.now() - 1000);
    const delivered = await deliverOnce(); // succeeded
    rx.script({ status: 500 });
    const failed = await deliverOnce(); // failed once, then given up
    await db.webhookDelivery.update({ where: { id: failed.deliveryId }, data: { status: "failed" } });
    await updateWebhookEndpoint(db, tenant, ep.id, { disabled: true }, actor);
    const missed = await publish("session.review"); // never sent: the endpoint was disabled
    expect(await createDeliveries(db, missed.id)).toEqual([]);
    const old = await publish("session.review", "ses_old", new Date(Date.now() - 3600_000)); // before `since`

    await expect(replayDeliveries(db, tenant, { endpointId: ep.id, since }, actor)).rejects.toMatchObject({ code: "webhook_endpoint_disabled", status: 409 });
    await updateWebhookEndpoint(db, tenant, ep.id, { disabled: false }, actor);
    await db.outboxMessage.deleteMany({}); // the fan-outs' own delivery requests
    expect(await replayDeliveries(db, tenant, { endpointId: ep.id, since }, actor)).toEqual({ replayed: 2, truncatedAt: null });
    const pending = await db.webhookDelivery.findMany({ where: { endpointId: ep.id, status: "pending" }, select: { id: true, eventId: true } });
    expect(pending.map((p) => p.eventId).sort()).toEqual([failed.event.id, missed.id].sort());
    const requested = await db.outboxMessage.findMany({ where: { name: webhookDeliveryRequested.name, sentAt: null }, select: { data: true } });
    expect(requested.map((r) => (r.data as { deliveryId: string }).deliveryId).sort()).toEqual(pending.map((p) => p.id).sort());
    expect(pending.map((p) => p.eventId)).not.toContain(old.id);
    expect(pending.map((p) => p.eventId)).not.toContain(delivered.event.id);

    // In their schedule already: not replayed twice. With includeDelivered: the delivered one too.
    expect(await replayDeliveries(db, tenant, { endpointId: ep.id, since }, actor)).toEqual({ replayed: 0, truncatedAt: null });
    expect(await replayDeliveries(db, tenant, { endpointId: ep.id, since, includeDelivered: true }, actor)).toEqual({ replayed: 1, truncatedAt: null });
    await db.outboxMessage.deleteMany({});
  });
});

describe("retention", () => {
  it("prunes events older than 30 days with their deliveries and attempts", async () => {
    await endpoint();
    const old = await publish("session.review", "ses_old", new Date(Date.now() - 31 * 86_400_000));
    const [oldDelivery] = await createDeliveries(db, old.id);
    await attemptDelivery(db, oldDelivery!, 1, 0);
    const recent = await deliverOnce();
    expect(await db.webhookAttempt.count({ where: { deliveryId: oldDelivery! } })).toBe(1);

    const pruned = await pruneEvents(db);
    expect(pruned.events).toBeGreaterThanOrEqual(1);
    expect(await db.event.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await db.webhookDelivery.findUnique({ where: { id: oldDelivery! } })).toBeNull();
    expect(await db.webhookAttempt.count({ where: { deliveryId: oldDelivery! } })).toBe(0);
    expect(await db.event.findUnique({ where: { id: recent.event.id } })).not.toBeNull();
    expect(await db.webhookAttempt.count({ where: { deliveryId: recent.deliveryId } })).toBe(1);
  });
});
