/**
 * Submitting a step of the hosted flow. The first submission moves the session to
 * `in_progress`; once every required step is submitted it moves to `processing`, which starts
 * the checks (decisions.md "Session lifecycle"). A KYB session whose key people are not all
 * decided stays `in_progress` instead (server/kyb/key-people.ts).
 */
import type { Db } from "../db";
import { DomainError } from "../errors";
import { type Actor, writeAudit } from "../audit/write-audit";
import { outboxCommitted } from "../events/outbox";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { type KybSubmission, parseKybStep } from "../kyb/kyb-submit";
import { waitsForKeyPeople } from "../kyb/key-people";
import { transitionSession } from "../sessions/session-state";
import { getWorkflowVersionDefinition } from "../workflows/workflow.queries";
import { confirmDocumentFields } from "../intelligence/document-extractions";
import { ZConsentSettings, ZDocumentsSettings, ZPanSettings, ZSelfieSettings } from "../workflows/workflow.schemas";
import { documentKind, resolveDocumentsSettings } from "./documents-config";
import { type FlowContext, type FlowSessionRow, loadEditableSession, openStep, validationError } from "./flow-session";
import { SELFIE_FRAME_KIND } from "./upload-step-file";
import { ZAadhaarStepInput, ZConsentStepInput, ZReviewStepInput, ZSelfieStepInput, documentsStepInput, panStepInput } from "./step-inputs";

type Step = FlowSessionRow["steps"][number];

const filesInvalid = () => new DomainError("parameter_invalid", "file_required", { param: "files", details: [{ param: "files", message: "file_required" }] });

/** The evidence files `ids` in order, when each belongs to this session's step and has the expected kind. */
async function checkFiles(db: Db, s: FlowSessionRow, step: string, ids: string[], kinds: string[]): Promise<void> {
  const rows = await db.evidenceFile.findMany({ where: { id: { in: ids }, sessionId: s.id, step }, select: { id: true, kind: true } });
  const byId = new Map(rows.map((r) => [r.id, r.kind]));
  if (ids.length !== kinds.length || ids.some((id, i) => byId.get(id) !== kinds[i])) throw filesInvalid();
}

/** Validates a step's payload for its type and returns what is stored (`data`) and how it was given (`method`). */
async function parsePayload(
  db: Db,
  ctx: FlowContext,
  s: FlowSessionRow,
  step: Step,
  settings: Record<string, unknown>,
  payload: unknown,
): Promise<KybSubmission> {
  switch (step.type) {
    case "consent": {
      const parsed = ZConsentStepInput.safeParse(payload);
      if (!parsed.success) throw validationError(parsed.error);
      const cfg = ZConsentSettings.parse(settings);
      if (parsed.data.notice_version !== cfg.notice_version) throw new DomainError("parameter_invalid", "notice_outdated", { param: "notice_version" });
      return {
        data: {
          accepted: true,
          notice_version: cfg.notice_version,
          purposes: cfg.purposes,
          at: new Date().toISOString(),
          ip: ctx.ip ?? null,
          user_agent: ctx.userAgent ?? null,
        },
        method: "checkbox",
      };
    }
    case "pan": {
      const parsed = panStepInput(ZPanSettings.parse(settings).holder).safeParse(payload);
      if (!parsed.success) throw validationError(parsed.error);
      return { data: parsed.data, method: "manual_entry" };
    }
    case "phone":
    case "email": {
      // a destination verified earlier in this session (the applicant keeps it when editing)
      const challengeId = (payload as { challenge_id?: unknown } | null)?.challenge_id;
      const c =
        typeof challengeId === "string"
          ? await db.otpChallenge.findFirst({
              where: { id: challengeId, sessionId: s.id, step: step.name, verifiedAt: { not: null } },
              select: { id: true, destination: true },
            })
          : null;
      if (!c) throw new DomainError("otp_not_sent", "Verify the code first.", { param: "code" });
      return { data: { [step.type]: c.destination, challenge_id: c.id }, method: "otp" };
    }
    case "aadhaar": {
      const parsed = ZAadhaarStepInput.safeParse(payload);
      if (!parsed.success) throw validationError(parsed.error);
      return { data: parsed.data, method: parsed.data.method };
    }
    case "documents": {
      const config = resolveDocumentsSettings(ZDocumentsSettings.parse(settings), s.country);
      const parsed = documentsStepInput(config).safeParse(payload);
      if (!parsed.success) throw validationError(parsed.error);
      const type = config.types.find((t) => t.key === parsed.data.document_type)!;
      await checkFiles(
        db,
        s,
        step.name,
        parsed.data.files,
        type.sides.map((side) => documentKind(type.key, side)),
      );
      // both the extracted and the confirmed values are kept; their differences become review signals
      if (parsed.data.extraction_id) {
        await confirmDocumentFields(db, { projectId: s.projectId, mode: s.mode }, s.id, parsed.data.extraction_id, parsed.data.fields);
      }
      return { data: parsed.data, method: "upload" };
    }
    case "selfie": {
      const parsed = ZSelfieStepInput.safeParse(payload);
      if (!parsed.success) throw validationError(parsed.error);
      await checkFiles(db, s, step.name, parsed.data.files, ["selfie"]);
      const challenge = ZSelfieSettings.parse(settings).liveness.active;
      if (challenge === "none") return { data: { files: parsed.data.files }, method: "camera" };
      const frames = parsed.data.frames ?? [];
      if (!frames.length) throw new DomainError("parameter_invalid", "liveness_frames_required", { param: "frames" });
      await checkFiles(db, s, step.name, frames, frames.map(() => SELFIE_FRAME_KIND));
      return { data: { files: parsed.data.files, frames, challenge }, method: "camera" };
    }
    case "review": {
      const parsed = ZReviewStepInput.safeParse(payload);
      if (!parsed.success) throw validationError(parsed.error);
      return { data: { confirmed: true, at: new Date().toISOString() }, method: "confirmation" };
    }
    default: {
      const kyb = parseKybStep(db, ctx, s, step, settings, payload);
      if (!kyb) throw new DomainError("step_not_available", `Step type '${step.type}' is not available in the hosted flow yet.`, { param: "step" });
      if (kyb.files) await checkFiles(db, s, step.name, kyb.files.ids, kyb.files.kinds);
      return kyb;
    }
  }
}

