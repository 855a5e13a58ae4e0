/**
 * The dashboard's workflow builder (issue 7) through its tRPC procedures with a fake signed-in
 * user (STYLE.md 7) on PGlite: drafts are validated with field-level errors, publishing numbers
 * versions 1, 2, ... whatever previews were taken, a preview is a test-mode session on a
 * snapshot the /v1 reads never show, and only owners, admins and developers change workflows.
 */
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, getSql, type Db } from "../db";
import { applyMigrations } from "../db/migrate";
import { DomainError } from "../errors";
import { DEMO_ROLE_USERS, seedDemo } from "../seed/seed-demo";
import { createSession } from "../sessions/create-session";
import { createCaller } from "../trpc/root";
import { getPublishedWorkflow, listWorkflows } from "./workflow.queries";
import type { TWorkflowDefinition } from "./workflow.schemas";

vi.mock("../auth/auth", () => ({ auth: async () => null }));

let db: Db;
let projectId: string;
let owner: string;
let reviewer: string;
let developer: string;

const as = (userId: string) => createCaller({ db, userId, headers: new Headers({ "x-forwarded-for": "203.0.113.7" }) });
const tenant = () => ({ projectId, mode: "live" as const });

async function failure(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof TRPCError) return err;
    throw err;
  }
  throw new Error("expected the call to fail");
}

/** The DomainError a failed procedure carries (as the dashboard's errorFormatter exposes it). */
async function domainFailure(call: Promise<unknown>): Promise<DomainError> {
  const err = await failure(call);
  expect(err.cause).toBeInstanceOf(DomainError);
  return err.cause as DomainError;
}

async function newWorkflow(name: string, type: "kyc" | "kyb" = "kyc") {
  return as(owner).workflows.create({ ...tenant(), name, type, country: "IN", languages: ["en", "hi"], ttl_seconds: 86_400 });
}

const employeeId = {
  key: "employee_id",
  label: { en: "Employee ID", hi: "कर्मचारी आईडी" },
  type: "string" as const,
  pattern: "^E[0-9]{5}$",
  max_length: 6,
  required: true,
};

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
  const seed = await seedDemo(db);
  projectId = seed.projectId;
  const byEmail = async (email: string) => (await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;
  owner = await byEmail(seed.adminEmail);
  reviewer = await byEmail(DEMO_ROLE_USERS.find((u) => u.role === "reviewer")!.email);
  developer = await byEmail(DEMO_ROLE_USERS.find((u) => u.role === "developer")!.email);
});

describe("creating a workflow", () => {
  it("starts a KYC draft from the template, unpublished, and refuses a second workflow of the same name", async () => {
    const { id } = await newWorkflow("Employee onboarding");
    const wf = await as(owner).workflows.get({ ...tenant(), id });
    expect(wf).toMatchObject({ name: "Employee onboarding", type: "kyc", country: "IN", version: null, draftChanges: true, publishedAt: null });
    expect(wf.draft.steps.map((s) => s.type)).toEqual(["consent", "phone", "pan", "aadhaar", "selfie", "review"]);
    expect(wf.draft.ttl_seconds).toBe(86_400);
    expect(wf.draft.decision.rules.length).toBeGreaterThan(0);
    expect((await as(owner).workflows.list(tenant())).find((w) => w.id === id)).toMatchObject({ version: null, draftChanges: true });

    const taken = await domainFailure(newWorkflow("Employee onboarding"));
    expect(taken).toMatchObject({
      code: "parameter_invalid",
      param: "name",
      message: "A workflow named 'Employee onboarding' already exists in this project.",
    });
  });

  it("starts a KYB draft with the business steps", async () => {
    const { id } = await newWorkflow("Merchant onboarding", "kyb");
    const wf = await as(owner).workflows.get({ ...tenant(), id });
    expect(wf.draft.steps.map((s) => s.type)).toEqual(["consent", "business_details", "business_documents", "key_people", "bank_account", "review"]);
  });
});

