/** The dashboard's CKYC upload queue through tRPC: the listing's output schema, retrying a failed upload, and tenancy. */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { flowDb } from "~/tests/fixtures/flow-db";
import { failCkycUpload } from "../../ckyc/ckyc-upload";
import { queueCkycUpload } from "../../ckyc/queue-ckyc-upload";
import type { Db } from "../../db";
import { submitStep } from "../../flow/submit-step";
import { createCaller } from "../root";
import { CONSENT_NOTICE_VERSION } from "../../steps/consent/consent.schemas";
import { completeCkycWithOtp } from "~/tests/fixtures/ckyc-otp";

vi.mock("../../auth/auth", () => ({ auth: async () => null }));

let db: Db;
let fx: Awaited<ReturnType<typeof flowDb>>;
let ownerId: string;
let uploadId: string;
let sessionId: string;

beforeAll(async () => {
  fx = await flowDb("India KYC (CKYC first)");
  db = fx.db;
  ownerId = (await db.user.findUniqueOrThrow({ where: { email: fx.seed.adminEmail }, select: { id: true } })).id;
  const ctx = await fx.newSession();
  sessionId = ctx.id;
  await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
  await completeCkycWithOtp(db, ctx);
  await db.$transaction((tx) => queueCkycUpload(tx, { id: ctx.id, projectId: fx.tenant.projectId, mode: "test" }, new Date()));
  uploadId = (await db.ckycUpload.findUniqueOrThrow({ where: { sessionId: ctx.id }, select: { id: true } })).id;
  await failCkycUpload(db, uploadId, "CKYCR did not answer");
});

const owner = () => createCaller({ db, userId: ownerId, headers: new Headers() });

describe("ckyc router", () => {
  it("lists the queue with the state, deadline and error of each upload", async () => {
    const queue = await owner().ckyc.uploads({ projectId: fx.tenant.projectId, mode: "test" });
    expect(queue.counts).toMatchObject({ failed: 1 });
    expect(queue.data[0]).toMatchObject({
      id: uploadId,
      session_id: sessionId,
      status: "failed",
      error_code: "provider_unavailable",
      overdue: false,
      deadline_at: expect.any(String),
    });
    expect((await owner().ckyc.uploads({ projectId: fx.tenant.projectId, mode: "live" })).data).toEqual([]);
  });

  it("queues a failed upload again", async () => {
    await expect(owner().ckyc.retryUpload({ projectId: fx.tenant.projectId, mode: "test", uploadId })).resolves.toEqual({ queued: true });
    expect((await owner().ckyc.uploads({ projectId: fx.tenant.projectId, mode: "test", status: "queued" })).data.map((u) => u.id)).toEqual([uploadId]);
    await expect(owner().ckyc.retryUpload({ projectId: fx.tenant.projectId, mode: "live", uploadId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