/**
 * Stores a step's data as `submitted` and moves the session on (`in_progress`, then
 * `processing` once no required step is open). Shared by submitStep and the OTP verification.
 */
export async function recordStep(
  db: Db,
  ctx: FlowContext,
  s: FlowSessionRow,
  step: Step,
  data: Record<string, unknown>,
  method: string,
  prepare?: KybSubmission["prepare"],
): Promise<void> {
  const actor: Actor = { type: "applicant", id: s.id, ip: ctx.ip };
  await db.$transaction(async (tx) => {
    await tx.sessionStep.update({
      where: { sessionId_name: { sessionId: s.id, name: step.name } },
      data: { status: "submitted", data: (prepare ? await prepare(tx) : data) as InputJsonValue, method, attempts: { increment: 1 }, submittedAt: new Date() },
    });
    if (step.type === "consent") {
      await writeAudit(tx, {
        actor,
        action: "consent.recorded",
        objectType: "session",
        objectId: s.id,
        projectId: s.projectId,
        mode: s.mode,
        data: { notice_version: data.notice_version as string },
      });
    }
    let status = s.status;
    if (status === "started" || status === "resubmission_requested") {
      await transitionSession(tx, s.id, status, "in_progress", { actor });
      status = "in_progress";
    }
    const steps = await tx.sessionStep.findMany({ where: { sessionId: s.id }, select: { status: true, required: true } });
    const open = steps.some((st) => st.required && (st.status === "pending" || st.status === "in_progress"));
    if (!open && !(await waitsForKeyPeople(tx, s.id))) await transitionSession(tx, s.id, "in_progress", "processing", { actor });
  });
  outboxCommitted();
}

/**
 * Submits one step (or resubmits an earlier one from the review's edit links).
 * @throws DomainError session_not_editable (409) when the session no longer accepts input,
 *   step_not_available (409) for a step that is not (or no longer) open, parameter_invalid
 *   (400, `param` = field, message = i18n key) for bad input, otp_not_sent (409) for a
 *   `phone` / `email` step without a verified code.
 */
export async function submitStep(db: Db, ctx: FlowContext, stepName: string, payload: unknown): Promise<void> {
  const s = await loadEditableSession(db, ctx);
  const step = openStep(s, stepName);
  const definition = await getWorkflowVersionDefinition(db, s.workflowVersionId);
  const settings = definition.steps.find((st) => st.name === stepName)?.settings ?? {};
  const { data, method, prepare, afterCommit } = await parsePayload(db, ctx, s, step, settings, payload);
  await recordStep(db, ctx, s, step, data, method, prepare);
  await afterCommit?.();
}