describe("saving a draft", () => {
  it("answers every problem with the zod path of its form field and keeps the stored draft", async () => {
    const { id } = await newWorkflow("Invalid drafts");
    const before = await as(owner).workflows.get({ ...tenant(), id });
    const draft: TWorkflowDefinition = structuredClone(before.draft);
    draft.steps.splice(1, 0, {
      name: "documents",
      type: "documents",
      required: true,
      settings: { document_types: [], fields: ["name", { ...employeeId, key: "Employee ID", pattern: "([" }], capture: "camera" },
    });
    draft.steps.push({ ...draft.steps[0]! }); // a second step named "consent"
    draft.decision.rules = [{ name: "low_score", when: { type: "check", check: "in.pan.verify" } as never, outcome: "review" }];

    const err = await domainFailure(as(owner).workflows.saveDraft({ ...tenant(), id, definition: draft }));
    expect(err.code).toBe("parameter_invalid");
    const details = err.details as { param: string; message: string }[];
    expect(details).toEqual(
      expect.arrayContaining([
        { param: "steps.7.name", message: "duplicate step name 'consent'" },
        { param: "steps.1.settings.document_types", message: "Choose at least one document type." },
        { param: "steps.1.settings.fields.1.key", message: "Lower-case letters, digits and _, starting with a letter." },
        { param: "steps.1.settings.fields.1.pattern", message: "Not a valid regular expression." },
        { param: "decision.rules.0.when", message: "a check condition needs `status`, `error_code` or `score_below`" },
      ]),
    );
    expect(err.param).toBe(details[0]!.param);
    expect((await as(owner).workflows.get({ ...tenant(), id })).draft).toEqual(before.draft);
  });

  it("stores a valid draft with its defaults filled in, and writes an audit row", async () => {
    const { id } = await newWorkflow("Valid draft");
    const { draft } = await as(owner).workflows.get({ ...tenant(), id });
    draft.steps.splice(1, 0, {
      name: "documents",
      type: "documents",
      required: true,
      settings: { document_types: ["pan_card"], fields: ["name", employeeId] },
    });
    const saved = await as(owner).workflows.saveDraft({ ...tenant(), id, definition: draft });
    expect(saved.steps[1]!.settings).toEqual({ document_types: ["pan_card"], fields: ["name", employeeId], capture: "upload_or_camera" });
    expect((await as(owner).workflows.get({ ...tenant(), id })).draft.steps[1]!.settings).toEqual(saved.steps[1]!.settings);
    const audit = await db.auditLog.findMany({ where: { objectId: id }, orderBy: { createdAt: "asc" }, select: { action: true, actorId: true } });
    expect(audit).toEqual([
      { action: "workflow.created", actorId: owner },
      { action: "workflow.draft_saved", actorId: owner },
    ]);
  });

  it("refuses a save based on a draft someone else saved meanwhile, and keeps their draft", async () => {
    const { id } = await newWorkflow("Two editors");
    const { draft: opened } = await as(owner).workflows.get({ ...tenant(), id });
    // the developer saves first, from the same draft
    const theirs = { ...opened, ttl_seconds: 3600 };
    const saved = await as(developer).workflows.saveDraft({ ...tenant(), id, definition: theirs, base: opened });
    // the owner's save, still based on what they opened, is refused
    const err = await domainFailure(as(owner).workflows.saveDraft({ ...tenant(), id, definition: { ...opened, ttl_seconds: 7200 }, base: opened }));
    expect(err).toMatchObject({ code: "draft_changed", param: "draft" });
    expect((await as(owner).workflows.get({ ...tenant(), id })).draft.ttl_seconds).toBe(3600);
    // based on what the developer saved, it goes through
    const mine = await as(owner).workflows.saveDraft({ ...tenant(), id, definition: { ...saved, ttl_seconds: 7200 }, base: saved });
    expect(mine.ttl_seconds).toBe(7200);
  });
});

