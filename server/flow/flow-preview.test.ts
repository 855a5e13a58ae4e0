/**
 * What the flow's page paints before the browser has read the client token (`getFlowPreview`):
 * the workflow's and the project's part of the state, never what the applicant entered or was
 * given, and nothing for a session that is not open on a first pass.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { createSession } from "../sessions/create-session";
import { cancelSession } from "../sessions/session-actions";
import { CONSENT_NOTICE_VERSION } from "../steps/consent/consent.schemas";
import { getFlowPreview, getFlowState, startFlow } from "./flow-state";
import { submitStep } from "./submit-step";
import { FLOW_TEST_ACTOR, flowDb } from "~/tests/fixtures/flow-db";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let workflowId: string;

beforeAll(async () => {
  ({ db, tenant, workflowId } = await flowDb());
  await db.project.update({ where: { id: tenant.projectId }, data: { allowedOrigins: ["https://example.com"] } });
});

const prefill = { full_name: "Asha Preview Verma", email: "asha.preview@example.com", phone: "9876501234" };

async function session(extra: { locale?: "en" | "hi" } = {}) {
  const created = await createSession(db, tenant, { workflow_id: workflowId, prefill, redirect_url: "https://example.com/done", ...extra }, FLOW_TEST_ACTOR);
  return { id: created.id, sessionId: created.id, token: created.client_token, ip: "203.0.113.9", userAgent: "vitest" };
}

describe("getFlowPreview", () => {
  it("is the state's frame, steps and current step, without the applicant's data", async () => {
    const ctx = await session({ locale: "hi" });
    const preview = await getFlowPreview(db, ctx.id);
    const state = await getFlowState(db, ctx);
    expect(preview).toEqual({
      session: {
        id: state.session.id,
        status: "created",
        type: state.session.type,
        mode: "test",
        locale: "hi",
        languages: state.session.languages,
        organizationName: state.session.organizationName,
        branding: state.session.branding,
      },
      // the current step's settings as the state has them; the others' without their type's expansion
      steps: state.steps.map(({ name, type, status, required, settings }) => ({
        name,
        type,
        status,
        required,
        settings: type === "documents" ? expect.not.objectContaining({ documents: expect.anything() }) : settings,
      })),
      currentStep: "consent",
    });
    expect(state.steps.find((s) => s.type === "documents")?.settings).toHaveProperty("documents");
    // the prefill and the redirect are the integrator's data about the applicant: not before the token
    const text = JSON.stringify(preview);
    for (const secret of [prefill.full_name, prefill.email, prefill.phone, "example.com/done"]) expect(text).not.toContain(secret);
  });

  it("follows the session to its next step and never carries what was submitted", async () => {
    const ctx = await session();
    await startFlow(db, ctx);
    await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    const preview = await getFlowPreview(db, ctx.id);
    expect(preview?.currentStep).toBe("phone");
    const consent = preview?.steps.find((s) => s.name === "consent");
    expect(consent?.status).toBe("submitted");
    expect(Object.keys(consent ?? {}).sort()).toEqual(["name", "required", "settings", "status", "type"]);
    // the state (with the token) has what was entered
    expect((await getFlowState(db, ctx)).steps[0]!.values).toMatchObject({ accepted: true });
  });

  it("is null for an unknown, a cancelled or an expired session (and reading it expires nothing)", async () => {
    expect(await getFlowPreview(db, "ses_doesnotexist")).toBeNull();

    const cancelled = await session();
    await cancelSession(db, tenant, cancelled.id, FLOW_TEST_ACTOR);
    expect(await getFlowPreview(db, cancelled.id)).toBeNull();

    const expired = await session();
    await db.session.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await getFlowPreview(db, expired.id)).toBeNull();
    expect((await db.session.findUniqueOrThrow({ where: { id: expired.id }, select: { status: true } })).status).toBe("created");
  });

  it("is null for a resubmission (its screen says the reviewer's reason, which needs the token)", async () => {
    const ctx = await session();
    await startFlow(db, ctx);
    await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
    await db.sessionStep.updateMany({ where: { sessionId: ctx.id, name: "consent" }, data: { status: "pending", attempts: 1 } });
    expect(await getFlowPreview(db, ctx.id)).toBeNull();
  });
});
