/**
 * The CKYC upload queue: an approved CKYC-route session queues its upload with a 7-day deadline;
 * the upload builds the record from the verified data, is submitted (test mode: the sandbox
 * registry accepts it at once), tracks a submission under process, and ends in
 * `ckyc.upload_succeeded` or `ckyc.upload_failed`.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "../db";
import { submitStep } from "../flow/submit-step";
import { ProviderUnavailableError } from "../providers/provider";
import { sandboxProvider } from "../providers/sandbox";
import { flowDb } from "~/tests/fixtures/flow-db";
import { buildCkycRecord, failCkycUpload, listCkycUploads, pollCkycUpload, retryCkycUpload, submitCkycUpload } from "./ckyc-upload";
import { queueCkycUpload } from "./queue-ckyc-upload";
import { SYSTEM_ACTOR } from "../audit/write-audit";
import { transitionSession } from "../sessions/session-state";
import { CONSENT_NOTICE_VERSION } from "../steps/consent/consent.schemas";
import { completeCkycWithOtp } from "~/tests/fixtures/ckyc-otp";

let db: Db;
let fx: Awaited<ReturnType<typeof flowDb>>;

beforeAll(async () => {
  fx = await flowDb("India KYC (CKYC first)");
  db = fx.db;
});
afterEach(() => vi.restoreAllMocks());

/** A session whose CKYC record was downloaded, and its queued upload (as the approval queues it). */
async function queuedUpload(): Promise<{ sessionId: string; uploadId: string }> {
  const ctx = await fx.newSession();
  await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
  await completeCkycWithOtp(db, ctx);
  const approvedAt = new Date();
  await db.$transaction((tx) => queueCkycUpload(tx, { id: ctx.id, projectId: fx.tenant.projectId, mode: "test" }, approvedAt));
  const upload = await db.ckycUpload.findUniqueOrThrow({ where: { sessionId: ctx.id }, select: { id: true, deadlineAt: true, status: true } });
  expect(upload.status).toBe("queued");
  expect(upload.deadlineAt.getTime() - approvedAt.getTime()).toBe(7 * 24 * 3600 * 1000);
  return { sessionId: ctx.id, uploadId: upload.id };
}

const eventsOf = async (sessionId: string) =>
  (await db.event.findMany({ where: { projectId: fx.tenant.projectId, type: { startsWith: "ckyc." } }, select: { type: true, payload: true } })).filter(
    (e) => (e.payload as { data: { ckyc_upload: { session_id: string } } }).data.ckyc_upload.session_id === sessionId,
  );