describe("publishing and previewing", () => {
  it("numbers published versions 1, 2 apart from previews; previews are test sessions the /v1 reads never show", async () => {
    const { id } = await newWorkflow("Numbering");
    const caller = as(owner);
    const first = await caller.workflows.preview({ ...tenant(), id });
    await caller.workflows.preview({ ...tenant(), id });
    expect(first.preview).toBe(1);
    expect(first.url).toMatch(new RegExp(`/flow/${first.id}#t=st_`));

    // unpublished: the API does not know it, and a preview did not publish it
    await expect(getPublishedWorkflow(db, projectId, id)).rejects.toMatchObject({ code: "workflow_not_published" });
    expect((await listWorkflows(db, projectId, { limit: 100 })).data.map((w) => w.id)).not.toContain(id);

    expect(await caller.workflows.publish({ ...tenant(), id })).toEqual({ id, version: 1 });
    const preview = await caller.workflows.preview({ ...tenant(), id });
    expect(preview.preview).toBe(3);

    const { draft } = await caller.workflows.get({ ...tenant(), id });
    draft.ttl_seconds = 3600;
    await caller.workflows.saveDraft({ ...tenant(), id, definition: draft });
    expect(await caller.workflows.publish({ ...tenant(), id })).toEqual({ id, version: 2 });

    expect((await caller.workflows.versions({ ...tenant(), id })).map((v) => [v.version, v.current, v.publishedBy])).toEqual([
      [2, true, "Demo Admin"],
      [1, false, "Demo Admin"],
    ]);
    const api = await getPublishedWorkflow(db, projectId, id);
    expect(api.version).toBe(2);
    expect(api.definition.ttl_seconds).toBe(3600);
    expect((await listWorkflows(db, projectId, { limit: 100 })).data.find((w) => w.id === id)).toMatchObject({ version: 2, ttl_seconds: 3600 });

    // the preview session: test mode, on its snapshot (taken before the TTL change)
    const session = await db.session.findUniqueOrThrow({
      where: { id: preview.id },
      select: { mode: true, workflowVersion: { select: { preview: true, version: true, definition: true } } },
    });
    expect(session).toMatchObject({ mode: "test", workflowVersion: { preview: true, version: 3, definition: { ttl_seconds: 86_400 } } });

    // a session created through the API uses the current published version
    const created = await createSession(db, { projectId, mode: "test" }, { workflow_id: id }, { type: "api_key", id: "key_test" });
    const apiSession = await db.session.findUniqueOrThrow({
      where: { id: created.id },
      select: { workflowVersion: { select: { preview: true, version: true } } },
    });
    expect(apiSession.workflowVersion).toEqual({ preview: false, version: 2 });

    const audit = await db.auditLog.findMany({ where: { objectId: id, action: "workflow.published" }, select: { data: true } });
    expect(audit.map((a) => a.data)).toEqual([{ version: 1 }, { version: 2 }]);
  });

  it("refuses to publish a draft without changes, and discarding returns the draft to the current version", async () => {
    const { id } = await newWorkflow("Discarding");
    await as(owner).workflows.publish({ ...tenant(), id });
    const unchanged = await domainFailure(as(owner).workflows.publish({ ...tenant(), id }));
    expect(unchanged).toMatchObject({ code: "parameter_invalid", param: "draft", message: "The draft has no changes since version 1." });

    const { draft } = await as(owner).workflows.get({ ...tenant(), id });
    draft.languages = ["en"];
    await as(owner).workflows.saveDraft({ ...tenant(), id, definition: draft });
    expect(await as(owner).workflows.get({ ...tenant(), id })).toMatchObject({ draftChanges: true, version: 1 });
    const diff = await as(owner).workflows.diff({ ...tenant(), id, version: "draft" });
    expect(diff.summary).toEqual(["Languages: en, hi → en."]);
    expect(diff.lines.filter((l) => l.op !== " ")).toEqual([
      { op: "-", text: '    "en",' },
      { op: "-", text: '    "hi"' },
      { op: "+", text: '    "en"' },
    ]);

    const restored = await as(owner).workflows.discardDraft({ ...tenant(), id });
    expect(restored.languages).toEqual(["en", "hi"]);
    expect(await as(owner).workflows.get({ ...tenant(), id })).toMatchObject({ draftChanges: false });
  });

  it("diffs a version against its predecessor in words and lines", async () => {
    const { id } = await newWorkflow("Diffs");
    await as(owner).workflows.publish({ ...tenant(), id });
    const { draft } = await as(owner).workflows.get({ ...tenant(), id });
    draft.steps.splice(1, 0, { name: "documents", type: "documents", required: true, settings: { document_types: ["pan_card"], fields: [employeeId] } });
    draft.steps = draft.steps.filter((s) => s.name !== "aadhaar");
    draft.decision.rules.push({ name: "pan_failed", when: { type: "check", check: "in.pan.verify", status: ["failed"] }, outcome: "decline" });
    await as(owner).workflows.saveDraft({ ...tenant(), id, definition: draft });
    await as(owner).workflows.publish({ ...tenant(), id });

    const first = await as(reviewer).workflows.diff({ ...tenant(), id, version: 1 });
    expect(first.before).toBe("Nothing (first version)");
    expect(first.lines.every((l) => l.op === "+")).toBe(true);
    const second = await as(reviewer).workflows.diff({ ...tenant(), id, version: 2 });
    expect(second).toMatchObject({ before: "Version 1", after: "Version 2" });
    expect(second.summary).toEqual(["Step 'documents' (documents) added.", "Step 'aadhaar' removed.", "Rule 'pan_failed' added (decline)."]);
    expect(second.lines).toContainEqual({ op: "+", text: '              "en": "Employee ID",' });
    expect(second.lines).toContainEqual({ op: "-", text: '      "name": "aadhaar",' });
    const missing = await domainFailure(as(owner).workflows.diff({ ...tenant(), id, version: 3 }));
    expect(missing).toMatchObject({ code: "resource_missing", param: "version" });
  });
});

