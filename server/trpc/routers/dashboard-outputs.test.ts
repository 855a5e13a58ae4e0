/**
 * The dashboard's read procedures declare their output (`.output()`, STYLE.md 1.5): every query
 * answers through its schema on real data, and the case view (sessions.get) is strict: a field
 * the schema lacks, a wrong type or the old snake_case names fail instead of reaching the browser.
 */
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { demoDb } from "~/tests/fixtures/demo-db";
import type { Db } from "../../db";
import { storeEvidence } from "../../evidence/evidence";
import { startFlow } from "../../flow/flow-state";
import { submitStep } from "../../flow/submit-step";
import { requestDocumentExtraction, runDocumentExtraction } from "../../intelligence/document-extractions";
import { applyAutomaticDecision, runSessionChecks } from "../../sessions/process-session";
import { createSession } from "../../sessions/create-session";
import { ZSessionCase, type TSessionCase } from "../../sessions/session-case.schemas";
import { createCaller } from "../root";
import { CONSENT_NOTICE_VERSION } from "../../steps/consent/consent.schemas";

vi.mock("../../auth/auth", () => ({ auth: async () => null }));

let db: Db;
let tenant: { projectId: string; mode: "test" };
let ownerId: string;
let inReview: string;
let earlier: string;
let evidenceId: string;
let extractionId: string;
const owner = () => createCaller({ db, userId: ownerId, headers: new Headers({ "x-forwarded-for": "203.0.113.9" }) });

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  tenant = { projectId: demo.seed.projectId, mode: "test" };
  ownerId = (await db.user.findUniqueOrThrow({ where: { email: demo.seed.adminEmail }, select: { id: true } })).id;
  earlier = (await createSession(db, tenant, { workflow_id: demo.seed.workflows.kyc, reference_id: "outputs-earlier" }, { type: "api_key", id: "key_test" }))
    .id;

  // a session in review (PAN not found) with an evidence file, a finished extraction and a duplicate
  const created = await createSession(db, tenant, { workflow_id: demo.seed.workflows.kyc, reference_id: "outputs-case" }, { type: "api_key", id: "key_test" });
  inReview = created.id;
  const ctx = { sessionId: inReview, token: created.client_token, ip: "203.0.113.7", userAgent: "vitest" };
  await startFlow(db, ctx);
  await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
  await submitStep(db, ctx, "pan", { pan: "ABCPA9999Z", name: "Asha Rao", dob: "1988-05-17" });
  await runSessionChecks(db, inReview, { attempts: 1, baseDelayMs: 1 });
  expect(await applyAutomaticDecision(db, inReview)).toBe("review");

  evidenceId = await storeEvidence(db, {
    ...tenant,
    sessionId: inReview,
    step: "documents",
    kind: "pan_card_front",
    contentType: "image/jpeg",
    data: new Uint8Array([1, 2, 3]),
  });
  const requested = await requestDocumentExtraction(db, tenant, { sessionId: inReview, step: "documents", documentType: "pan_card", fileIds: [evidenceId] });
  extractionId = requested.id;
  await runDocumentExtraction(db, extractionId, async () => ({
    document_type: "pan_card",
    fields: { pan: { value: "ABCPA9999Z", confidence: 0.93, source: "ocr", valid: true, validity: "valid", problem: null } },
    signals: [{ code: "field_corrected", field: "pan", severity: "review" }],
    pages: [],
  }));
  await db.session.update({ where: { id: inReview }, data: { duplicates: [{ session_id: earlier, signals: ["pan"] }] } });
});