describe("CKYC upload", () => {
  it("queues once per approved CKYC-route session, and never for a workflow without a ckyc step", async () => {
    const { sessionId } = await queuedUpload();
    await db.$transaction((tx) => queueCkycUpload(tx, { id: sessionId, projectId: fx.tenant.projectId, mode: "test" }, new Date()));
    expect(await db.ckycUpload.count({ where: { sessionId } })).toBe(1);
    const other = await flowDb("India KYC");
    const plain = await other.newSession();
    await other.db.$transaction((tx) => queueCkycUpload(tx, { id: plain.id, projectId: other.tenant.projectId, mode: "test" }, new Date()));
    expect(await other.db.ckycUpload.count({ where: { sessionId: plain.id } })).toBe(0);
  });

  it("is queued by the approval itself, in its transaction", async () => {
    const ctx = await fx.newSession();
    await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    await completeCkycWithOtp(db, ctx);
    await db.$transaction(async (tx) => {
      await transitionSession(tx, ctx.id, "in_progress", "processing", { actor: SYSTEM_ACTOR });
      await transitionSession(tx, ctx.id, "processing", "approved", {
        actor: SYSTEM_ACTOR,
        decision: "approved",
        decisionSource: "auto",
        reasonCode: "all_required_checks_passed",
      });
    });
    expect(await db.ckycUpload.findUniqueOrThrow({ where: { sessionId: ctx.id }, select: { status: true } })).toEqual({ status: "queued" });
    expect(await db.outboxMessage.count({ where: { name: "app/ckyc.upload_requested" } })).toBeGreaterThanOrEqual(1);
  });

  it("builds the record from the downloaded CKYC data (an update of it) with the photo", async () => {
    const { sessionId } = await queuedUpload();
    const record = await buildCkycRecord(db, fx.tenant, sessionId, new Date("2026-11-24T10:00:00Z"));
    expect(record).toMatchObject({
      session_id: sessionId,
      ckyc_number: "30000000001234",
      name: "RAVI KUMAR",
      gender: "M",
      dob: "1990-01-01",
      pan: "ABCPE1234F",
      address: { line1: "12 MG ROAD", city: "BENGALURU", pincode: "560001", country: "IN" },
      identities: [{ type: "pan", number: "ABCPE1234F" }],
      kyc_date: "2026-11-24",
    });
    expect(record.photo_base64).toMatch(/^\/9j\//); // a JPEG
  });

  it("submits to the registry and records the CKYC number, with ckyc.upload_succeeded (masked number, no personal data)", async () => {
    const { sessionId, uploadId } = await queuedUpload();
    expect(await submitCkycUpload(db, uploadId)).toEqual({ status: "succeeded" });
    expect(
      await db.ckycUpload.findUniqueOrThrow({ where: { id: uploadId }, select: { status: true, ckycNumber: true, provider: true, attempts: true } }),
    ).toEqual({
      status: "succeeded",
      ckycNumber: "30000000001234",
      provider: "sandbox",
      attempts: 1,
    });
    const [event] = await eventsOf(sessionId);
    expect(event).toMatchObject({
      type: "ckyc.upload_succeeded",
      payload: { data: { ckyc_upload: { id: uploadId, status: "succeeded", ckyc_number_masked: "XXXXXXXXXX1234", error_code: null } } },
    });
    expect(JSON.stringify(event!.payload)).not.toContain("RAVI");
    // a final upload is left alone
    expect(await submitCkycUpload(db, uploadId)).toEqual({ status: "succeeded" });
  });

  it("tracks a submission under process until the registry gives the number", async () => {
    const { uploadId } = await queuedUpload();
    vi.spyOn(sandboxProvider, "verify")
      .mockResolvedValueOnce({
        status: "needs_review",
        errorCode: "ckyc_upload_under_process",
        score: null,
        verifiedBy: "source",
        result: { upload_status: "under_process", reference: "UPL7" },
      })
      .mockResolvedValueOnce({
        status: "passed",
        errorCode: null,
        score: null,
        verifiedBy: "source",
        result: { upload_status: "accepted", ckyc_number: "30000099990001", reference: "UPL7" },
      });
    expect(await submitCkycUpload(db, uploadId)).toEqual({ status: "submitted" });
    expect(await db.ckycUpload.findUniqueOrThrow({ where: { id: uploadId }, select: { reference: true } })).toEqual({ reference: "UPL7" });
    expect(await pollCkycUpload(db, uploadId)).toEqual({ status: "succeeded" });
    expect(vi.mocked(sandboxProvider.verify).mock.calls[1]![1]).toEqual({ reference: "UPL7" });
  });

  it("throws an outage for the job to retry, fails when retries are spent, lists it first in the queue and can queue it again", async () => {
    const { sessionId, uploadId } = await queuedUpload();
    vi.spyOn(sandboxProvider, "verify").mockRejectedValue(new ProviderUnavailableError("provider_timeout", "CKYCR did not answer"));
    await expect(submitCkycUpload(db, uploadId)).rejects.toMatchObject({ errorCode: "provider_timeout" });
    expect(await db.ckycUpload.findUniqueOrThrow({ where: { id: uploadId }, select: { status: true, errorCode: true } })).toEqual({
      status: "queued",
      errorCode: "provider_timeout",
    });
    await failCkycUpload(db, uploadId, "retries spent");
    expect(
      (await eventsOf(sessionId)).map((e) => [e.type, (e.payload as { data: { ckyc_upload: { error_code: string } } }).data.ckyc_upload.error_code]),
    ).toEqual([["ckyc.upload_failed", "provider_timeout"]]);
    const queue = await listCkycUploads(db, fx.tenant);
    expect(queue.data[0]).toMatchObject({ id: uploadId, session_id: sessionId, status: "failed", error_code: "provider_timeout", overdue: false });
    expect(queue.counts.failed).toBe(1);
    const later = await listCkycUploads(db, fx.tenant, {}, new Date(Date.now() + 8 * 24 * 3600 * 1000));
    expect(later.data.find((u) => u.id === uploadId)?.overdue).toBe(true);
    expect(later.counts.overdue).toBeGreaterThanOrEqual(1);

    vi.restoreAllMocks();
    await retryCkycUpload(db, fx.tenant, uploadId);
    expect(await submitCkycUpload(db, uploadId)).toEqual({ status: "succeeded" });
    await expect(retryCkycUpload(db, fx.tenant, uploadId)).rejects.toMatchObject({ code: "session_not_editable" });
    await expect(retryCkycUpload(db, { ...fx.tenant, mode: "live" }, uploadId)).rejects.toMatchObject({ code: "resource_missing" });
  });

  it("fails a rejected record with the registry's remarks", async () => {
    const { uploadId } = await queuedUpload();
    vi.spyOn(sandboxProvider, "verify").mockResolvedValue({
      status: "failed",
      errorCode: "ckyc_upload_rejected",
      score: null,
      verifiedBy: "source",
      result: { upload_status: "rejected", registry_message: "Photograph not clear" },
    });
    expect(await submitCkycUpload(db, uploadId)).toEqual({ status: "failed" });
    expect(await db.ckycUpload.findUniqueOrThrow({ where: { id: uploadId }, select: { status: true, errorCode: true, errorMessage: true } })).toEqual({
      status: "failed",
      errorCode: "ckyc_upload_rejected",
      errorMessage: "Photograph not clear",
    });
  });
});
