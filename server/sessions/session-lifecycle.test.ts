import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "../api-keys/create-api-key";
import type { Db } from "../db";
import type { PublicEventType } from "../events/event.schemas";
import { PUBLIC_EVENT_RELAYS } from "../events/internal-events";
import { getFlowState, startFlow } from "../flow/flow-state";
import { submitStep } from "../flow/submit-step";
import { createSession } from "./create-session";
import { decideSession } from "./decide-session";
import { updateReasonCodes } from "./reason-codes";
import { DEFAULT_REASON_CODES } from "../review/reason-codes.schemas";
import { applyAutomaticDecision, runSessionChecks } from "./process-session";
import { getSession } from "./session.dto";
import { createWebhookEndpoint } from "../webhooks/webhook-endpoints";
import { demoDb } from "~/tests/fixtures/demo-db";
import { CONSENT_NOTICE_VERSION } from "../steps/consent/consent.schemas";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let workflowId: string;
const actor = { type: "api_key" as const, id: "key_test" };
const fast = { attempts: 2, baseDelayMs: 1 };

beforeAll(async () => {
  const { seed, ...rest } = await demoDb();
  db = rest.db;
  await createApiKey(db, { projectId: seed.projectId, mode: "test" });
  tenant = { projectId: seed.projectId, mode: "test" };
  workflowId = seed.workflows.kyc;
});

async function completeFlow(pan: string, name: string, dob = "1990-01-01") {
  const created = await createSession(db, tenant, { workflow_id: workflowId, reference_id: `ref-${pan}` }, actor);
  const ctx = { sessionId: created.id, token: created.client_token, ip: "203.0.113.7", userAgent: "vitest" };
  await startFlow(db, ctx);
  await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
  await submitStep(db, ctx, "pan", { pan, name, dob });
  await runSessionChecks(db, created.id, fast);
  await applyAutomaticDecision(db, created.id);
  return { id: created.id, ctx };
}

/** Public events of the session, oldest first. */
async function eventTypes(sessionId: string) {
  const rows = await db.event.findMany({
    where: { payload: { path: ["data", "session", "id"], equals: sessionId } },
    orderBy: { createdAt: "asc" },
    select: { type: true },
  });
  return rows.map((r) => r.type);
}

/** Inngest events the relay will send for the session. */
async function relayed(sessionId: string) {
  const rows = await db.outboxMessage.findMany({
    where: { data: { path: ["sessionId"], equals: sessionId } },
    orderBy: { createdAt: "asc" },
    select: { name: true },
  });
  return rows.map((r) => r.name);
}

/** The relay names of public event types. */
const relays = (...types: PublicEventType[]) => types.map((t) => PUBLIC_EVENT_RELAYS[t].name);

