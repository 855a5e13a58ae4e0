import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { cancelSession } from "./session-actions";
import { createSession } from "./create-session";
import { eraseSessionsPastRetention } from "./retention";
import { demoDb } from "~/tests/fixtures/demo-db";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let workflowId: string;
const actor = { type: "api_key" as const, id: "key_test" };
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  const { seed, ...rest } = await demoDb();
  db = rest.db;
  tenant = { projectId: seed.projectId, mode: "test" };
  workflowId = seed.workflows.kyc;
  await db.project.update({ where: { id: seed.projectId }, data: { retentionDays: 30 } });
});

/** A cancelled (completed) session with personal data, completed `daysAgo` days before now. */
async function completedSession(daysAgo: number) {
  const s = await createSession(db, tenant, { workflow_id: workflowId, prefill: { full_name: "Retained Person" } }, actor);
  await cancelSession(db, tenant, s.id, actor);
  await db.session.update({ where: { id: s.id }, data: { completedAt: new Date(Date.now() - daysAgo * DAY) } });
  return s.id;
}

const row = (id: string) => db.session.findUniqueOrThrow({ where: { id }, select: { prefill: true, piiErasedAt: true, status: true } });

describe("the retention period of a project", () => {
  it("erases the personal data of sessions completed longer ago than the project's retention days, and only those", async () => {
    const old = await completedSession(31);
    const recent = await completedSession(29);
    const open = await createSession(db, tenant, { workflow_id: workflowId, prefill: { full_name: "Still Open" } }, actor);
    await db.session.update({ where: { id: open.id }, data: { createdAt: new Date(Date.now() - 400 * DAY) } });

    expect(await eraseSessionsPastRetention(db)).toEqual({ erased: 1 });

    expect(await row(old)).toMatchObject({ prefill: null, piiErasedAt: expect.any(Date), status: "cancelled" });
    expect((await row(recent)).prefill).toEqual({ full_name: "Retained Person" });
    expect((await row(open.id)).prefill).toEqual({ full_name: "Still Open" });
    const audit = await db.auditLog.findFirstOrThrow({ where: { objectId: old, action: "session.pii_erased" } });
    expect(audit).toMatchObject({ actorType: "system", actorId: "retention_policy" });
    const erasedEvents = () => db.event.count({ where: { type: "session.pii_erased", payload: { path: ["data", "session", "id"], equals: old } } });
    expect(await erasedEvents()).toBe(1);

    // nothing left to do: a second run erases nothing and emits nothing more
    expect(await eraseSessionsPastRetention(db)).toEqual({ erased: 0 });
    expect(await erasedEvents()).toBe(1);
  });

  it("follows a change of the setting: a shorter period makes more sessions due", async () => {
    const tenDays = await completedSession(10);
    expect(await eraseSessionsPastRetention(db)).toEqual({ erased: 0 });
    await db.project.update({ where: { id: tenant.projectId }, data: { retentionDays: 7 } });
    expect(await eraseSessionsPastRetention(db)).toMatchObject({ erased: expect.any(Number) });
    expect((await row(tenDays)).piiErasedAt).not.toBeNull();
  });

  it("works in batches, oldest first", async () => {
    await db.project.update({ where: { id: tenant.projectId }, data: { retentionDays: 30 } });
    const oldest = await completedSession(90);
    const older = await completedSession(60);
    expect(await eraseSessionsPastRetention(db, new Date(), 1)).toEqual({ erased: 1 });
    expect((await row(oldest)).piiErasedAt).not.toBeNull();
    expect((await row(older)).piiErasedAt).toBeNull();
    expect(await eraseSessionsPastRetention(db, new Date(), 1)).toEqual({ erased: 1 });
    expect((await row(older)).piiErasedAt).not.toBeNull();
  });
});
