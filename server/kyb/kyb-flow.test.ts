/**
 * A KYB session end to end through the domain and the app's real Inngest functions on the
 * embedded executor (contract test): the business's steps through the hosted flow's use cases,
 * its key people's child sessions (created with the step, matched by email on a resubmission),
 * the waiting state, each child's own KYC, and the business moving on to processing and its
 * decision once they are settled.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  for (const key of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV", "SMTP_URL", "EMAIL_FROM"]) delete process.env[key];
});

import { type Db } from "../db";
import { demoDb } from "../../tests/fixtures/demo-db";
import { createExecutor, type Executor } from "../../inngest/executor/executor";
import { startRelay, stopRelay } from "../../inngest/relay";
import { inngestHandler } from "../../inngest/serve";
import type { FlowContext } from "../flow/flow-session";
import { getFlowState, startFlow } from "../flow/flow-state";
import { submitStep } from "../flow/submit-step";
import { createSession } from "../sessions/create-session";
import { getSession } from "../sessions/session.dto";
import { INDIA_WORKFLOWS } from "../workflows/india-workflows";
import { createWorkflow, publishWorkflow } from "../workflows/publish-workflow";
import { getBusinessTree } from "./business-tree";
import { issueKeyPersonLink, waitsForKeyPeople } from "./key-people";
import { openKeyPersonInvite } from "./key-person-invite";
import { CONSENT_NOTICE_VERSION } from "../steps/consent/consent.schemas";
import { waitFor } from "~/tests/fixtures/wait-for";

let db: Db;
let executor: Executor;
let tenant: { projectId: string; mode: "test" };
let workflowId: string;

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  tenant = { projectId: demo.seed.projectId, mode: "test" };
  // the India KYB workflow without the uploads (the upload pipeline has its own tests)
  const kyb = INDIA_WORKFLOWS.find((w) => w.name === "India KYB")!.definition;
  const definition = { ...kyb, steps: kyb.steps.filter((s) => s.type !== "business_documents") };
  ({ id: workflowId } = await createWorkflow(db, { projectId: tenant.projectId, name: "KYB contract", type: "kyb", country: "IN", definition }));
  await publishWorkflow(db, { projectId: tenant.projectId, workflowId, publishedBy: "test" });
  executor = createExecutor({ db, handler: inngestHandler, options: { pollIntervalMs: 20, backoffBaseMs: 50, backoffMaxMs: 200 } });
  await executor.start();
  startRelay({ pollIntervalMs: 50 });
});

afterAll(async () => {
  await stopRelay();
  await executor?.stop();
});

const statusOf = async (id: string) => (await db.session.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
const address = { line1: "12 MG Road", city: "Mumbai", state: "Maharashtra", pincode: "400001" };
const person = (name: string, email: string) => ({ name, role: "director", email, phone: "9876543210" });

/** A KYB session through business PAN, details and `people`; returns its flow context. */
async function businessUpToKeyPeople(people: ReturnType<typeof person>[]): Promise<FlowContext> {
  const created = await createSession(db, tenant, { workflow_id: workflowId }, { type: "api_key", id: "key_test" });
  const ctx = { sessionId: created.id, token: created.client_token };
  await startFlow(db, ctx);
  await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
  await submitStep(db, ctx, "business_pan", { pan: "ABCCE1234F", name: "Sandbox Private Limited", dob: "2015-01-01" });
  await submitStep(db, ctx, "business_details", {
    legal_name: "Sandbox Private Limited",
    constitution: "private_limited",
    gstin: "27ABCCE1234F1Z2",
    cin: "U72900KA2015PTC012345",
    address,
  });
  await submitStep(db, ctx, "key_people", { people });
  return ctx;
}

const children = (parentId: string) =>
  db.session.findMany({
    where: { parentSessionId: parentId },
    select: { id: true, role: true, status: true, prefill: true, type: true },
    orderBy: { createdAt: "asc" },
  });

