/**
 * The hosted flow's use cases on a real (PGlite) database with the seeded "India KYC (full)"
 * workflow: every step type end to end, the OTP rules as the applicant meets them, upload
 * ownership, what the page may see of the data, and the reasons a link stops working.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { offlineXml, referenceIdAt, signOfflineXml, zipBase64 } from "../checks/aadhaar/fixtures/aadhaar-fixtures";
import { CONSENT_NOTICE_VERSION } from "../steps/consent/consent.schemas";
import type { Db } from "../db";
import { planSessionChecks } from "../sessions/process-session";
import { cancelSession, reissueClientToken } from "../sessions/session-actions";
import { sendStepOtp, verifyStepOtp } from "./flow-otp";
import type { FlowContext } from "./flow-session";
import { getFlowState, setFlowLocale } from "./flow-state";
import { submitStep } from "./submit-step";
import { uploadStepFile } from "./upload-step-file";
import { domainError } from "~/tests/fixtures/domain-error";
import { FLOW_TEST_ACTOR, flowDb } from "~/tests/fixtures/flow-db";
import { doLivenessChallenge } from "~/tests/fixtures/liveness/flow-challenge";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let newSession: Awaited<ReturnType<typeof flowDb>>["newSession"];
let png: Uint8Array;
const SHARE_CODE = "Ab1#";

beforeAll(async () => {
  process.env.SCANNER = "off"; // test-mode uploads unscanned here; the scan itself is tested in server/uploads
  ({ db, tenant, newSession } = await flowDb());
  png = new Uint8Array(
    await sharp({ create: { width: 32, height: 20, channels: 3, background: "#c0ffee" } })
      .png()
      .toBuffer(),
  );
});

async function offlineZip(): Promise<string> {
  const key = readFileSync(path.resolve("server/providers/uidai-sandbox/sandbox-key.pem"), "utf8");
  const xml = signOfflineXml(offlineXml(referenceIdAt("4321", new Date()), SHARE_CODE), key);
  return zipBase64("offlineaadhaar.xml", xml, SHARE_CODE);
}

describe("India KYC (full)", () => {
  it("goes through every step and reaches processing after the review", async () => {
    const ctx = await newSession();
    let state = await getFlowState(db, ctx);
    expect(state.steps.map((s) => s.type)).toEqual(["consent", "phone", "email", "pan", "aadhaar", "documents", "selfie", "review"]);
    expect(state.currentStep).toBe("consent");

    await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });

    // phone: a bad number is a field error (an i18n key), then code, a wrong code counts
    expect((await domainError(sendStepOtp(db, ctx, "phone", { destination: "12345" }))).message).toBe("phone_invalid");
    const sent = await sendStepOtp(db, ctx, "phone", { destination: "98765 43210" });
    expect(sent).toMatchObject({ destination_masked: "+91 ••••• ••210", resend_in_seconds: 30, expires_in_seconds: 600 });
    const tooSoon = await domainError(sendStepOtp(db, ctx, "phone", {}));
    expect(tooSoon.code).toBe("otp_resend_too_soon");
    const wrong = await domainError(verifyStepOtp(db, ctx, "phone", { code: "000000" }));
    expect(wrong.code).toBe("otp_invalid");
    expect(wrong.details).toEqual({ attempts_left: 4 });
    state = await getFlowState(db, ctx);
    expect(state.steps.find((s) => s.name === "phone")?.otp).toMatchObject({ destination_masked: "+91 ••••• ••210", attempts_left: 4 });
    await verifyStepOtp(db, ctx, "phone", { code: "123 456" });

    await sendStepOtp(db, ctx, "email", { destination: "Asha@Example.COM" });
    await verifyStepOtp(db, ctx, "email", { code: "123456" });
    await submitStep(db, ctx, "pan", { pan: "abcpe1234f", name: "Ravi Kumar", dob: "1990-01-01" });

    expect((await domainError(submitStep(db, ctx, "aadhaar", { method: "offline_ekyc", zip_base64: "aGVsbG8=", share_code: "Ab1#" }))).message).toBe(
      "aadhaar_zip_invalid",
    );
    const zip = await offlineZip();
    await submitStep(db, ctx, "aadhaar", { method: "offline_ekyc", zip_base64: zip, share_code: SHARE_CODE });

    const front = await uploadStepFile(db, ctx, { step: "documents", kind: "passport_data_page", bytes: png });
    const back = await uploadStepFile(db, ctx, { step: "documents", kind: "passport_address_page", bytes: png });
    expect(front).toMatchObject({ kind: "passport_data_page", content_type: "image/png" });
    // the sides must be the type's, in order
    const fields = { surname: "Kumar", given_names: "Ravi", date_of_birth: "1990-01-01", passport_number: "j8369854" };
    expect((await domainError(submitStep(db, ctx, "documents", { document_type: "passport", files: [back.id, front.id], fields }))).param).toBe("files");
    const badField = await domainError(
      submitStep(db, ctx, "documents", { document_type: "passport", files: [front.id, back.id], fields: { ...fields, passport_number: "123" } }),
    );
    expect(badField.details).toEqual([{ param: "fields.passport_number", message: "field_format" }]);
    await submitStep(db, ctx, "documents", { document_type: "passport", files: [front.id, back.id], fields });

    // a selfie must be a file of kind selfie of this step, taken with the template's liveness challenge
    expect((await domainError(submitStep(db, ctx, "selfie", { files: [front.id] }))).param).toBe("files");
    const liveness = await doLivenessChallenge(db, ctx);
    const selfie = { id: liveness.selfieId };
    expect(await domainError(submitStep(db, ctx, "selfie", { files: [selfie.id] }))).toMatchObject({
      message: "liveness_challenge_required",
      param: "challenge_id",
    });
    await submitStep(db, ctx, "selfie", { files: [selfie.id], challenge_id: liveness.challengeId });

    state = await getFlowState(db, ctx);
    expect(state.currentStep).toBe("review");
    expect(state.session.status).toBe("in_progress");
    const values = Object.fromEntries(state.steps.map((s) => [s.name, s.values]));
    expect(values.phone).toMatchObject({ phone: "+919876543210" });
    expect(values.email).toMatchObject({ email: "Asha@example.com" });
    expect(values.aadhaar).toEqual({ method: "offline_ekyc" }); // never the ZIP or the share code
    expect(values.documents).toMatchObject({ document_type: "passport", fields: { passport_number: "J8369854" } });

    // editing from the review: a step already submitted can be submitted again
    await submitStep(db, ctx, "pan", { pan: "ABCPE1234F", name: "Ravi Kumar", dob: "1990-01-02" });
    expect((await getFlowState(db, ctx)).currentStep).toBe("review");

    await submitStep(db, ctx, "review", { confirmed: true });
    const row = await db.session.findUniqueOrThrow({ where: { id: ctx.id }, select: { status: true, steps: { select: { name: true, data: true } } } });
    expect(row.status).toBe("processing");
    const stored = Object.fromEntries(row.steps.map((s) => [s.name, s.data as Record<string, unknown>]));
    expect(stored.phone).toEqual({ phone: "+919876543210", challenge_id: expect.stringMatching(/^otp_/) });
    expect(stored.email).toEqual({ email: "Asha@example.com", challenge_id: expect.stringMatching(/^otp_/) });
    // the Offline e-KYC was verified at submission: neither the share code nor the ZIP is kept anywhere
    expect(stored.aadhaar).toEqual({ method: "offline_ekyc", check_id: expect.stringMatching(/^chk_/) });
    const checks = await db.check.findMany({ where: { sessionId: ctx.id }, select: { id: true, checkKey: true, status: true, input: true, inputHash: true } });
    expect(checks).toEqual([{ id: stored.aadhaar!.check_id, checkKey: "in.aadhaar.offline_ekyc", status: "passed", input: {}, inputHash: null }]);
    const kept = JSON.stringify([row.steps, checks, await db.evidenceFile.findMany({ where: { sessionId: ctx.id } })]);
    expect(kept).not.toContain(SHARE_CODE);
    expect(kept).not.toContain(zip.slice(0, 64));
    // and that check is the step's check in the session pipeline: none is planned again
    const plan = await planSessionChecks(db, ctx.id);
    expect(plan.checkIds).toContain(stored.aadhaar!.check_id);
    expect(await db.check.count({ where: { sessionId: ctx.id, checkKey: "in.aadhaar.offline_ekyc" } })).toBe(1);
    expect(stored.selfie).toEqual({ files: [selfie.id], challenge_id: liveness.challengeId });
    // the selfie's liveness is the challenge's verdict, never a passive score alone
    expect(await db.check.findFirst({ where: { sessionId: ctx.id, checkKey: "in.liveness.check" }, select: { input: true } })).toMatchObject({
      input: { selfie_file_id: selfie.id, challenge_id: liveness.challengeId },
    });
    expect((await domainError(submitStep(db, ctx, "pan", { pan: "ABCPE1234F", name: "Ravi Kumar", dob: "1990-01-01" }))).code).toBe("session_not_editable");
  });

  it("locks a step after five wrong codes, even for the right one", async () => {
    const ctx = await newSession();
    await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    await sendStepOtp(db, ctx, "phone", { destination: "9876543210" });
    for (const left of [4, 3, 2, 1]) expect((await domainError(verifyStepOtp(db, ctx, "phone", { code: "111111" }))).details).toEqual({ attempts_left: left });
    const locked = await domainError(verifyStepOtp(db, ctx, "phone", { code: "111111" }));
    expect(locked.code).toBe("otp_locked");
    expect((await domainError(verifyStepOtp(db, ctx, "phone", { code: "123456" }))).code).toBe("otp_locked");
    const state = await getFlowState(db, ctx);
    expect(state.steps.find((s) => s.name === "phone")?.otp?.locked_for_seconds).toBeGreaterThan(800);
  });

  it("refuses an upload of a kind the step does not take, and files of another step", async () => {
    const ctx = await newSession();
    expect((await domainError(uploadStepFile(db, ctx, { step: "documents", kind: "selfie", bytes: png }))).param).toBe("kind");
    expect((await domainError(uploadStepFile(db, ctx, { step: "pan", kind: "selfie", bytes: png }))).code).toBe("step_not_available");
    const other = await newSession();
    const foreign = await uploadStepFile(db, other, { step: "selfie", kind: "selfie", bytes: png });
    expect((await domainError(submitStep(db, ctx, "selfie", { files: [foreign.id] }))).param).toBe("files");
  });

  it("keeps the applicant's language choice on the session", async () => {
    const ctx = await newSession();
    expect((await getFlowState(db, ctx)).session.locale).toBe("en");
    await setFlowLocale(db, ctx, "hi");
    expect((await getFlowState(db, ctx)).session.locale).toBe("hi");
    expect((await domainError(setFlowLocale(db, ctx, "fr"))).code).toBe("locale_not_supported");
  });
});

describe("a link that no longer works says why", () => {
  const reason = async (ctx: FlowContext) => {
    const err = await domainError(getFlowState(db, ctx));
    expect(err.code).toBe("client_token_invalid");
    return (err.details as { reason: string; organization_name: string | null }).reason;
  };

  it("idle for 30 minutes, replaced by a newer link, cancelled, unknown", async () => {
    const idle = await newSession();
    await db.clientToken.updateMany({ where: { sessionId: idle.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await reason(idle)).toBe("token_expired");
    const fresh = await reissueClientToken(db, tenant, idle.id, FLOW_TEST_ACTOR);
    expect((await getFlowState(db, { ...idle, token: fresh.client_token })).currentStep).toBe("consent"); // resumes
    expect(await reason(idle)).toBe("token_replaced");

    const cancelled = await newSession();
    await cancelSession(db, tenant, cancelled.id, FLOW_TEST_ACTOR);
    expect(await reason(cancelled)).toBe("session_cancelled");
    await db.session.update({ where: { id: cancelled.id }, data: { locale: "hi" } });
    const err = await domainError(getFlowState(db, cancelled));
    // the screen that explains it speaks the session's language
    expect(err.details).toEqual({ reason: "session_cancelled", organization_name: "Demo Fintech", locale: "hi" });

    expect(await reason({ ...cancelled, token: "st_unknowntoken0000000000000000000" })).toBe("invalid");
    expect((await domainError(getFlowState(db, { ...cancelled, token: "st_unknowntoken0000000000000000000" }))).details).toMatchObject({ locale: null });
  });

  it("a session past its expiry becomes expired and takes no more input", async () => {
    const ctx = await newSession();
    await db.session.update({ where: { id: ctx.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await getFlowState(db, ctx)).session.status).toBe("expired");
    expect((await domainError(submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION }))).code).toBe("session_not_editable");
  });
});
