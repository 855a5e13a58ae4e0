/**
 * Pending reverse penny drops finish without anyone asking, and a direct OTP check whose code is
 * never entered ends when the code expires: the app's real Inngest function
 * (poll-awaiting-check) on the embedded executor, fed by the outbox relay, in test mode (the
 * sandbox pays 3 s after the request; `SANDBOX UNPAID` never pays) and in live mode against the
 * loopback Cashfree (an outage during a read, the webhook racing the poll, an outage past the
 * expiry). Sleeps are cut short by moving the run's wake-up time; the passing of time for the
 * vendor by moving the request's creation and expiry into the past.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Embedded mode, whatever the developer's shell exports.
  for (const key of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV"]) delete process.env[key];
});

import type { Db } from "../../server/db";
import type { Executor } from "../executor/executor";
import type { FlowContext } from "../../server/flow/flow-session";
import { startFakeCashfree, stubCashfreeEnv, type FakeCashfree } from "../../server/providers/cashfree-verification.fixture";
import { ageCheck, UPI_REQUEST_TIMES } from "~/tests/fixtures/age-check";
import { waitFor } from "~/tests/fixtures/wait-for";

const KEY = "in.bank_account.reverse_penny_drop";
const FUNCTION_ID = "kyc-service-poll-awaiting-check";
const consent = {
  consent: { obtained: true, at: "2026-11-24T10:00:00Z", method: "web_checkbox", notice_version: "2026-10-01" },
  purpose: "Verify the payout account of a new customer",
};

let db: Db;
let cashfree: FakeCashfree;
let executor: Executor;
let receiver: Server;
let receiverUrl: string;
let projectId: string;
let stopRelay: () => Promise<void>;
// loaded after the environment names the loopback Cashfree (the adapters are built when the registry loads)
let directCheck: typeof import("../../server/checks/direct-check");
let flow: { startUpiPayment: typeof import("../../server/steps/bank-account/upi-payment").startUpiPayment };
let newKycSession: (name: string) => Promise<FlowContext>;

beforeAll(async () => {
  cashfree = await startFakeCashfree();
  stubCashfreeEnv(cashfree);
  vi.resetModules();
  const { demoDb } = await import("~/tests/fixtures/demo-db");
  const demo = await demoDb();
  db = demo.db;
  projectId = demo.seed.projectId;
  directCheck = await import("../../server/checks/direct-check");
  flow = await import("../../server/steps/bank-account/upi-payment");
  const { receiveCashfreeWebhook } = await import("../../server/providers/cashfree-webhook");
  const { publishUpiKyc, sessionPastPan, UPI_KYC_DEFINITION } = await import("~/tests/fixtures/upi-kyc");
  const { createExecutor } = await import("../executor/executor");
  const relay = await import("../relay");
  const { inngestHandler } = await import("../serve");

  const workflowId = await publishUpiKyc(db, projectId, "UPI KYC", UPI_KYC_DEFINITION);
  newKycSession = (name) => sessionPastPan(db, projectId, workflowId, name);

  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void receiveCashfreeWebhook(db, Buffer.concat(chunks).toString("utf8")).then((status) => res.writeHead(status).end());
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/cashfree`;

  executor = createExecutor({ db, handler: inngestHandler, options: { pollIntervalMs: 20, backoffBaseMs: 50, backoffMaxMs: 200 } });
  await executor.start();
  relay.startRelay({ pollIntervalMs: 50 });
  stopRelay = relay.stopRelay;
});

afterAll(async () => {
  await stopRelay?.();
  await executor?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  await cashfree?.close();
  vi.unstubAllEnvs();
});

const runOf = (checkId: string) => db.inngestRun.findFirst({ where: { functionId: FUNCTION_ID, event: { path: ["data", "checkId"], equals: checkId } } });

/** The check's poll once it sleeps before its next read, with how many steps it has memoized. */
async function sleepingRun(checkId: string, memoized = 0) {
  return waitFor(async () => {
    const run = await runOf(checkId);
    const steps = Object.keys((run?.steps ?? {}) as object).length;
    return run?.status === "sleeping" && steps >= memoized && !(run.lockedUntil && run.lockedUntil > new Date()) ? { ...run, memoized: steps } : null;
  }, `the poll of ${checkId} sleeping`);
}

