/**
 * The `bank_account` step's reverse penny drop as the applicant meets it, on a real (PGlite)
 * database in test mode: a KYC session (PAN, then the UPI payment) starts a request and polls it
 * until the sandbox paid; the read that finishes the check submits the step for the applicant
 * (whoever reads it: the page, the webhook, the background poll), and the session's pipeline
 * adopts the passed check; an expired request is paid again with a new one.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db";
import { submitStep } from "../../flow/submit-step";
import { SANDBOX_PAY_DELAY_MS } from "../../providers/reverse-penny-drop-sandbox";
import { runSessionChecks } from "../../sessions/process-session";
import { readAwaitingCheck } from "../../checks/direct-check";
import { startUpiPayment, upiPaymentStatus } from "./upi-payment";
import { domainError } from "~/tests/fixtures/domain-error";
import { demoDb } from "~/tests/fixtures/demo-db";
import { ageCheck, UPI_REQUEST_TIMES } from "~/tests/fixtures/age-check";
import { publishUpiKyc, sessionPastPan, UPI_KYC_DEFINITION } from "~/tests/fixtures/upi-kyc";

let db: Db;
let projectId: string;
let workflowId: string;
/** The same with a review step after the payment: the session stays `in_progress` once the payment is taken. */
let reviewedWorkflowId: string;

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  projectId = demo.seed.projectId;
  const definition = { ...UPI_KYC_DEFINITION, languages: ["en" as const, "hi" as const] };
  workflowId = await publishUpiKyc(db, projectId, "UPI KYC", definition);
  const reviewed = { ...definition, steps: [...definition.steps, { name: "review", type: "review" as const, required: true, settings: {} }] };
  reviewedWorkflowId = await publishUpiKyc(db, projectId, "UPI KYC reviewed", reviewed);
});

const newSession = (name: string, workflow = () => workflowId) => sessionPastPan(db, projectId, workflow(), name);

/** As if `ms` had passed since the sandbox request was created. */
const age = (checkId: string, ms: number) => ageCheck(db, checkId, ms, UPI_REQUEST_TIMES);

const bankStep = (sessionId: string) =>
  db.sessionStep.findUniqueOrThrow({ where: { sessionId_name: { sessionId, name: "bank" } }, select: { status: true, method: true, data: true } });
