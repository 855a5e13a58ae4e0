/**
 * The hosted applicant flow's use cases (decisions.md "Client tokens and the hosted flow").
 * Every call authenticates the client token for its own session (sliding expiry).
 */
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { type Actor, writeAudit } from "../audit/write-audit";
import { outboxCommitted } from "../events/outbox";
import { authenticateClientToken } from "../sessions/client-tokens";
import { transitionSession } from "../sessions/session-state";
import { getWorkflowVersionDefinition } from "../workflows/workflow.queries";
import { ZConsentSettings, ZPanSettings } from "../workflows/workflow.schemas";
import { ZConsentStepInput, panStepInput } from "./step-inputs";

const EDITABLE = ["started", "in_progress", "resubmission_requested"] as const;

export interface FlowContext {
  sessionId: string;
  token: string;
  ip?: string | null;
  userAgent?: string | null;
}

async function loadSession(db: Db, sessionId: string) {
  const s = await db.session.findUnique({
    where: { id: sessionId },
    select: {
      id: true,
      status: true,
      type: true,
      mode: true,
      locale: true,
      projectId: true,
      redirectUrl: true,
      prefill: true,
      workflowVersionId: true,
      project: { select: { name: true, organization: { select: { name: true } } } },
      steps: { select: { name: true, type: true, status: true, required: true, data: true, attempts: true }, orderBy: { position: "asc" } },
      history: { where: { toStatus: "resubmission_requested" }, orderBy: { createdAt: "desc" }, take: 1, select: { reason: true, note: true } },
    },
  });
  if (!s) throw notFound("session", sessionId);
  return s;
}

/** What the applicant's page renders: steps with settings, the current step and the outcome. */
export async function getFlowState(db: Db, ctx: FlowContext) {
  await authenticateClientToken(db, ctx.sessionId, ctx.token);
  const s = await loadSession(db, ctx.sessionId);
  const definition = await getWorkflowVersionDefinition(db, s.workflowVersionId);
  const settings = new Map(definition.steps.map((st) => [st.name, st.settings]));
  const pending = s.steps.filter((st) => st.status === "pending" || st.status === "in_progress");
  const redo = s.status === "resubmission_requested" || s.steps.some((st) => st.attempts > 0 && st.status === "pending");
  const lastResubmission = s.history[0];
  return {
    session: {
      id: s.id,
      status: s.status,
      type: s.type,
      mode: s.mode,
      locale: s.locale,
      languages: definition.languages,
      organizationName: s.project.organization.name,
      redirectUrl: s.redirectUrl ? `${s.redirectUrl}${s.redirectUrl.includes("?") ? "&" : "?"}session_id=${s.id}&status=${s.status}` : null,
      prefill: (s.prefill ?? {}) as { full_name?: string; email?: string; phone?: string },
      resubmission: redo && lastResubmission ? { reason: lastResubmission.reason, note: lastResubmission.note } : null,
    },
    steps: s.steps.map((st) => ({
      name: st.name,
      type: st.type,
      status: st.status,
      required: st.required,
      settings: settings.get(st.name) ?? {},
      /** what the applicant entered, for edit links (never for other sessions) */
      values: (st.data ?? null) as Record<string, unknown> | null,
    })),
    currentStep: pending[0]?.name ?? null,
  };
}

/** The applicant opened the flow: `created` -> `started` (no-op in any other status). */
export async function startFlow(db: Db, ctx: FlowContext): Promise<void> {
  await authenticateClientToken(db, ctx.sessionId, ctx.token);
  const actor: Actor = { type: "applicant", id: ctx.sessionId, ip: ctx.ip };
  const moved = await db.$transaction(async (tx) => {
    const s = await tx.session.findUniqueOrThrow({ where: { id: ctx.sessionId }, select: { status: true } });
    if (s.status !== "created") return false;
    await transitionSession(tx, ctx.sessionId, "created", "started", { actor });
    return true;
  });
  if (moved) outboxCommitted();
}

function validationError(err: { issues: { path: PropertyKey[]; message: string }[] }): DomainError {
  const first = err.issues[0];
  return new DomainError("parameter_invalid", first?.message ?? "invalid", {
    param: first?.path.map(String).join(".") || undefined,
    details: err.issues.map((i) => ({ param: i.path.map(String).join("."), message: i.message })),
  });
}

/**
 * Submits one step. The first submission moves the session to `in_progress`; once every
 * required step is submitted it moves to `processing`, which starts the checks.
 * @throws DomainError session_not_editable (409) when the session no longer accepts input,
 *   step_not_available (409) for a step that is not (or no longer) open, parameter_invalid
 *   (400, `param` = field, message = i18n key) for bad input.
 */
export async function submitStep(db: Db, ctx: FlowContext, stepName: string, payload: unknown) {
  await authenticateClientToken(db, ctx.sessionId, ctx.token);
  const s = await loadSession(db, ctx.sessionId);
  if (!(EDITABLE as readonly string[]).includes(s.status)) {
    throw new DomainError("session_not_editable", `This verification is ${s.status.replace("_", " ")} and cannot be changed.`);
  }
  const step = s.steps.find((st) => st.name === stepName);
  if (!step || !["pending", "in_progress", "submitted"].includes(step.status)) {
    throw new DomainError("step_not_available", `Step '${stepName}' is not open.`, { param: "step" });
  }
  const definition = await getWorkflowVersionDefinition(db, s.workflowVersionId);
  const settings = definition.steps.find((st) => st.name === stepName)?.settings ?? {};

  let data: Record<string, unknown>;
  let method: string;
  if (step.type === "consent") {
    const parsed = ZConsentStepInput.safeParse(payload);
    if (!parsed.success) throw validationError(parsed.error);
    const cfg = ZConsentSettings.parse(settings);
    if (parsed.data.notice_version !== cfg.notice_version) {
      throw new DomainError("parameter_invalid", "notice_outdated", { param: "notice_version" });
    }
    data = { accepted: true, notice_version: cfg.notice_version, purposes: cfg.purposes, at: new Date().toISOString(), ip: ctx.ip ?? null, user_agent: ctx.userAgent ?? null };
    method = "checkbox";
  } else if (step.type === "pan") {
    const parsed = panStepInput(ZPanSettings.parse(settings).holder).safeParse(payload);
    if (!parsed.success) throw validationError(parsed.error);
    data = parsed.data;
    method = "manual_entry";
  } else {
    throw new DomainError("step_not_available", `Step type '${step.type}' is not available in the hosted flow yet.`, { param: "step" });
  }

  const actor: Actor = { type: "applicant", id: ctx.sessionId, ip: ctx.ip };
  await db.$transaction(async (tx) => {
    await tx.sessionStep.update({
      where: { sessionId_name: { sessionId: s.id, name: stepName } },
      data: { status: "submitted", data: data as InputJsonValue, method, attempts: { increment: 1 }, submittedAt: new Date() },
    });
    if (step.type === "consent") {
      await writeAudit(tx, { actor, action: "consent.recorded", objectType: "session", objectId: s.id, projectId: s.projectId, mode: s.mode, data: { notice_version: data.notice_version as string } });
    }
    let status = s.status;
    if (status === "started" || status === "resubmission_requested") {
      await transitionSession(tx, s.id, status, "in_progress", { actor });
      status = "in_progress";
    }
    const steps = await tx.sessionStep.findMany({ where: { sessionId: s.id }, select: { status: true, required: true } });
    const open = steps.some((st) => st.required && (st.status === "pending" || st.status === "in_progress"));
    if (!open) await transitionSession(tx, s.id, "in_progress", "processing", { actor });
  });
  outboxCommitted();
}