/** Ends the poll's current sleep now; resolves once it read the check and sleeps again or finished. */
async function wake(checkId: string): Promise<{ status: string; output: unknown; nextRunAt: Date }> {
  const run = await sleepingRun(checkId);
  await db.inngestRun.update({ where: { id: run.id }, data: { nextRunAt: new Date() } });
  return waitFor(async () => {
    const now = await runOf(checkId);
    if (now?.status === "completed" || now?.status === "failed") return now;
    const steps = Object.keys((now?.steps ?? {}) as object).length;
    return now?.status === "sleeping" && steps >= run.memoized + 2 ? now : null;
  }, `a read of ${checkId}`);
}

/** As if `ms` had passed since the request was created (its creation and expiry moved into the past). */
const age = (checkId: string, ms: number) => ageCheck(db, checkId, ms, UPI_REQUEST_TIMES);

const completedEvents = (checkId: string) =>
  db.event.findMany({ where: { type: "check.completed", payload: { path: ["data", "check", "id"], equals: checkId } }, select: { id: true } });
const check = (id: string) => db.check.findUniqueOrThrow({ where: { id }, select: { status: true, errorCode: true, verifiedBy: true, result: true } });

describe("test mode (sandbox)", () => {
  const tenant = () => ({ projectId, mode: "test" as const });

  it("reads a pending request 20 s after it opened and finishes a paid one once, with check.completed", async () => {
    const { check: begun } = await directCheck.runDirectCheck(db, tenant(), KEY, { name: "Ravi Kumar" }, { async: true });
    const run = await sleepingRun(begun.id);
    const wait = run.nextRunAt.getTime() - Date.parse(begun.created_at);
    expect(wait).toBeGreaterThan(19_000);
    expect(wait).toBeLessThan(22_000);
    expect(await check(begun.id)).toMatchObject({ status: "pending" });

    await age(begun.id, 3_100); // the sandbox paid 3 s after the request
    const done = await wake(begun.id);
    expect(done).toMatchObject({ status: "completed", output: { status: "passed" } });
    expect(await check(begun.id)).toMatchObject({ status: "passed", errorCode: null, verifiedBy: "source", result: { registered_name: "RAVI KUMAR" } });
    expect(await completedEvents(begun.id)).toHaveLength(1);
    // a later GET reads the finished check: no second event
    expect(await directCheck.getCheck(db, tenant(), begun.id)).toMatchObject({ status: "passed" });
    expect(await completedEvents(begun.id)).toHaveLength(1);
  });

  it("ends a request that is never paid (SANDBOX UNPAID) as payment_expired once it expired", async () => {
    const { check: begun } = await directCheck.runDirectCheck(db, tenant(), KEY, { name: "SANDBOX UNPAID" }, { async: true });
    await sleepingRun(begun.id);
    await age(begun.id, 11_000);
    expect(await wake(begun.id)).toMatchObject({ status: "completed", output: { status: "failed" } });
    expect(await check(begun.id)).toMatchObject({ status: "failed", errorCode: "payment_expired", result: { payment_status: "expired" } });
    expect(await completedEvents(begun.id)).toHaveLength(1);
  });

  it("takes a session's payment while nobody has the flow open: the step is submitted and the session decided", async () => {
    const ctx = await newKycSession("Ravi Kumar");
    const started = await flow.startUpiPayment(db, ctx, "bank");
    await sleepingRun(started.check_id);
    await age(started.check_id, 3_100);
    expect(await wake(started.check_id)).toMatchObject({ status: "completed", output: { status: "passed" } });
    const step = await db.sessionStep.findUniqueOrThrow({ where: { sessionId_name: { sessionId: ctx.sessionId, name: "bank" } } });
    expect(step).toMatchObject({ status: expect.stringMatching(/submitted|passed/), method: "reverse_penny_drop", data: { check_id: started.check_id } });
    // processing, then the pipeline adopts the passed check and the rules approve
    const decided = await waitFor(async () => {
      const s = await db.session.findUniqueOrThrow({ where: { id: ctx.sessionId }, select: { status: true } });
      return s.status === "approved" || s.status === "declined" || s.status === "review" ? s.status : null;
    }, "the session's decision");
    expect(decided).toBe("approved");
    expect(await db.check.count({ where: { sessionId: ctx.sessionId, checkKey: KEY } })).toBe(1);
    // a session's check emits no check.completed (its session's events tell)
    expect(await completedEvents(started.check_id)).toHaveLength(0);
  });

  it("advances the session once when several readers finish the payment together", async () => {
    const ctx = await newKycSession("Ravi Kumar");
    const started = await flow.startUpiPayment(db, ctx, "bank");
    await age(started.check_id, 3_100);
    await Promise.all([
      directCheck.readAwaitingCheck(db, started.check_id),
      directCheck.refreshCheck(db, started.check_id),
      directCheck.getCheck(db, { projectId, mode: "test" }, started.check_id),
    ]);
    expect(await check(started.check_id)).toMatchObject({ status: "passed" });
    const step = await db.sessionStep.findUniqueOrThrow({ where: { sessionId_name: { sessionId: ctx.sessionId, name: "bank" } }, select: { attempts: true } });
    expect(step.attempts).toBe(1);
    expect(await db.sessionHistory.count({ where: { sessionId: ctx.sessionId, toStatus: "processing" } })).toBe(1);
  });

  it("ends a direct CKYC OTP check whose code is never entered as otp_expired when the code expires, with check.completed", async () => {
    const ckyc = { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "otp", mobile: "9876543210" };
    const { check: begun } = await directCheck.runDirectCheck(db, tenant(), "in.ckyc.download", ckyc, { async: false });
    expect(begun).toMatchObject({ status: "pending", result: { otp_sent_to: "******3210" } });
    // a read while the code is valid leaves the check waiting for it
    expect(await wake(begun.id)).toMatchObject({ status: "sleeping" });
    expect(await check(begun.id)).toMatchObject({ status: "pending" });

    // the code expires unused (its expiry moved into the past)
    const { result } = await check(begun.id);
    await db.check.update({ where: { id: begun.id }, data: { result: { ...(result as object), otp_expires_at: new Date(Date.now() - 1_000).toISOString() } } });
    expect(await wake(begun.id)).toMatchObject({ status: "completed", output: { status: "failed" } });
    expect(await check(begun.id)).toMatchObject({
      status: "failed",
      errorCode: "otp_expired",
      verifiedBy: null,
      result: { record_found: true, otp_sent_to: "******3210", attempts_left: 0 },
    });
    expect(await completedEvents(begun.id)).toHaveLength(1);
  });
});

