/**
 * The checks engine end to end through the embedded executor (contract test, STYLE.md 7): the
 * app's real Inngest functions (inngest/functions/index.ts) served by the SDK's serve handler,
 * the outbox relay, the sandbox provider, and webhook deliveries to a loopback receiver.
 * Sessions reach `processing` through the domain (tests/fixtures/engine-fixtures.ts), exactly
 * as the hosted flow leaves them.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Embedded mode, whatever the developer's shell exports.
  for (const key of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV"]) delete process.env[key];
});

import { panStep, publishEngineWorkflow, sessionInProcessing } from "../../tests/fixtures/engine-fixtures";
import { type Db, getDb, getSql } from "../../server/db";
import { applyMigrations } from "../../server/db/migrate";
import { runDirectCheck } from "../../server/checks/direct-check";
import { ProviderUnavailableError } from "../../server/providers/provider";
import { sandboxProvider } from "../../server/providers/sandbox";
import { seedDemo } from "../../server/seed/seed-demo";
import { createSession } from "../../server/sessions/create-session";
import { createWebhookEndpoint } from "../../server/webhooks/webhook-endpoints";
import { createExecutor, type Executor } from "../executor/executor";
import { startRelay, stopRelay } from "../relay";
import { inngestHandler } from "../serve";
import { CHECK_STEP_RETRIES } from "./check-steps";
import { CONSENT_NOTICE_VERSION } from "../../server/steps/consent/consent.schemas";
import { waitFor } from "~/tests/fixtures/wait-for";

let db: Db;
let executor: Executor;
let receiver: Server;
let tenant: { projectId: string; mode: "test" };
let workflowId: string;
/** Webhook deliveries received: event type and session id (check id for check events), in arrival order. */
const received: { id: string; type: string; sessionId: string }[] = [];

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
  const seed = await seedDemo(db);
  tenant = { projectId: seed.projectId, mode: "test" };
  workflowId = await publishEngineWorkflow(db, seed.projectId, "Engine contract", [
    { name: "consent", type: "consent", required: true, settings: {} },
    panStep(),
  ]);

  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const e = JSON.parse(body) as { id: string; type: string; data: { session?: { id: string }; check?: { id: string } } };
      received.push({ id: e.id, type: e.type, sessionId: e.data.session?.id ?? e.data.check?.id ?? "" });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  await createWebhookEndpoint(
    db,
    tenant,
    { url, events: ["session.approved", "session.declined", "session.review", "session.expired", "check.completed"] },
    { type: "system" },
  );

  executor = createExecutor({ db, handler: inngestHandler, options: { pollIntervalMs: 20, backoffBaseMs: 50, backoffMaxMs: 200 } });
  await executor.start();
  startRelay({ pollIntervalMs: 50 });
});

