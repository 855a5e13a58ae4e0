/**
 * Webhook delivery end to end through the app's real Inngest functions (fan-out-event,
 * deliver-webhook) on the embedded executor, fed by the outbox relay, with a short retry
 * schedule injected (the production one stays decisions.md's): a receiver on loopback that
 * fails the first attempts, times out once, then succeeds gets the event, every attempt is
 * recorded, and nothing arrives again after the 2xx. Each subscribed endpoint's delivery is
 * its own run, and an event no endpoint subscribes to starts no fan-out.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, expect, it, vi } from "vitest";

vi.hoisted(() => {
  for (const key of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV"]) delete process.env[key];
});

import { type Db, getDb, getSql } from "../../server/db";
import { applyMigrations } from "../../server/db/migrate";
import { emitEvent, outboxCommitted } from "../../server/events/outbox";
import { createSession } from "../../server/sessions/create-session";
import { seedDemo } from "../../server/seed/seed-demo";
import { listAttempts } from "../../server/webhooks/delivery-log";
import { setDeliveryPolicy } from "../../server/webhooks/delivery-policy";
import { startTestReceiver, type TestReceiver } from "../../server/webhooks/test-receiver";
import { verifyServiceSignature } from "../../server/webhooks/verify-example";
import { createWebhookEndpoint } from "../../server/webhooks/webhook-endpoints";
import { createExecutor, type Executor } from "../executor/executor";
import { startRelay, stopRelay } from "../relay";
import { inngestHandler } from "../serve";

let db: Db;
let executor: Executor;
let rx: TestReceiver;
let seed: Awaited<ReturnType<typeof seedDemo>>;
const stripe = new Stripe("sk_test_unused");

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
  seed = await seedDemo(db);
  rx = await startTestReceiver();
  setDeliveryPolicy({ retryDelaysMs: [100, 200, 300, 400], timeoutMs: 500 });
  executor = createExecutor({ db, handler: inngestHandler, options: { pollIntervalMs: 20, concurrency: 8 } });
  await executor.start();
  startRelay({ pollIntervalMs: 50 });
});

afterAll(async () => {
  await stopRelay();
  await executor.stop();
  setDeliveryPolicy();
  await rx.close();
});

const tenant = () => ({ projectId: seed.projectId, mode: "test" as const });
const actor = { type: "system" as const };

it("retries through failures and a timeout, records every attempt, and never re-sends after the 2xx", async () => {
  const ep = await createWebhookEndpoint(db, tenant(), { url: `${rx.origin}/flaky`, events: ["session.created"] }, actor);
  rx.script({ status: 503, body: "warming up" }, { status: 500, body: "oops" }, { hang: true });

  // A committed status change: session.created and its outbox row in one statement.
  const session = await createSession(db, tenant(), { workflow_id: seed.workflows.kyc, reference_id: "retry-test" }, { type: "api_key", id: "key_x" });
  const delivery = async () => db.webhookDelivery.findFirst({ where: { endpointId: ep.id }, select: { id: true, status: true } });
  await expect.poll(async () => (await delivery())?.status, { timeout: 20_000, interval: 50 }).toBe("succeeded");
  await executor.settled(20_000);
  await new Promise((r) => setTimeout(r, 600)); // longer than any remaining retry wait
  await executor.settled(20_000);

  const flaky = rx.received.filter((r) => r.path === "/flaky");
  expect(flaky).toHaveLength(4);
  for (const r of flaky) {
    const event = stripe.webhooks.constructEvent(r.body, r.headers["service-signature"] as string, ep.secret) as unknown as {
      type: string;
      data: { session: { id: string } };
    };
    expect(event).toMatchObject({ type: "session.created", data: { session: { id: session.id } } });
    expect(verifyServiceSignature(r.body, r.headers["service-signature"] as string, ep.secret)).toBe(true);
  }
  expect(new Set(flaky.map((r) => JSON.parse(r.body).id)).size).toBe(1);

  const attempts = (await listAttempts(db, tenant(), (await delivery())!.id, "owner")).reverse();
  expect(attempts.map((a) => [a.number, a.statusCode, a.error])).toEqual([
    [1, 503, null],
    [2, 500, null],
    [3, null, "timed out after 0.5 s"],
    [4, 200, null],
  ]);
  expect(attempts.map((a) => a.requestId)).toEqual(flaky.map((r) => r.headers["request-id"]));
  // The waits followed the injected schedule (100 ms, 200 ms, 300 ms, each ±10 %).
  const gaps = flaky.slice(1).map((r, i) => r.receivedAt - flaky[i]!.receivedAt);
  expect(gaps[0]).toBeGreaterThanOrEqual(90);
  expect(gaps[1]).toBeGreaterThanOrEqual(180);
  expect(gaps[2]).toBeGreaterThanOrEqual(270 + 450); // the timed-out attempt took ~500 ms itself
  const runs = await db.inngestRun.findMany({ where: { functionId: "kyc-service-deliver-webhook" }, select: { status: true } });
  expect(runs).toEqual([{ status: "completed" }]);
});

it("delivers one event to each subscribed endpoint, each in its own run", async () => {
  rx.received.length = 0;
  await db.webhookEndpoint.deleteMany({});
  const endpoints = await Promise.all(
    ["*", "session.*", "session.created", "check.completed"].map((pattern, i) =>
      createWebhookEndpoint(db, tenant(), { url: `${rx.origin}/ep${i}`, events: [pattern] }, actor),
    ),
  );
  const before = await db.inngestRun.count({ where: { functionId: "kyc-service-deliver-webhook" } });
  const session = await createSession(db, tenant(), { workflow_id: seed.workflows.kyc }, { type: "api_key", id: "key_x" });
  await expect.poll(() => rx.received.length, { timeout: 20_000, interval: 50 }).toBe(3);
  await executor.settled(20_000);
  expect(rx.received.map((r) => r.path).sort()).toEqual(["/ep0", "/ep1", "/ep2"]);
  for (const r of rx.received) {
    const ep = endpoints[Number(r.path.slice(3))]!;
    expect(stripe.webhooks.constructEvent(r.body, r.headers["service-signature"] as string, ep.secret)).toMatchObject({
      data: { session: { id: session.id } },
    });
  }
  expect((await db.inngestRun.count({ where: { functionId: "kyc-service-deliver-webhook" } })) - before).toBe(3);
});

it("starts no fan-out for an always-relayed event that no endpoint subscribes to", async () => {
  await db.webhookEndpoint.deleteMany({});
  const emit = () =>
    db.$transaction((tx) =>
      emitEvent(tx, {
        ...tenant(),
        type: "session.processing",
        data: { session: { id: "ses_none", reference_id: null, status: "processing", decision: null, decision_source: null } },
      }),
    );
  const fanOuts = (eventId: string) =>
    db.inngestRun.count({ where: { functionId: "kyc-service-fan-out-event", event: { path: ["data", "eventId"], equals: eventId } } });

  const unsubscribed = await emit(); // relayed for process-session, with webhooks: false
  outboxCommitted();
  await expect.poll(async () => (await db.outboxMessage.findUnique({ where: { id: unsubscribed.id } }))?.sentAt, { timeout: 10_000 }).toBeInstanceOf(Date);
  await executor.settled(20_000);
  expect(await db.outboxMessage.findUnique({ where: { id: unsubscribed.id }, select: { data: true } })).toMatchObject({ data: { webhooks: false } });
  expect(await fanOuts(unsubscribed.id)).toBe(0);

  await createWebhookEndpoint(db, tenant(), { url: `${rx.origin}/processing`, events: ["session.processing"] }, actor);
  const subscribed = await emit();
  outboxCommitted();
  await expect.poll(() => rx.received.filter((r) => r.path === "/processing").length, { timeout: 20_000 }).toBe(1);
  expect(await fanOuts(subscribed.id)).toBe(1);
});