describe("live mode (loopback Cashfree)", () => {
  const tenant = () => ({ projectId, mode: "live" as const });
  const begin = async () => (await directCheck.runDirectCheck(db, tenant(), KEY, { name: "Ravi Kumar", ...consent }, { async: true })).check;

  it("leaves the check waiting when the vendor is down during a read, and finishes it at the next", async () => {
    const begun = await begin();
    await sleepingRun(begun.id);
    cashfree.down = true;
    cashfree.payRpd(begun.id, "RAVI KUMAR");
    const second = await wake(begun.id);
    cashfree.down = false;
    expect(second.status).toBe("sleeping");
    expect(await check(begun.id)).toMatchObject({ status: "pending", errorCode: null });
    expect(await completedEvents(begun.id)).toHaveLength(0);
    // the next read comes 40 s after this one
    expect(second.nextRunAt.getTime() - Date.now()).toBeGreaterThan(35_000);

    expect(await wake(begun.id)).toMatchObject({ status: "completed", output: { status: "passed" } });
    expect(await check(begun.id)).toMatchObject({ status: "passed", result: { account_last4: "1191" } });
    expect(await completedEvents(begun.id)).toHaveLength(1);
  });

  it("completes the check once when the vendor's webhook and the poll finish it together", async () => {
    const begun = await begin();
    await sleepingRun(begun.id);
    cashfree.payRpd(begun.id, "RAVI KUMAR");
    const [read, webhook] = await Promise.all([wake(begun.id), cashfree.sendRpdWebhook(receiverUrl, begun.id)]);
    expect(webhook.status).toBe(200);
    expect(read.status).toBe("completed");
    expect(await check(begun.id)).toMatchObject({ status: "passed" });
    expect(await completedEvents(begun.id)).toHaveLength(1);
  });

  it("reads once more after the expiry and, the vendor still down, ends the check payment_expired", async () => {
    const begun = await begin();
    await sleepingRun(begun.id);
    cashfree.down = true;
    await age(begun.id, 11 * 60_000);
    const done = await wake(begun.id);
    cashfree.down = false;
    expect(done).toMatchObject({ status: "completed", output: { status: "failed" } });
    expect(await check(begun.id)).toMatchObject({ status: "failed", errorCode: "payment_expired", verifiedBy: null, result: { payment_status: "expired" } });
    expect(await completedEvents(begun.id)).toHaveLength(1);
  });
});
