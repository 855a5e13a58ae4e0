import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { cancelSession } from "./session-actions";
import { createSession } from "./create-session";
import { eraseSessionsPastRetention } from "./retention";
import { demoDb } from "~/tests/fixtures/demo-db";
import { panStep, publishEngineWorkflow } from "~/tests/fixtures/engine-fixtures";

let db: Db;
let tenant: { projectId: string; mode: "test" };
/** The seeded "India KYC": its consent step states the default retention (5 years). */
let withConsent: string;
/** A workflow without a consent step: the project's retention days apply. */
let withoutConsent: string;
/** A consent step whose notice states 90 days. */
let ninetyDays: string;
const actor = { type: "api_key" as const, id: "key_test" };
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  const { seed, ...rest } = await demoDb();
  db = rest.db;
  tenant = { projectId: seed.projectId, mode: "test" };
  withConsent = seed.workflows.kyc;
  withoutConsent = await publishEngineWorkflow(db, seed.projectId, "Retention: PAN only", [panStep()]);
  ninetyDays = await publishEngineWorkflow(db, seed.projectId, "Retention: 90-day notice", [
    { name: "consent", type: "consent", required: true, settings: { retention_days: 90 } },
    panStep(),
  ]);
  await db.project.update({ where: { id: seed.projectId }, data: { retentionDays: 30 } });
});

/** A cancelled (completed) session with personal data on `workflowId`, completed `daysAgo` days before now. */
async function completedSession(workflowId: string, daysAgo: number) {
  const s = await createSession(db, tenant, { workflow_id: workflowId, prefill: { full_name: "Retained Person" } }, actor);
  await cancelSession(db, tenant, s.id, actor);
  await db.session.update({ where: { id: s.id }, data: { completedAt: new Date(Date.now() - daysAgo * DAY) } });
  return s.id;
}

const row = (id: string) => db.session.findUniqueOrThrow({ where: { id }, select: { prefill: true, piiErasedAt: true, status: true } });
const erased = async (id: string) => (await row(id)).piiErasedAt !== null;

describe("the retention period of a session", () => {
  it("is the project's retention days for a workflow without a consent step", async () => {
    const old = await completedSession(withoutConsent, 31);
    const recent = await completedSession(withoutConsent, 29);
    const open = await createSession(db, tenant, { workflow_id: withoutConsent, prefill: { full_name: "Still Open" } }, actor);

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

  it("is what the consent notice told the applicant when the workflow has one (default 5 years)", async () => {
    const year = await completedSession(withConsent, 366);
    const sixYears = await completedSession(withConsent, 6 * 365);
    const ninetyOne = await completedSession(ninetyDays, 91);
    const eightyNine = await completedSession(ninetyDays, 89);

    expect(await eraseSessionsPastRetention(db)).toEqual({ erased: 2 });

    expect(await erased(sixYears)).toBe(true);
    expect(await erased(ninetyOne)).toBe(true);
    // the project's 30 days do not shorten what the notice promised
    expect(await erased(year)).toBe(false);
    expect(await erased(eightyNine)).toBe(false);
  });

  it("works in batches, oldest first", async () => {
    const oldest = await completedSession(withoutConsent, 90);
    const older = await completedSession(withoutConsent, 60);
    expect(await eraseSessionsPastRetention(db, new Date(), 1)).toEqual({ erased: 1 });
    expect(await erased(oldest)).toBe(true);
    expect(await erased(older)).toBe(false);
    expect(await eraseSessionsPastRetention(db, new Date(), 1)).toEqual({ erased: 1 });
    expect(await erased(older)).toBe(true);
  });
});
