/**
 * The CKYC upload end to end through the app's real Inngest function (upload-ckyc-record) on the
 * embedded executor, fed by the outbox relay: an approved CKYC-route session's queued upload is
 * submitted in the background (test mode: the sandbox registry) and ends with its CKYC number and
 * the event `ckyc.upload_succeeded`.
 */
import { afterAll, beforeAll, expect, it, vi } from "vitest";

vi.hoisted(() => {
  for (const key of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV"]) delete process.env[key];
});

import { queueCkycUpload } from "../../server/ckyc/queue-ckyc-upload";
import type { Db } from "../../server/db";
import { submitStep } from "../../server/flow/submit-step";
import { flowDb } from "../../tests/fixtures/flow-db";
import { createExecutor, type Executor } from "../executor/executor";
import { startRelay, stopRelay } from "../relay";
import { inngestHandler } from "../serve";
import { functions } from "./index";
import { uploadCkycRecord } from "./upload-ckyc-record";
import { CONSENT_NOTICE_VERSION } from "../../server/steps/consent/consent.schemas";
import { completeCkycWithOtp } from "~/tests/fixtures/ckyc-otp";

let db: Db;
let fx: Awaited<ReturnType<typeof flowDb>>;
let executor: Executor;

beforeAll(async () => {
  fx = await flowDb("India KYC (CKYC first)");
  db = fx.db;
  executor = createExecutor({ db, handler: inngestHandler, options: { pollIntervalMs: 20, concurrency: 4 } });
  await executor.start();
  startRelay({ pollIntervalMs: 50 });
});

afterAll(async () => {
  await stopRelay();
  await executor.stop();
});

it("is served", () => {
  expect(functions).toContain(uploadCkycRecord);
});

it("uploads an approved session's record in the background", async () => {
  const ctx = await fx.newSession();
  await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
  await completeCkycWithOtp(db, ctx);
  await db.$transaction((tx) => queueCkycUpload(tx, { id: ctx.id, projectId: fx.tenant.projectId, mode: "test" }, new Date()));
  const { outboxCommitted } = await import("../../server/events/outbox");
  outboxCommitted();
  await expect
    .poll(async () => await db.ckycUpload.findUniqueOrThrow({ where: { sessionId: ctx.id }, select: { status: true, ckycNumber: true } }), {
      timeout: 20_000,
      interval: 100,
    })
    .toEqual({ status: "succeeded", ckycNumber: "30000000001234" });
  expect(await db.event.count({ where: { projectId: fx.tenant.projectId, type: "ckyc.upload_succeeded" } })).toBe(1);
});
