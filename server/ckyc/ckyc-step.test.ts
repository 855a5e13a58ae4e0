/**
 * The CKYC-first route through the hosted flow ("India KYC (CKYC first)", test mode: the
 * sandbox registry): the registry's code to the record's mobile (CKYC 1.3) releases the record,
 * which skips the PAN and document steps, prefills the flow and gives the selfie its reference
 * photo; without a record the applicant goes on with every step. The date-of-birth factor is the
 * use case's other setting.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { getFlowState } from "../flow/flow-state";
import { submitStep } from "../flow/submit-step";
import { flowDb } from "~/tests/fixtures/flow-db";
import { CONSENT_NOTICE_VERSION } from "../steps/consent/consent.schemas";
import { CKYC_SANDBOX_OTP } from "../providers/sandbox";
import { enterCkycOtp, startCkycOtp } from "../steps/ckyc/ckyc-otp";
import { completeCkycWithOtp } from "~/tests/fixtures/ckyc-otp";
import { runCkycStep } from "./run-ckyc-step";

let db: Db;
let newSession: Awaited<ReturnType<typeof flowDb>>["newSession"];

beforeAll(async () => {
  ({ db, newSession } = await flowDb("India KYC (CKYC first)"));
});

const stepStatuses = async (sessionId: string) =>
  Object.fromEntries((await db.sessionStep.findMany({ where: { sessionId }, select: { name: true, status: true } })).map((s) => [s.name, s.status]));

describe("ckyc step (authentication: otp, the template's)", () => {
  it("sends the registry's code, downloads the record with it, skips the steps it proves, prefills the flow and keeps the photo", async () => {
    const ctx = await newSession();
    await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    const sent = await startCkycOtp(db, ctx, "ckyc", { pan: "abcpe1234f", mobile: "98765 43210" });
    expect(sent).toMatchObject({ state: "code_sent", otp_sent_to: "******3210", attempts_left: 3, wrong_code: false });
    // nothing is skipped before the code is entered, and the step cannot be submitted yet
    expect(await stepStatuses(ctx.id)).toMatchObject({ ckyc: "pending", pan: "pending" });
    await expect(submitStep(db, ctx, "ckyc", { check_id: sent.check_id })).rejects.toMatchObject({ code: "parameter_invalid", message: "ckyc_code_pending" });

    const wrong = await enterCkycOtp(db, ctx, "ckyc", { check_id: sent.check_id, otp: "111111" });
    expect(wrong).toMatchObject({ state: "code_sent", wrong_code: true, attempts_left: 2 });
    const done = await enterCkycOtp(db, ctx, "ckyc", { check_id: sent.check_id, otp: CKYC_SANDBOX_OTP });
    expect(done).toMatchObject({ state: "downloaded", check_id: sent.check_id });
    await submitStep(db, ctx, "ckyc", { check_id: done.check_id });

    expect(await stepStatuses(ctx.id)).toMatchObject({ ckyc: "submitted", pan: "skipped", documents: "skipped", phone: "pending", selfie: "pending" });
    const checks = await db.check.findMany({
      where: { sessionId: ctx.id },
      orderBy: { createdAt: "asc" },
      select: { checkKey: true, status: true, step: true, consent: true, purpose: true, input: true },
    });
    expect(checks.map((c) => [c.checkKey, c.status, c.step])).toEqual([
      ["in.ckyc.search", "passed", "ckyc"],
      ["in.ckyc.download", "passed", "ckyc"],
    ]);
    expect(checks[1]!.input).toMatchObject({ auth_factor: "otp", mobile: "+919876543210" });
    // the registry calls rest on the applicant's consent step
    expect(checks[1]!.consent).toMatchObject({ obtained: true, source: "session", notice_version: CONSENT_NOTICE_VERSION });
    expect(checks[1]!.purpose!.length).toBeGreaterThanOrEqual(20);
    expect(await db.evidenceFile.count({ where: { sessionId: ctx.id, kind: "ckyc_photo" } })).toBe(1);

    const state = await getFlowState(db, ctx);
    expect(state.session.prefill).toMatchObject({ full_name: "RAVI KUMAR", phone: "+919876543210" });
    expect(state.steps.find((s) => s.name === "ckyc")?.values).toEqual({ outcome: "downloaded" });
    expect(state.currentStep).toBe("phone");
    // the step's submission adopts the checks made before it: the decision counts them
    const step = await db.sessionStep.findUniqueOrThrow({ where: { sessionId_name: { sessionId: ctx.id, name: "ckyc" } }, select: { submittedAt: true } });
    expect(step.submittedAt!.getTime()).toBeLessThanOrEqual(
      (await db.check.findFirstOrThrow({ where: { sessionId: ctx.id, checkKey: "in.ckyc.search" } })).createdAt.getTime(),
    );
  });

  it("leaves every step to the applicant when there is no record, the number is not the record's, or the code was wrong 3 times", async () => {
    const none = await newSession();
    await submitStep(db, none, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    const notFound = await completeCkycWithOtp(db, none, "ABCPE9999Z");
    expect(notFound.state).toBe("not_found");
    expect(await stepStatuses(none.id)).toMatchObject({ ckyc: "submitted", pan: "pending", documents: "pending" });
    expect((await getFlowState(db, none)).steps.find((s) => s.name === "ckyc")?.values).toEqual({ outcome: "not_found" });

    const otherMobile = await newSession();
    await submitStep(db, otherMobile, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    expect(await startCkycOtp(db, otherMobile, "ckyc", { pan: "ABCPE1234F", mobile: "9123456789" })).toMatchObject({
      state: "mobile_mismatch",
      otp_sent_to: null,
    });

    const locked = await newSession();
    await submitStep(db, locked, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    const sent = await startCkycOtp(db, locked, "ckyc", { pan: "ABCPE1234F", mobile: "9876543210" });
    for (const otp of ["111111", "222222"]) await enterCkycOtp(db, locked, "ckyc", { check_id: sent.check_id, otp });
    expect(await enterCkycOtp(db, locked, "ckyc", { check_id: sent.check_id, otp: "333333" })).toMatchObject({ state: "locked", attempts_left: 0 });
    await submitStep(db, locked, "ckyc", { check_id: sent.check_id });
    expect(await stepStatuses(locked.id)).toMatchObject({ ckyc: "submitted", pan: "pending", documents: "pending" });
    expect((await getFlowState(db, locked)).steps.find((s) => s.name === "ckyc")?.values).toEqual({ outcome: "auth_failed" });
    expect(await db.evidenceFile.count({ where: { sessionId: locked.id, kind: "ckyc_photo" } })).toBe(0);
  });

  it("shows an expired code as expired, and refuses a new code within 30 s, field errors for what does not parse", async () => {
    const ctx = await newSession();
    await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    const sent = await startCkycOtp(db, ctx, "ckyc", { pan: "ABCPE1234F", mobile: "9876543210" });
    await expect(enterCkycOtp(db, ctx, "ckyc", { check_id: sent.check_id, resend: true })).rejects.toMatchObject({ code: "rate_limited" });
    expect(await enterCkycOtp(db, ctx, "ckyc", { check_id: sent.check_id, otp: "000000" })).toMatchObject({ state: "expired" });
    await expect(enterCkycOtp(db, ctx, "ckyc", { check_id: sent.check_id, otp: "12" })).rejects.toMatchObject({ code: "parameter_invalid" });
    await expect(startCkycOtp(db, ctx, "ckyc", { pan: "ABCPE1234F", mobile: "12345" })).rejects.toMatchObject({ code: "parameter_invalid" });
    // another session's check is not this step's
    const other = await newSession();
    await submitStep(db, other, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    await expect(enterCkycOtp(db, other, "ckyc", { check_id: sent.check_id, otp: "123456" })).rejects.toMatchObject({ code: "resource_missing" });
    // the date of birth is not taken when the step asks for the registry's code
    await expect(submitStep(db, ctx, "ckyc", { pan: "ABCPE1234F", dob: "1990-01-01" })).rejects.toMatchObject({ code: "parameter_invalid" });
  });

  it("lets the applicant go on without CKYC: no registry call, the step is skipped", async () => {
    const ctx = await newSession();
    await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    await submitStep(db, ctx, "ckyc", { skip: true });
    expect(await stepStatuses(ctx.id)).toMatchObject({ ckyc: "skipped", pan: "pending" });
    expect(await db.check.count({ where: { sessionId: ctx.id } })).toBe(0);
  });
});

describe("ckyc step (authentication: date_of_birth)", () => {
  const settings = { authentication: "date_of_birth" as const, skip_steps: ["pan" as const, "documents" as const] };

  it("searches and downloads with the date of birth at once", async () => {
    const ctx = await newSession();
    await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    expect(await runCkycStep(db, ctx.id, "ckyc", settings, { pan: "ABCPE1234F", dob: "1990-01-01" })).toBe("downloaded");
    expect(await stepStatuses(ctx.id)).toMatchObject({ pan: "skipped", documents: "skipped" });
    const download = await db.check.findFirstOrThrow({ where: { sessionId: ctx.id, checkKey: "in.ckyc.download" }, select: { input: true } });
    expect(download.input).toMatchObject({ auth_factor: "dob", dob: "1990-01-01" });
  });

  it("answers not_found and auth_failed without skipping anything", async () => {
    const none = await newSession();
    await submitStep(db, none, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    expect(await runCkycStep(db, none.id, "ckyc", settings, { pan: "ABCPE9999Z", dob: "1990-01-01" })).toBe("not_found");
    const wrongDob = await newSession();
    await submitStep(db, wrongDob, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    expect(await runCkycStep(db, wrongDob.id, "ckyc", settings, { pan: "ABCPE1234F", dob: "1991-02-02" })).toBe("auth_failed");
    expect(await stepStatuses(wrongDob.id)).toMatchObject({ pan: "pending", documents: "pending" });
  });
});
