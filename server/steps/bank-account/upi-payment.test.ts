/**
 * The `bank_account` step's reverse penny drop as the applicant meets it, on a real (PGlite)
 * database in test mode: a KYC session (PAN, then the UPI payment) starts a request, polls it
 * until the sandbox paid, submits the step with the check, and the session's pipeline adopts the
 * passed check; an expired request is paid again with a new one.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db";
import { startFlow } from "../../flow/flow-state";
import { submitStep } from "../../flow/submit-step";
import { SANDBOX_PAY_DELAY_MS } from "../../providers/reverse-penny-drop-sandbox";
import { createSession } from "../../sessions/create-session";
import { runSessionChecks } from "../../sessions/process-session";
import { createWorkflow, publishWorkflow } from "../../workflows/publish-workflow";
import { startUpiPayment, upiPaymentStatus } from "./upi-payment";
import { domainError } from "~/tests/fixtures/domain-error";
import { demoDb } from "~/tests/fixtures/demo-db";

let db: Db;
let projectId: string;
let workflowId: string;

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  projectId = demo.seed.projectId;
  const definition = {
    languages: ["en" as const, "hi" as const],
    ttl_seconds: 86_400,
    steps: [
      { name: "pan", type: "pan" as const, required: true, settings: {} },
      { name: "bank", type: "bank_account" as const, required: true, settings: { method: "reverse_penny_drop" as const } },
    ],
    decision: { rules: [], otherwise: "approve" as const },
    risk: { rules: [], otherwise: "low" as const },
  };
  ({ id: workflowId } = await createWorkflow(db, { projectId, name: "UPI KYC", type: "kyc", country: "IN", definition }));
  await publishWorkflow(db, { projectId, workflowId, publishedBy: "test" });
});

async function newSession(name: string) {
  const created = await createSession(db, { projectId, mode: "test" }, { workflow_id: workflowId }, { type: "api_key", id: "key_test" });
  const ctx = { sessionId: created.id, token: created.client_token, ip: "203.0.113.9", userAgent: "vitest" };
  await startFlow(db, ctx);
  await submitStep(db, ctx, "pan", { pan: "ABCPE1234F", name, dob: "1990-01-01" });
  return ctx;
}

/** As if `ms` had passed since the sandbox request was created. */
async function age(checkId: string, ms: number) {
  const row = await db.check.findUniqueOrThrow({ where: { id: checkId }, select: { result: true } });
  const r = row.result as { created_at: string; valid_upto: string };
  const shift = (t: string) => new Date(Date.parse(t) - ms).toISOString();
  await db.check.update({ where: { id: checkId }, data: { result: { ...r, created_at: shift(r.created_at), valid_upto: shift(r.valid_upto) } } });
}

describe("bank_account step, reverse penny drop", () => {
  it("starts a request in the applicant's PAN name, waits for the payment, then submits and counts the passed check", async () => {
    const ctx = await newSession("Ravi Kumar");
    const started = await startUpiPayment(db, ctx, "bank");
    expect(started).toMatchObject({ state: "pending", amount: "1.00", account_number_masked: null });
    expect(started.upi_link).toMatch(/^upi:\/\/pay\?/);
    const check = await db.check.findUniqueOrThrow({ where: { id: started.check_id }, select: { sessionId: true, step: true, input: true } });
    expect(check).toEqual({ sessionId: ctx.sessionId, step: "bank", input: { name: "RAVI KUMAR" } });

    expect(await upiPaymentStatus(db, ctx, "bank", started.check_id)).toMatchObject({ state: "pending" });
    const early = await domainError(submitStep(db, ctx, "bank", { check_id: started.check_id }));
    expect(early).toMatchObject({ code: "parameter_invalid", param: "check_id", message: "upi_payment_pending" });

    await age(started.check_id, SANDBOX_PAY_DELAY_MS + 100);
    expect(await upiPaymentStatus(db, ctx, "bank", started.check_id)).toMatchObject({
      state: "done",
      upi_link: null,
      account_number_masked: "XXXXXXXXXXX1191",
      bank_name: expect.stringMatching(/yes bank/i),
    });
    await submitStep(db, ctx, "bank", { check_id: started.check_id });
    const step = await db.sessionStep.findUniqueOrThrow({ where: { sessionId_name: { sessionId: ctx.sessionId, name: "bank" } } });
    expect(step).toMatchObject({ method: "reverse_penny_drop", status: "submitted" });
    expect(step.data).toMatchObject({ method: "reverse_penny_drop", check_id: started.check_id, name: "Ravi Kumar", ifsc: "YESB0000262" });
    expect(JSON.stringify(step.data)).not.toContain("026291800001191");

    const round = await runSessionChecks(db, ctx.sessionId, { attempts: 1, baseDelayMs: 1 });
    expect(round).toContain(started.check_id);
    const checks = await db.check.findMany({ where: { sessionId: ctx.sessionId, checkKey: "in.bank_account.reverse_penny_drop" }, select: { id: true } });
    expect(checks).toEqual([{ id: started.check_id }]);
  });

  it("refuses an expired payment (try again) and takes the next request's", async () => {
    const ctx = await newSession("SANDBOX UNPAID");
    const first = await startUpiPayment(db, ctx, "bank");
    await age(first.check_id, 11_000);
    expect(await upiPaymentStatus(db, ctx, "bank", first.check_id)).toMatchObject({ state: "expired", upi_link: null });
    expect((await domainError(submitStep(db, ctx, "bank", { check_id: first.check_id }))).message).toBe("upi_payment_expired");
    const second = await startUpiPayment(db, ctx, "bank");
    expect(second.check_id).not.toBe(first.check_id);
    expect(second.state).toBe("pending");
  });

  it("submits a name mismatch for the decision (failed check), and hides other sessions' checks", async () => {
    const ctx = await newSession("Sandbox Mismatch");
    const started = await startUpiPayment(db, ctx, "bank");
    await age(started.check_id, SANDBOX_PAY_DELAY_MS + 100);
    await submitStep(db, ctx, "bank", { check_id: started.check_id });
    expect(await db.check.findUniqueOrThrow({ where: { id: started.check_id }, select: { status: true, errorCode: true } })).toEqual({
      status: "failed",
      errorCode: "name_mismatch",
    });

    const other = await newSession("Ravi Kumar");
    expect((await domainError(upiPaymentStatus(db, other, "bank", started.check_id))).code).toBe("resource_missing");
    expect((await domainError(startUpiPayment(db, other, "pan"))).code).toBe("step_not_available");
  });
});
