/**
 * DPDP erasure of a KYB business (DELETE /v1/sessions/{id}/pii, decisions.md "Personal data"):
 * the business's own copy of its key people's names, emails and phones goes with its other
 * personal data; their sessions are other people's and are not erased. An active business's
 * active key-people sessions are cancelled with it; decided ones are left as they are.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { demoDb } from "../../tests/fixtures/demo-db";
import type { Db } from "../db";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { createSession } from "../sessions/create-session";
import { eraseSessionPii } from "../sessions/session-actions";
import { getBusinessTree } from "./business-tree";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let workflows: { kyc: string; kyb: string };
const API = { type: "api_key" as const, id: "key_test" };
const asha = { name: "Asha Verma", role: "director", email: "asha@example.com", phone: "+919876543210", ownership_percent: 60 };

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  tenant = { projectId: demo.seed.projectId, mode: "test" };
  workflows = demo.seed.workflows;
});

/** A business (status `parentStatus`) whose key_people step lists Asha, with her child session (status `childStatus`). */
async function business(parentStatus: "in_progress" | "approved", childStatus: "created" | "approved") {
  const parent = await createSession(db, tenant, { workflow_id: workflows.kyb }, API);
  const child = await db.$transaction((tx) =>
    createSession(tx, tenant, { workflow_id: workflows.kyc, prefill: { full_name: asha.name, email: asha.email, phone: asha.phone } }, API, {
      parent: { sessionId: parent.id, role: "director" },
    }),
  );
  const data = { people: [{ ...asha, session_id: child.id }] } as unknown as InputJsonValue;
  await db.sessionStep.updateMany({ where: { sessionId: parent.id, type: "key_people" }, data: { status: "submitted", data } });
  await db.session.update({
    where: { id: parent.id },
    data: { status: parentStatus, business: { key_people: { value: [{ name: asha.name }], source: "applicant" } } },
  });
  await db.session.update({ where: { id: child.id }, data: { status: childStatus } });
  return { parentId: parent.id, childId: child.id };
}

const row = (id: string) =>
  db.session.findUniqueOrThrow({
    where: { id },
    select: { status: true, prefill: true, business: true, piiErasedAt: true, steps: { where: { type: "key_people" }, select: { data: true } } },
  });

describe("erasing a KYB business's personal data", () => {
  it("erases the business's copy of its key people's contact data, cancels their active sessions and keeps their data", async () => {
    const { parentId, childId } = await business("in_progress", "created");
    await expect(eraseSessionPii(db, tenant, parentId, API)).resolves.toMatchObject({ erased: true });

    const parent = await row(parentId);
    expect(parent).toMatchObject({ status: "cancelled", business: null, steps: [{ data: null }] });
    expect(parent.piiErasedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(parent)).not.toMatch(/asha|Asha|9876543210/);

    const child = await row(childId);
    expect(child).toMatchObject({ status: "cancelled", piiErasedAt: null, prefill: { full_name: "Asha Verma", email: "asha@example.com" } });
    const history = await db.sessionHistory.findFirstOrThrow({ where: { sessionId: childId, toStatus: "cancelled" }, select: { reason: true } });
    expect(history.reason).toBe("parent_cancelled");

    // the reviewer's tree still shows the business's people, by role and without a name
    const tree = await getBusinessTree(db, tenant, parentId);
    expect(tree?.people).toEqual([
      { name: null, role: "director", ownership_percent: null, session: { id: childId, status: "cancelled", decision: null, invite_revoked: false } },
    ]);
    expect(tree?.removed).toEqual([]);
  });

  it("leaves a decided key person's session as it is", async () => {
    const { parentId, childId } = await business("approved", "approved");
    await eraseSessionPii(db, tenant, parentId, API);
    expect(await row(parentId)).toMatchObject({ status: "approved", business: null, steps: [{ data: null }] });
    expect(await row(childId)).toMatchObject({ status: "approved", piiErasedAt: null, prefill: { full_name: "Asha Verma" } });
  });
});