/** A key person completes their own KYC (consent + PAN) with the invitation link the applicant gets. */
async function completeChild(parentId: string, childId: string, pan: string, name: string) {
  const { url } = await issueKeyPersonLink(db, parentId, childId, { type: "applicant", id: parentId });
  const redeemed = await openKeyPersonInvite(db, childId, new URLSearchParams(new URL(url).hash.slice(1)).get("k")!, null);
  if (redeemed.outcome !== "opened") throw new Error(`invite not opened: ${redeemed.outcome}`);
  const ctx = { sessionId: childId, token: redeemed.url.split("#t=")[1]! };
  await startFlow(db, ctx);
  await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
  await submitStep(db, ctx, "pan", { pan, name, dob: "1990-01-01" });
}

describe("a KYB session and its key people", () => {
  it("creates one child KYC per key person, waits for them, then decides the business once they are approved", async () => {
    const ctx = await businessUpToKeyPeople([person("Asha Verma", "asha@example.com"), person("Ravi Kumar", "ravi@example.com")]);
    const kids = await children(ctx.sessionId);
    expect(kids.map((k) => [k.type, k.role, k.status, k.prefill])).toEqual([
      ["kyc", "director", "created", { full_name: "Asha Verma", email: "asha@example.com", phone: "+919876543210" }],
      ["kyc", "director", "created", { full_name: "Ravi Kumar", email: "ravi@example.com", phone: "+919876543210" }],
    ]);
    // the MCA21 answer ran at business_details: its directors prefill key_people, the profile has the registry's name
    const state = await getFlowState(db, ctx);
    expect(state.kyb?.directors.map((d) => d.name)).toEqual(["ASHA VERMA", "RAVI KUMAR"]);

    await submitStep(db, ctx, "bank_account", { account_number: "50100012345678", account_number_confirm: "50100012345678", ifsc: "HDFC0000001" });
    expect(await statusOf(ctx.sessionId)).toBe("in_progress");
    expect(await waitsForKeyPeople(db, ctx.sessionId)).toBe(true);
    const waiting = await getFlowState(db, ctx);
    expect([waiting.currentStep, waiting.kyb?.waiting, waiting.kyb?.keyPeople.map((p) => [p.name, p.status])]).toEqual([
      null,
      true,
      [
        ["Asha Verma", "created"],
        ["Ravi Kumar", "created"],
      ],
    ]);

    await completeChild(ctx.sessionId, kids[0]!.id, "AAAPV1234K", "Asha Verma");
    await waitFor(async () => (await statusOf(kids[0]!.id)) === "approved", "the first director approved");
    await executor.settled();
    expect(await statusOf(ctx.sessionId)).toBe("in_progress"); // still waiting for the second

    await completeChild(ctx.sessionId, kids[1]!.id, "ABCPE1234F", "Ravi Kumar");
    await waitFor(async () => (await statusOf(ctx.sessionId)) === "approved", "the business approved");
    await executor.settled();

    const history = await db.sessionHistory.findMany({
      where: { sessionId: ctx.sessionId },
      select: { toStatus: true, reason: true },
      orderBy: { createdAt: "asc" },
    });
    expect(history.map((h) => h.toStatus)).toEqual(["created", "started", "in_progress", "processing", "approved"]);
    expect(history[3]!.reason).toBe("key_people_settled");
    // each child change is an event on the business; processing started exactly once
    const events = await db.event.findMany({
      where: { projectId: tenant.projectId, type: { in: ["session.child_updated", "session.processing"] } },
      select: { type: true, payload: true },
    });
    const mine = events.filter((e) => (e.payload as { data: { session: { id: string } } }).data.session.id === ctx.sessionId);
    expect(mine.filter((e) => e.type === "session.processing")).toHaveLength(1);
    expect(
      mine
        .filter((e) => e.type === "session.child_updated")
        .map((e) => (e.payload as { data: { related_session: { status: string } } }).data.related_session.status),
    ).toContain("approved");

    const api = await getSession(db, tenant, ctx.sessionId, ["business"]);
    expect(api.related_sessions).toEqual(kids.map((k) => ({ id: k.id, role: "director", status: "approved" })));
    expect(api.business).toMatchObject({
      legal_name: { value: "SANDBOX PRIVATE LIMITED", source: "in.cin.verify" },
      gstin: { value: "27ABCCE1234F1Z2", source: "in.gstin.verify", verified: true },
      bank_account: { value: { account_number_last4: "5678", ifsc: "HDFC0000001" }, source: "in.bank_account.verify", verified: true },
      key_people: { source: "applicant" },
    });
    expect((await getSession(db, tenant, kids[0]!.id)).related_sessions).toEqual([{ id: ctx.sessionId, role: "parent", status: "approved" }]);

    // the reviewer's tree, opened from a director's case, and invisible to the live mode
    const tree = await getBusinessTree(db, tenant, kids[1]!.id);
    expect(tree).toMatchObject({
      business: { id: ctx.sessionId, status: "approved", legal_name: "SANDBOX PRIVATE LIMITED", registry_status: "Active" },
      removed: [],
    });
    expect(tree?.people.map((p) => [p.name, p.role, p.session?.status, p.session?.decision])).toEqual([
      ["Asha Verma", "director", "approved", "approved"],
      ["Ravi Kumar", "director", "approved", "approved"],
    ]);
    await expect(getBusinessTree(db, { ...tenant, mode: "live" }, ctx.sessionId)).rejects.toMatchObject({ code: "resource_missing" });
  });

  it("sends the business to review when a director is declined", async () => {
    const ctx = await businessUpToKeyPeople([person("Asha Verma", "asha@example.com")]);
    await submitStep(db, ctx, "bank_account", { account_number: "50100012345678", account_number_confirm: "50100012345678", ifsc: "HDFC0000001" });
    const [kid] = await children(ctx.sessionId);
    await completeChild(ctx.sessionId, kid!.id, "AAAPV6666K", "Asha Verma"); // sandbox: an inactive PAN declines
    await waitFor(async () => (await statusOf(ctx.sessionId)) === "review", "the business in review");
    await executor.settled();
    expect(await statusOf(kid!.id)).toBe("declined");
    expect((await db.session.findUniqueOrThrow({ where: { id: ctx.sessionId }, select: { reviewReasons: true } })).reviewReasons).toEqual([
      "key_person_declined",
    ]);
  });

  it("keeps, adds and cancels children on a resubmission, matched by email address, all in one transaction", async () => {
    const ctx = await businessUpToKeyPeople([person("Asha Verma", "asha@example.com"), person("Ravi Kumar", "ravi@example.com")]);
    const [asha, ravi] = await children(ctx.sessionId);
    await submitStep(db, ctx, "key_people", {
      people: [{ ...person("Asha Verma", "ASHA@example.com"), role: "ubo" }, person("Meera Iyer", "meera@example.com")],
    });
    const after = await children(ctx.sessionId);
    expect(after.map((k) => [k.id === asha!.id ? "asha" : k.id === ravi!.id ? "ravi" : "new", k.role, k.status])).toEqual([
      ["asha", "ubo", "created"],
      ["ravi", "director", "cancelled"],
      ["new", "director", "created"],
    ]);
    // the same list again creates nothing
    await submitStep(db, ctx, "key_people", {
      people: [{ ...person("Asha Verma", "asha@example.com"), role: "ubo" }, person("Meera Iyer", "meera@example.com")],
    });
    expect(await children(ctx.sessionId)).toHaveLength(3);

    // a KYC workflow that does not exist: the submission fails after Asha's child was updated, and the transaction undoes it
    const bad = await businessUpToKeyPeople([person("Asha Verma", "asha@example.com")]);
    await db.workflow.updateMany({ where: { projectId: tenant.projectId, name: "India KYC" }, data: { name: "India KYC (renamed)" } });
    try {
      await expect(
        submitStep(db, bad, "key_people", { people: [{ ...person("Asha Verma", "asha@example.com"), role: "ubo" }, person("Kiran Rao", "kiran@example.com")] }),
      ).rejects.toMatchObject({
        code: "workflow_not_published",
      });
    } finally {
      await db.workflow.updateMany({ where: { projectId: tenant.projectId, name: "India KYC (renamed)" }, data: { name: "India KYC" } });
    }
    expect((await children(bad.sessionId)).map((k) => [k.role, k.prefill])).toEqual([
      ["director", { full_name: "Asha Verma", email: "asha@example.com", phone: "+919876543210" }],
    ]);
  });
});