afterAll(async () => {
  await stopRelay();
  await executor?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

afterEach(() => {
  vi.restoreAllMocks();
});

const statusOf = async (id: string) => (await db.session.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;

/** Waits until the session left `processing` and its webhook arrived, then until every run finished. */
async function decided(id: string, webhook: string) {
  await waitFor(async () => received.some((r) => r.sessionId === id && r.type === webhook), `${webhook} for ${id}`);
  await executor.settled();
  return received.filter((r) => r.sessionId === id);
}

/** The process-session run of a session. */
async function runOf(id: string) {
  const runs = await db.inngestRun.findMany({
    where: { functionId: "kyc-service-process-session" },
    select: { event: true, status: true, output: true, steps: true },
  });
  return runs.filter((r) => (r.event as { data: { sessionId?: string } }).data.sessionId === id);
}

const pan = (pan: string, name: string) => ({
  consent: { data: { accepted: true, notice_version: CONSENT_NOTICE_VERSION }, method: "checkbox" },
  pan: { data: { pan, name, dob: "1990-01-01" } },
});

describe("process-session through the embedded executor", () => {
  it("approves a session whose checks pass: one decision, one webhook", async () => {
    const { id } = await sessionInProcessing(db, tenant, workflowId, pan("ABCPE1234F", "Ravi Kumar"));
    const hooks = await decided(id, "session.approved");
    expect(hooks.map((h) => h.type)).toEqual(["session.approved"]);
    expect(await statusOf(id)).toBe("approved");
    const [run] = await runOf(id);
    expect(run).toMatchObject({ status: "completed", output: { checks: 1, ran: 1, status: "approved" } });
    const history = await db.sessionHistory.findMany({ where: { sessionId: id, fromStatus: "processing" }, select: { toStatus: true, reason: true } });
    expect(history).toEqual([{ toStatus: "approved", reason: "all_required_checks_passed" }]);
    // step outputs are memoized by Inngest: ids and statuses only, no personal data
    expect(JSON.stringify(run!.steps)).not.toMatch(/ABCPE1234F|RAVI|Ravi/);
  });

  it("sends a session to review by rule and records the rule that fired", async () => {
    const { id } = await sessionInProcessing(db, tenant, workflowId, pan("ABCPE8888K", "Ravi Kumar"));
    expect((await decided(id, "session.review")).map((h) => h.type)).toEqual(["session.review"]);
    const s = await db.session.findUniqueOrThrow({ where: { id }, select: { status: true, reviewReasons: true, decision: true } });
    expect(s).toEqual({ status: "review", reviewReasons: ["pan_name_mismatch"], decision: null });
    const h = await db.sessionHistory.findFirstOrThrow({ where: { sessionId: id, toStatus: "review" }, select: { reason: true, note: true } });
    expect(h.reason).toBe("pan_name_mismatch");
    expect(h.note).toMatch(/^pan_name_mismatch: .*in\.pan\.verify failed \(name_mismatch\), score 0/);
  });

  it("retries a provider that times out twice with backoff, then records its answer", async () => {
    const calls: number[] = [];
    const real = sandboxProvider.verify.bind(sandboxProvider);
    vi.spyOn(sandboxProvider, "verify").mockImplementation(async (key, input, ctx) => {
      calls.push(Date.now());
      if (calls.length <= 2) throw new ProviderUnavailableError("provider_timeout", "The PAN registry did not answer in time.");
      return real(key, input, ctx);
    });
    const { id } = await sessionInProcessing(db, tenant, workflowId, pan("ABCPE2468K", "Dev Anand"));
    await decided(id, "session.approved");
    expect(calls).toHaveLength(3);
    // the executor waited between attempts: backoff 50 ms then 100 ms, each with jitter down to half
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(24);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(49);
    const check = await db.check.findFirstOrThrow({ where: { sessionId: id }, select: { status: true, attempts: true, errorCode: true } });
    expect(check).toEqual({ status: "passed", attempts: 3, errorCode: null });
    expect(await statusOf(id)).toBe("approved");
  });

  it("ends a check in error once its retries are spent and sends the session to review", async () => {
    const { id } = await sessionInProcessing(db, tenant, workflowId, pan("ABCPE7777K", "Slow Registry"));
    await decided(id, "session.review");
    const check = await db.check.findFirstOrThrow({ where: { sessionId: id }, select: { status: true, attempts: true, errorCode: true } });
    expect(check).toEqual({ status: "error", attempts: CHECK_STEP_RETRIES + 1, errorCode: "provider_timeout" });
    const [run] = await runOf(id);
    expect(run).toMatchObject({ status: "completed", output: { status: "review" } });
    expect((await db.session.findUniqueOrThrow({ where: { id }, select: { reviewReasons: true } })).reviewReasons).toEqual(["in.pan.verify:provider_timeout"]);
  });

  it("runs an async direct check with the same retries: a provider that times out twice, then one check.completed", async () => {
    let calls = 0;
    const real = sandboxProvider.verify.bind(sandboxProvider);
    vi.spyOn(sandboxProvider, "verify").mockImplementation(async (key, input, ctx) => {
      if (++calls <= 2) throw new ProviderUnavailableError("provider_timeout", "The PAN registry did not answer in time.");
      return real(key, input, ctx);
    });
    const accepted = await runDirectCheck(db, tenant, "in.pan.verify", { pan: "ABCPE1357K", name: "Async Retry" }, { async: true });
    expect(accepted).toMatchObject({ status: 202, check: { status: "pending" } });
    await decided(accepted.check.id, "check.completed");
    expect(calls).toBe(3);
    const check = await db.check.findUniqueOrThrow({ where: { id: accepted.check.id }, select: { status: true, attempts: true } });
    expect(check).toEqual({ status: "passed", attempts: 3 });
    expect(received.filter((r) => r.sessionId === accepted.check.id).map((r) => r.type)).toEqual(["check.completed"]);
  });

  it("ends an async direct check in error once its retries are spent, with its check.completed", async () => {
    const accepted = await runDirectCheck(db, tenant, "in.pan.verify", { pan: "ABCPE7777K", name: "Slow Registry" }, { async: true });
    await decided(accepted.check.id, "check.completed");
    const check = await db.check.findUniqueOrThrow({ where: { id: accepted.check.id }, select: { status: true, attempts: true, errorCode: true } });
    expect(check).toEqual({ status: "error", attempts: CHECK_STEP_RETRIES + 1, errorCode: "provider_timeout" });
  });

  it("expires a session through the cron: status, history, event and webhook", async () => {
    const created = await createSession(db, tenant, { workflow_id: workflowId, expires_in: 300 }, { type: "api_key", id: "key_test" });
    await db.session.update({ where: { id: created.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    // make the five-minute tick due now
    await db.inngestCron.update({ where: { functionId: "kyc-service-expire-sessions" }, data: { nextRunAt: new Date(0) } });
    executor.kick();
    expect((await decided(created.id, "session.expired")).map((h) => h.type)).toEqual(["session.expired"]);
    expect(await statusOf(created.id)).toBe("expired");
    const h = await db.sessionHistory.findFirstOrThrow({
      where: { sessionId: created.id, toStatus: "expired" },
      select: { fromStatus: true, reason: true, actorType: true },
    });
    expect(h).toEqual({ fromStatus: "created", reason: "expires_at_passed", actorType: "system" });
    const runs = await db.inngestRun.findMany({ where: { functionId: "kyc-service-expire-sessions" }, select: { status: true, output: true } });
    expect(runs).toContainEqual({ status: "completed", output: { expired: 1 } });
  });

  it("sleeps until a session comes due before the next tick, and expires it on time", async () => {
    const created = await createSession(db, tenant, { workflow_id: workflowId, expires_in: 300 }, { type: "api_key", id: "key_test" });
    const dueAt = new Date(Date.now() + 1_500);
    await db.session.update({ where: { id: created.id }, data: { expiresAt: dueAt } });
    // the tick, now (another time than the test above: a tick's event id is its time)
    await db.inngestCron.update({ where: { functionId: "kyc-service-expire-sessions" }, data: { nextRunAt: new Date(Date.now() - 1_000) } });
    executor.kick();
    expect((await decided(created.id, "session.expired")).map((h) => h.type)).toEqual(["session.expired"]);
    const h = await db.sessionHistory.findFirstOrThrow({ where: { sessionId: created.id, toStatus: "expired" }, select: { createdAt: true } });
    expect(h.createdAt.getTime()).toBeGreaterThanOrEqual(dueAt.getTime()); // not early
    expect(h.createdAt.getTime() - dueAt.getTime()).toBeLessThan(1_000); // on time, not at the next tick
    const run = await db.inngestRun.findFirstOrThrow({
      where: { functionId: "kyc-service-expire-sessions", status: "completed" },
      orderBy: { createdAt: "desc" },
      select: { output: true },
    });
    expect(run.output).toEqual({ expired: 1 });
  });

  it("delivered every webhook exactly once", () => {
    const ids = received.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
