/**
 * The CKYC-first route through the hosted flow ("India KYC (CKYC first)", test mode: the
 * sandbox registry): a downloaded record skips the PAN and document steps, prefills the flow and
 * gives the selfie its reference photo; without a record the applicant goes on with every step.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { getFlowState } from "../flow/flow-state";
import { submitStep } from "../flow/submit-step";
import { flowDb } from "~/tests/fixtures/flow-db";
import { CONSENT_NOTICE_VERSION } from "../steps/consent/consent.schemas";

let db: Db;
let newSession: Awaited<ReturnType<typeof flowDb>>["newSession"];

beforeAll(async () => {
  ({ db, newSession } = await flowDb("India KYC (CKYC first)"));
});

const stepStatuses = async (sessionId: string) =>
  Object.fromEntries((await db.sessionStep.findMany({ where: { sessionId }, select: { name: true, status: true } })).map((s) => [s.name, s.status]));

describe("ckyc step", () => {
  it("downloads the record, skips the steps it proves, prefills the flow and keeps the photo as the selfie's reference", async () => {
    const ctx = await newSession();
    await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    await submitStep(db, ctx, "ckyc", { pan: "abcpe1234f", dob: "1990-01-01" });

    expect(await stepStatuses(ctx.id)).toMatchObject({ ckyc: "submitted", pan: "skipped", documents: "skipped", phone: "pending", selfie: "pending" });
    const checks = await db.check.findMany({
      where: { sessionId: ctx.id },
      orderBy: { createdAt: "asc" },
      select: { checkKey: true, status: true, step: true, consent: true, purpose: true },
    });
    expect(checks.map((c) => [c.checkKey, c.status, c.step])).toEqual([
      ["in.ckyc.search", "passed", "ckyc"],
      ["in.ckyc.download", "passed", "ckyc"],
    ]);
    // the registry calls rest on the applicant's consent step
    expect(checks[1]!.consent).toMatchObject({ obtained: true, source: "session", notice_version: CONSENT_NOTICE_VERSION });
    expect(checks[1]!.purpose!.length).toBeGreaterThanOrEqual(20);
    expect(await db.evidenceFile.count({ where: { sessionId: ctx.id, kind: "ckyc_photo" } })).toBe(1);

    const state = await getFlowState(db, ctx);
    expect(state.session.prefill).toMatchObject({ full_name: "RAVI KUMAR", phone: "+919876543210" });
    expect(state.steps.find((s) => s.name === "ckyc")?.values).toEqual({ outcome: "downloaded" });
    expect(state.currentStep).toBe("phone");
  });

  it("leaves every step to the applicant when there is no record, or the date of birth does not release it", async () => {
    const none = await newSession();
    await submitStep(db, none, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    await submitStep(db, none, "ckyc", { pan: "ABCPE9999Z", dob: "1990-01-01" });
    expect(await stepStatuses(none.id)).toMatchObject({ ckyc: "submitted", pan: "pending", documents: "pending" });
    expect((await getFlowState(db, none)).steps.find((s) => s.name === "ckyc")?.values).toEqual({ outcome: "not_found" });

    const wrongDob = await newSession();
    await submitStep(db, wrongDob, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    await submitStep(db, wrongDob, "ckyc", { pan: "ABCPE1234F", dob: "1991-02-02" });
    expect(await stepStatuses(wrongDob.id)).toMatchObject({ pan: "pending", documents: "pending" });
    expect(await db.evidenceFile.count({ where: { sessionId: wrongDob.id, kind: "ckyc_photo" } })).toBe(0);
  });

  it("lets the applicant go on without CKYC: no registry call, the step is skipped", async () => {
    const ctx = await newSession();
    await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    await submitStep(db, ctx, "ckyc", { skip: true });
    expect(await stepStatuses(ctx.id)).toMatchObject({ ckyc: "skipped", pan: "pending" });
    expect(await db.check.count({ where: { sessionId: ctx.id } })).toBe(0);
  });
});