describe("roles", () => {
  it("a reviewer reads workflows but cannot create, save, publish, discard or preview", async () => {
    const { id } = await newWorkflow("Reviewer cannot edit");
    const { draft } = await as(reviewer).workflows.get({ ...tenant(), id });
    expect((await as(reviewer).workflows.list(tenant())).some((w) => w.id === id)).toBe(true);
    expect(await as(reviewer).workflows.versions({ ...tenant(), id })).toEqual([]);

    const calls = [
      as(reviewer).workflows.create({ ...tenant(), name: "By a reviewer", type: "kyc", country: "IN", languages: ["en"], ttl_seconds: 3600 }),
      as(reviewer).workflows.saveDraft({ ...tenant(), id, definition: { ...draft, ttl_seconds: 3600 } }),
      as(reviewer).workflows.publish({ ...tenant(), id }),
      as(reviewer).workflows.discardDraft({ ...tenant(), id }),
      as(reviewer).workflows.preview({ ...tenant(), id }),
    ];
    for (const call of calls) {
      const err = await failure(call);
      expect(err.code).toBe("FORBIDDEN");
      expect(err.message).toBe("Your role (reviewer) cannot do this.");
    }
    expect(await db.workflow.count({ where: { name: "By a reviewer" } })).toBe(0);
    expect(await db.workflowVersion.count({ where: { workflowId: id } })).toBe(0);
    expect((await as(owner).workflows.get({ ...tenant(), id })).draft).toEqual(draft);
  });

  it("a developer publishes", async () => {
    const { id } = await newWorkflow("Developer publishes");
    expect(await as(developer).workflows.publish({ ...tenant(), id })).toEqual({ id, version: 1 });
  });
});
