/** DELETE /v1/checks/{id}/pii and the retention of direct checks, on a real (PGlite) database. */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { createSession } from "../sessions/create-session";
import { runDirectCheck } from "./direct-check";
import { eraseCheckPii, eraseDirectChecksPastRetention } from "./erase-check-pii";
import { attemptCheck, prepareCheck } from "./run-check";
import { demoDb } from "~/tests/fixtures/demo-db";
import { domainError } from "~/tests/fixtures/domain-error";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let kycWorkflow: string;
const actor = { type: "api_key" as const, id: "key_test" };
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  const { seed, ...rest } = await demoDb();
  db = rest.db;
  tenant = { projectId: seed.projectId, mode: "test" };
  kycWorkflow = seed.workflows.kyc;
  await db.project.update({ where: { id: seed.projectId }, data: { retentionDays: 30 } });
});

const direct = async (name = "Ravi Kumar") =>
  (await runDirectCheck(db, tenant, "in.pan.verify", { pan: "ABCPE1234F", name, dob: "1990-01-01" }, { async: false })).check;
const stored = (id: string) =>
  db.check.findUniqueOrThrow({
    where: { id },
    select: { status: true, checkKey: true, input: true, result: true, inputHash: true, piiErasedAt: true, createdAt: true, finishedAt: true },
  });
const erasedEvents = (id: string) => db.event.count({ where: { type: "check.pii_erased", payload: { path: ["data", "check", "id"], equals: id } } });

describe("eraseCheckPii", () => {
  it("erases the input and result, keeps the skeleton, audits and emits once, also under concurrent calls", async () => {
    const check = await direct();
    const before = await stored(check.id);
    expect(before.input).toMatchObject({ pan: "ABCPE1234F", name: "RAVI KUMAR" });

    const answers = await Promise.all(Array.from({ length: 5 }, () => eraseCheckPii(db, tenant, check.id, actor)));
    for (const a of answers) expect(a).toEqual({ id: check.id, object: "check", erased: true, files_deleted: 0 });
    expect(await stored(check.id)).toEqual({ ...before, input: null, result: null, inputHash: null, piiErasedAt: expect.any(Date) });
    expect(await erasedEvents(check.id)).toBe(1);
    expect(await db.auditLog.count({ where: { objectId: check.id, action: "check.pii_erased" } })).toBe(1);

    expect(await eraseCheckPii(db, tenant, check.id, actor)).toEqual(answers[0]);
    expect(await erasedEvents(check.id)).toBe(1);
  });

  it("is not found for another tenant or an unknown id, and leaves the check alone", async () => {
    const check = await direct();
    expect((await domainError(eraseCheckPii(db, { ...tenant, mode: "live" } as never, check.id, actor))).code).toBe("resource_missing");
    expect((await domainError(eraseCheckPii(db, tenant, "chk_doesnotexist0000000000", actor))).code).toBe("resource_missing");
    expect((await stored(check.id)).input).not.toBeNull();
  });

  it("refuses a session's check: it is erased with its session", async () => {
    const s = await createSession(db, tenant, { workflow_id: kycWorkflow }, actor);
    const check = await prepareCheck(db, { ...tenant, key: "in.pan.verify", input: { pan: "ABCPE1234F", name: "X" }, sessionId: s.id, step: "pan" });
    expect((await domainError(eraseCheckPii(db, tenant, check.id, actor))).code).toBe("check_in_session");
    expect((await stored(check.id)).input).not.toBeNull();
  });

  it("ends a pending check in error, and its answer is never written back", async () => {
    const check = await prepareCheck(db, { ...tenant, key: "in.pan.verify", input: { pan: "ABCPE1234F", name: "Pending Person" } });
    expect(check.status).toBe("pending");
    await eraseCheckPii(db, tenant, check.id, actor);
    expect(await attemptCheck(db, check.id)).toMatchObject({ status: "error", errorCode: "pii_erased", result: null });
    expect(await stored(check.id)).toMatchObject({ input: null, result: null });
  });
});

describe("eraseDirectChecksPastRetention", () => {
  it("erases direct checks finished longer than the project's retention days ago, never a session's, once", async () => {
    const old = await direct("Old Check");
    const recent = await direct("Recent Check");
    const s = await createSession(db, tenant, { workflow_id: kycWorkflow }, actor);
    const ofSession = await prepareCheck(db, {
      ...tenant,
      key: "in.pan.verify",
      input: { pan: "ABCPE1234F", name: "In Session" },
      sessionId: s.id,
      step: "pan",
    });
    const longAgo = new Date(Date.now() - 31 * DAY);
    await db.check.updateMany({ where: { id: { in: [old.id, ofSession.id] } }, data: { finishedAt: longAgo, status: "passed" } });
    await db.check.update({ where: { id: recent.id }, data: { finishedAt: new Date(Date.now() - 29 * DAY) } });

    expect(await eraseDirectChecksPastRetention(db)).toEqual({ erased: 1 });
    expect(await stored(old.id)).toMatchObject({ input: null, result: null, piiErasedAt: expect.any(Date) });
    expect((await stored(recent.id)).input).not.toBeNull();
    expect((await stored(ofSession.id)).input).not.toBeNull();
    expect(await db.auditLog.findFirstOrThrow({ where: { objectId: old.id, action: "check.pii_erased" } })).toMatchObject({
      actorType: "system",
      actorId: "retention_policy",
    });

    expect(await eraseDirectChecksPastRetention(db)).toEqual({ erased: 0 });
    expect(await erasedEvents(old.id)).toBe(1);
  });
});