describe("a KYC session from creation to decision", () => {
  it("approves the sandbox PAN ABCPE1234F automatically", async () => {
    const { id, ctx } = await completeFlow("abcpe1234f", "Ravi Kumar");
    const s = await getSession(db, tenant, id, ["checks", "applicant"]);

    expect(s.status).toBe("approved");
    expect(s.decision).toBe("approved");
    expect(s.decision_source).toBe("auto");
    expect(s.completed_at).not.toBeNull();
    expect(s.steps).toEqual({
      consent: { type: "consent", status: "passed", method: "checkbox", attempts: 1 },
      pan: { type: "pan", status: "passed", method: "manual_entry", attempts: 1 },
    });
    expect(s.checks).toHaveLength(1);
    expect(s.checks![0]).toMatchObject({
      check_key: "in.pan.verify",
      generic_key: "tax_id.verify",
      provider: "sandbox",
      status: "passed",
      verified_by: "source",
      error_code: null,
      from_cache: false,
    });
    expect(s.applicant).toMatchObject({ full_name: { value: "RAVI KUMAR", source: "pan_registry" }, pan: { value: "ABCPE1234F", verified: true } });
    expect(await eventTypes(id)).toEqual(["session.created", "session.started", "session.in_progress", "session.processing", "session.approved"]);
    // no webhook endpoint subscribes: only the event that runs the checks goes to Inngest
    expect(await relayed(id)).toEqual(relays("session.processing"));
    const flow = await getFlowState(db, ctx);
    expect(flow.session.status).toBe("approved");
    expect(flow.currentStep).toBeNull();
  });

  it("sends a PAN the registry does not find to review, then a reviewer approves it", async () => {
    const { id } = await completeFlow("ABCPE9999Z", "Asha Rao");
    let s = await getSession(db, tenant, id, ["checks"]);
    expect(s.status).toBe("review");
    expect(s.decision).toBeNull();
    expect(s.checks![0]).toMatchObject({ status: "failed", error_code: "pan_not_found" });
    expect(s.steps.pan!.status).toBe("failed");

    const decided = await decideSession(
      db,
      tenant,
      id,
      { outcome: "approved", reason_code: "identity_confirmed", note: "Checked the card" },
      { type: "user", id: "usr_x" },
    );
    expect(decided).toEqual({ id, status: "approved", outcome: "approved" });
    s = await getSession(db, tenant, id);
    expect(s).toMatchObject({ status: "approved", decision: "approved", decision_source: "manual", reason_code: "identity_confirmed" });

    const history = await db.sessionHistory.findMany({ where: { sessionId: id }, orderBy: { createdAt: "asc" }, select: { toStatus: true, actorType: true } });
    expect(history.map((h) => h.toStatus)).toEqual(["created", "started", "in_progress", "processing", "review", "approved"]);
    expect(history.at(-1)!.actorType).toBe("user");
  });

  it("reuses a fresh registry answer for the same input (from_cache)", async () => {
    const { id } = await completeFlow("ABCPE1234F", "RAVI KUMAR");
    const s = await getSession(db, tenant, id, ["checks"]);
    expect(s.checks![0]).toMatchObject({ status: "passed", from_cache: true });
  });

  it("retries a registry timeout, records error and sends the session to review", async () => {
    const { id } = await completeFlow("ABCPE7777K", "Timeout Person");
    const s = await getSession(db, tenant, id, ["checks"]);
    expect(s.status).toBe("review");
    expect(s.checks![0]).toMatchObject({ status: "error", error_code: "provider_timeout" });
    const row = await db.check.findUniqueOrThrow({ where: { id: s.checks![0]!.id }, select: { attempts: true } });
    expect(row.attempts).toBe(2);
  });

  it("overrides a final decision and keeps the earlier one in the audit log", async () => {
    // a PAN of its own: a declined session makes later sessions with its PAN duplicates of a declined one
    const { id } = await completeFlow("ABCPE4321Q", "Meena Iyer");
    await decideSession(db, tenant, id, { outcome: "declined", reason_code: "suspected_fraud" }, { type: "user", id: "usr_y" });
    const audits = await db.auditLog.findMany({ where: { objectId: id, action: "session.decided" }, orderBy: { createdAt: "asc" }, select: { data: true } });
    expect(audits.map((a) => (a.data as { decision: string; decision_source: string }).decision)).toEqual(["approved", "declined"]);
    expect((await getSession(db, tenant, id)).decision_source).toBe("manual");
  });

  it("requests resubmission of the failed step only", async () => {
    const { id, ctx } = await completeFlow("ABCPE9999Z", "Asha Rao");
    await decideSession(db, tenant, id, { outcome: "resubmission_requested", reason_code: "document_invalid", note: "Re-enter your PAN" }, actor);
    const flow = await getFlowState(db, ctx);
    expect(flow.session.status).toBe("resubmission_requested");
    expect(flow.steps.map((s) => [s.name, s.status])).toEqual([
      ["consent", "passed"],
      ["pan", "pending"],
    ]);
    expect(flow.currentStep).toBe("pan");
    // the applicant is told the code's text (default list), never the internal note
    expect(flow.session.resubmission).toEqual({
      message: {
        en: "A document was not valid or could not be read. Use a clear photo of a valid document, with all four corners visible.",
        hi: "कोई दस्तावेज़ मान्य नहीं था या पढ़ा नहीं जा सका। किसी मान्य दस्तावेज़ की साफ़ फ़ोटो लें, जिसमें चारों कोने दिखें।",
      },
    });
    expect(JSON.stringify(flow)).not.toContain("Re-enter your PAN");
    await submitStep(db, ctx, "pan", { pan: "ABCPE1234F", name: "Ravi Kumar", dob: "1990-01-01" });
    await runSessionChecks(db, id, fast);
    await applyAutomaticDecision(db, id);
    const s = await getSession(db, tenant, id);
    expect(s.status).toBe("approved");
    expect(s.steps.pan!.attempts).toBe(2);
  });

  it("tells the applicant the text of the project's reason code, in en and hi, and never puts it in events", async () => {
    await updateReasonCodes(
      db,
      tenant.projectId,
      [
        {
          code: "blurry_photo",
          label: "Photo too blurry",
          applicant: { en: "Your photo was blurry. Take it again in good light.", hi: "आपकी फ़ोटो धुंधली थी।" },
        },
        { code: "no_text", label: "No applicant text", applicant: { en: "", hi: "" } },
      ],
      actor,
    );
    const redo = await completeFlow("ABCPF9999Z", "Asha Rao");
    await decideSession(db, tenant, redo.id, { outcome: "resubmission_requested", reason_code: "blurry_photo", note: "internal: blurry" }, actor);
    expect((await getFlowState(db, redo.ctx)).session.resubmission).toEqual({
      message: { en: "Your photo was blurry. Take it again in good light.", hi: "आपकी फ़ोटो धुंधली थी।" },
    });
    const payloads = await db.event.findMany({ where: { payload: { path: ["data", "session", "id"], equals: redo.id } }, select: { payload: true } });
    expect(payloads.length).toBeGreaterThan(0);
    expect(JSON.stringify(payloads)).not.toMatch(/blurry\. Take it again|internal: blurry/);

    // a declined session: the same text on the outcome screen; an empty text or a code off the list: none (a generic sentence)
    const declined = await completeFlow("ABCPG9999Z", "Asha Rao");
    await decideSession(db, tenant, declined.id, { outcome: "declined", reason_code: "blurry_photo" }, actor);
    expect((await getFlowState(db, declined.ctx)).session.decisionReason).toEqual({
      en: "Your photo was blurry. Take it again in good light.",
      hi: "आपकी फ़ोटो धुंधली थी।",
    });
    await decideSession(db, tenant, declined.id, { outcome: "declined", reason_code: "no_text" }, actor);
    expect((await getFlowState(db, declined.ctx)).session.decisionReason).toBeNull();
    await decideSession(db, tenant, declined.id, { outcome: "declined", reason_code: "api_only_code" }, actor);
    expect((await getFlowState(db, declined.ctx)).session.decisionReason).toBeNull();
    await updateReasonCodes(db, tenant.projectId, DEFAULT_REASON_CODES, actor);
  });

  it("sends a session to review instead of a resubmission past the workflow's limit (default 3)", async () => {
    const { id, ctx } = await completeFlow("ABCPH9999Z", "Asha Rao");
    for (let i = 0; i < 3; i++) {
      const r = await decideSession(db, tenant, id, { outcome: "resubmission_requested", reason_code: "name_mismatch" }, actor);
      expect(r.status).toBe("resubmission_requested");
      await submitStep(db, ctx, "pan", { pan: "ABCPH9999Z", name: "Asha Rao", dob: "1990-01-01" });
      await runSessionChecks(db, id, fast);
      await applyAutomaticDecision(db, id);
      expect((await getSession(db, tenant, id)).status).toBe("review");
    }
    const fourth = await decideSession(db, tenant, id, { outcome: "resubmission_requested", reason_code: "name_mismatch" }, actor);
    expect(fourth).toEqual({ id, status: "review", outcome: "resubmission_requested" });
    expect((await getSession(db, tenant, id)).status).toBe("review");
    const audit = await db.auditLog.findFirst({ where: { objectId: id, action: "session.resubmission_limit_reached" }, select: { data: true } });
    expect(audit?.data).toMatchObject({ limit: 3, resubmissions: 3 });
    // a declined one asked for a resubmission past the limit goes to review too
    await decideSession(db, tenant, id, { outcome: "declined", reason_code: "name_mismatch" }, actor);
    expect(await decideSession(db, tenant, id, { outcome: "resubmission_requested", reason_code: "name_mismatch" }, actor)).toMatchObject({ status: "review" });
    expect((await getSession(db, tenant, id)).status).toBe("review");
  });

  it("reads the limit from the session's workflow version (max_resubmissions: 0 never sends it back)", async () => {
    const { id } = await completeFlow("ABCPJ9999Z", "Asha Rao");
    const s = await db.session.findUniqueOrThrow({ where: { id }, select: { workflowVersionId: true } });
    const v = await db.workflowVersion.findUniqueOrThrow({ where: { id: s.workflowVersionId }, select: { definition: true } });
    const original = v.definition as Record<string, unknown>;
    await db.workflowVersion.update({ where: { id: s.workflowVersionId }, data: { definition: { ...original, max_resubmissions: 0 } } });
    try {
      expect(await decideSession(db, tenant, id, { outcome: "resubmission_requested", reason_code: "other" }, actor)).toMatchObject({ status: "review" });
    } finally {
      await db.workflowVersion.update({ where: { id: s.workflowVersionId }, data: { definition: original as object } });
    }
  });

  it("rejects invalid step input with the field and an i18n key", async () => {
    const created = await createSession(db, tenant, { workflow_id: workflowId }, actor);
    const ctx = { sessionId: created.id, token: created.client_token };
    await startFlow(db, ctx);
    await expect(submitStep(db, ctx, "pan", { pan: "ABCCE1234F", name: "Ravi", dob: "1990-01-01" })).rejects.toMatchObject({
      code: "parameter_invalid",
      param: "pan",
      message: "pan_not_individual",
    });
    await expect(submitStep(db, { ...ctx, token: "st_wrong" }, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION })).rejects.toMatchObject({
      code: "client_token_invalid",
    });
  });
});

describe("relaying session events to webhook endpoints", () => {
  it("relays what an enabled endpoint subscribes to (exact type, then `session.*`), and session.processing always", async () => {
    const system = { type: "system" as const };
    await createWebhookEndpoint(db, tenant, { url: "http://localhost:9/exact", events: ["session.approved"] }, system);
    const first = await completeFlow("abcpe1234f", "Ravi Kumar");
    expect(await relayed(first.id)).toEqual(relays("session.processing", "session.approved"));

    await createWebhookEndpoint(db, tenant, { url: "http://localhost:9/all", events: ["session.*"] }, system);
    const second = await completeFlow("abcpe1234f", "Ravi Kumar");
    expect(await relayed(second.id)).toEqual(relays("session.created", "session.started", "session.in_progress", "session.processing", "session.approved"));
  });
});