const sessionStatus = async (id: string) => (await db.session.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;

describe("bank_account step, reverse penny drop", () => {
  it("starts a request in the applicant's PAN name, waits for the payment, then takes the step and counts the passed check", async () => {
    const ctx = await newSession("Ravi Kumar");
    const started = await startUpiPayment(db, ctx, "bank");
    expect(started).toMatchObject({ state: "pending", amount: "1.00", account_number_masked: null, submitted: false });
    expect(started.upi_link).toMatch(/^upi:\/\/pay\?/);
    const check = await db.check.findUniqueOrThrow({ where: { id: started.check_id }, select: { sessionId: true, step: true, input: true } });
    expect(check).toEqual({ sessionId: ctx.sessionId, step: "bank", input: { name: "RAVI KUMAR" } });

    expect(await upiPaymentStatus(db, ctx, "bank", started.check_id)).toMatchObject({ state: "pending", submitted: false });
    const early = await domainError(submitStep(db, ctx, "bank", { check_id: started.check_id }));
    expect(early).toMatchObject({ code: "parameter_invalid", param: "check_id", message: "upi_payment_pending" });
    expect((await bankStep(ctx.sessionId)).status).toBe("pending");

    await age(started.check_id, SANDBOX_PAY_DELAY_MS + 100);
    // the poll that finds the payment finishes the check and submits the step with it: the page only moves on
    expect(await upiPaymentStatus(db, ctx, "bank", started.check_id)).toMatchObject({
      state: "done",
      upi_link: null,
      account_number_masked: "XXXXXXXXXXX1191",
      bank_name: expect.stringMatching(/yes bank/i),
      submitted: true,
    });
    const step = await bankStep(ctx.sessionId);
    expect(step).toMatchObject({ method: "reverse_penny_drop", status: "submitted" });
    expect(step.data).toMatchObject({ method: "reverse_penny_drop", check_id: started.check_id, name: "Ravi Kumar", ifsc: "YESB0000262" });
    expect(JSON.stringify(step.data)).not.toContain("026291800001191");
    expect(await sessionStatus(ctx.sessionId)).toBe("processing");
    const moved = await db.sessionHistory.findFirstOrThrow({ where: { sessionId: ctx.sessionId, toStatus: "processing" }, select: { actorType: true } });
    expect(moved.actorType).toBe("system");
    // a page that still submits is told the session moved on (a 409: it re-reads the state)
    expect((await domainError(submitStep(db, ctx, "bank", { check_id: started.check_id }))).code).toBe("session_not_editable");

    const round = await runSessionChecks(db, ctx.sessionId, { attempts: 1, baseDelayMs: 1 });
    expect(round).toContain(started.check_id);
    const checks = await db.check.findMany({ where: { sessionId: ctx.sessionId, checkKey: "in.bank_account.reverse_penny_drop" }, select: { id: true } });
    expect(checks).toEqual([{ id: started.check_id }]);
  });

  it("refuses an expired payment (try again), leaves the step open, and takes the next request's", async () => {
    const ctx = await newSession("SANDBOX UNPAID");
    const first = await startUpiPayment(db, ctx, "bank");
    await age(first.check_id, 11_000);
    expect(await upiPaymentStatus(db, ctx, "bank", first.check_id)).toMatchObject({ state: "expired", upi_link: null, submitted: false });
    expect((await domainError(submitStep(db, ctx, "bank", { check_id: first.check_id }))).message).toBe("upi_payment_expired");
    expect((await bankStep(ctx.sessionId)).status).toBe("pending");
    expect(await sessionStatus(ctx.sessionId)).toBe("in_progress");
    const second = await startUpiPayment(db, ctx, "bank");
    expect(second.check_id).not.toBe(first.check_id);
    expect(second.state).toBe("pending");
  });

  it("takes a name mismatch for the decision (failed check) when the payment is read without the page, and hides other sessions' checks", async () => {
    const ctx = await newSession("Sandbox Mismatch");
    const started = await startUpiPayment(db, ctx, "bank");
    await age(started.check_id, SANDBOX_PAY_DELAY_MS + 100);
    // the background poll's read (the page was closed after paying)
    expect(await readAwaitingCheck(db, started.check_id)).toMatchObject({ status: "failed" });
    expect(await db.check.findUniqueOrThrow({ where: { id: started.check_id }, select: { status: true, errorCode: true } })).toEqual({
      status: "failed",
      errorCode: "name_mismatch",
    });
    expect(await bankStep(ctx.sessionId)).toMatchObject({ status: "submitted", data: { check_id: started.check_id } });
    expect(await sessionStatus(ctx.sessionId)).toBe("processing");

    const other = await newSession("Ravi Kumar");
    expect((await domainError(upiPaymentStatus(db, other, "bank", started.check_id))).code).toBe("resource_missing");
    expect((await domainError(startUpiPayment(db, other, "pan"))).code).toBe("step_not_available");
  });

  it("takes the payment while later steps are open; the page's own submission of the same check is accepted", async () => {
    const ctx = await newSession("Ravi Kumar", () => reviewedWorkflowId);
    const started = await startUpiPayment(db, ctx, "bank");
    await age(started.check_id, SANDBOX_PAY_DELAY_MS + 100);
    expect(await upiPaymentStatus(db, ctx, "bank", started.check_id)).toMatchObject({ state: "done", submitted: true });
    expect(await sessionStatus(ctx.sessionId)).toBe("in_progress");
    await submitStep(db, ctx, "bank", { check_id: started.check_id });
    expect(await bankStep(ctx.sessionId)).toMatchObject({ status: "submitted", data: { check_id: started.check_id } });
    await submitStep(db, ctx, "review", { confirmed: true });
    expect(await sessionStatus(ctx.sessionId)).toBe("processing");
    expect(await runSessionChecks(db, ctx.sessionId, { attempts: 1, baseDelayMs: 1 })).toContain(started.check_id);
  });
});