describe("the case view (sessions.get)", () => {
  let view: TSessionCase;
  beforeAll(async () => {
    view = await owner().sessions.get({ ...tenant, id: inReview });
  });

  it("keeps the API Session as it is and names the case's own fields in camelCase, timestamps as Date", () => {
    expect(view.session).toMatchObject({ id: inReview, object: "session", status: "review", reference_id: "outputs-case" });
    expect(view.evidence).toEqual([
      { id: evidenceId, step: "documents", kind: "pan_card_front", contentType: "image/jpeg", size: 3, createdAt: expect.any(Date) },
    ]);
    expect(view.documents).toEqual([
      {
        id: extractionId,
        step: "documents",
        documentType: "pan_card",
        status: "completed",
        errorCode: null,
        fields: { pan: { value: "ABCPA9999Z", confidence: 0.93, source: "ocr", valid: true, validity: "valid", problem: null } },
        confirmed: null,
        signals: [{ code: "field_corrected", field: "pan", severity: "review" }],
        fileIds: [evidenceId],
      },
    ]);
    expect(view.duplicates).toEqual([{ sessionId: earlier, signals: ["pan"], status: "created", createdAt: expect.any(Date) }]);
    expect(view.enteredReviewAt).toBeInstanceOf(Date);
    expect(view.history.at(-1)).toMatchObject({ toStatus: "review", actorType: "system", createdAt: expect.any(Date) });
  });

  it("rejects what the schema does not declare: an extra field, a wrong type, the old snake_case names", () => {
    expect(ZSessionCase.safeParse(view).success).toBe(true);
    expect(ZSessionCase.safeParse({ ...view, internalNote: "x" }).success).toBe(false);
    expect(ZSessionCase.safeParse({ ...view, workflowName: 7 }).success).toBe(false);
    expect(ZSessionCase.safeParse({ ...view, enteredReviewAt: view.enteredReviewAt?.toISOString() }).success).toBe(false);
    const [file] = view.evidence;
    const snake = {
      id: file!.id,
      step: file!.step,
      kind: file!.kind,
      content_type: file!.contentType,
      size: file!.size,
      created_at: file!.createdAt.toISOString(),
    };
    expect(ZSessionCase.safeParse({ ...view, evidence: [snake] }).success).toBe(false);
  });

  it("a domain result the schema rejects fails the call instead of reaching the client", async () => {
    const caseModule = await import("../../sessions/session-case");
    const spy = vi.spyOn(caseModule, "getSessionCase").mockResolvedValueOnce({ ...view, debug: true } as TSessionCase);
    try {
      const err = await owner()
        .sessions.get({ ...tenant, id: inReview })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(TRPCError);
      expect((err as TRPCError).code).toBe("INTERNAL_SERVER_ERROR");
      expect((err as TRPCError).message).toBe("Output validation failed");
    } finally {
      spy.mockRestore();
    }
  });
});

describe("every dashboard query answers through its output schema", () => {
  it("on a project with sessions, a case in review, evidence, an extraction and audit rows", async () => {
    const c = owner();
    const me = await c.me.get();
    expect(me.organizations.flatMap((o) => o.projects.map((p) => p.id))).toContain(tenant.projectId);
    expect((await c.sessions.list({ ...tenant, limit: 25 })).data.map((s) => s.id)).toEqual(expect.arrayContaining([inReview, earlier]));
    expect((await c.review.queue({ ...tenant, limit: 25 })).data.map((s) => s.id)).toEqual([inReview]);
    expect((await c.review.summary(tenant)).total).toBe(1);
    expect((await c.review.assignees(tenant)).map((a) => a.role)).toContain("reviewer");
    expect(await c.review.reasonCodes(tenant)).toContainEqual(expect.objectContaining({ code: "other", label: "Other (explain in the note)" }));
    expect(await c.apiKeys.list(tenant)).toEqual([]);
    expect((await c.audit.list({ ...tenant, limit: 50 })).data.map((r) => r.action)).toContain("session.viewed");
    expect((await c.audit.filterOptions(tenant)).actions).toContain("session.viewed");
    const events = await c.events.list({ ...tenant, limit: 50 });
    expect(events.data.length).toBeGreaterThan(0);
    await expect(c.events.get({ ...tenant, id: events.data[0]!.id })).resolves.toMatchObject({ object: "event" });
    expect((await c.members.list(tenant)).map((m) => m.joinedAt)).toContainEqual(expect.any(Date));
    expect(await c.members.invitations(tenant)).toEqual([]);
    expect((await c.overview.get({ ...tenant, days: 30, timeZone: "Asia/Kolkata" })).queue).toEqual({ size: 1, oldestEnteredAt: expect.any(Date) });
    expect((await c.settings.get(tenant)).id).toBe(tenant.projectId);
    expect((await c.settings.registryProviders(tenant)).length).toBeGreaterThan(0);
    expect((await c.webhooks.list({ ...tenant, limit: 100 })).data).toEqual([]);
    expect((await c.webhooks.deliveries({ ...tenant, limit: 25 })).data).toEqual([]);
    expect(await c.webhooks.alerts(tenant)).toEqual([]);
    expect((await c.workflows.catalog({ ...tenant, country: "IN" })).stepTypes.length).toBeGreaterThan(0);

    const [workflow] = await c.workflows.list(tenant);
    expect(workflow!.updatedAt).toBeInstanceOf(Date);
    await expect(c.workflows.get({ ...tenant, id: workflow!.id })).resolves.toMatchObject({ id: workflow!.id, draft: expect.any(Object) });
    expect((await c.workflows.versions({ ...tenant, id: workflow!.id }))[0]).toMatchObject({ current: true, publishedAt: expect.any(Date) });
    await expect(c.workflows.diff({ ...tenant, id: workflow!.id, version: 1 })).resolves.toMatchObject({ after: "Version 1", lines: expect.any(Array) });
  });
});
