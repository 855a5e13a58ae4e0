/**
 * Submitting a step of the hosted flow. The step's type module (server/steps/registry.ts) parses
 * the payload and says what to store; the first submission moves the session to
 * `in_progress`, and once every required step is submitted it moves to `processing`, which
 * starts the checks (decisions.md "Session lifecycle"), unless a step type holds it (a KYB
 * session whose key people are not all decided stays `in_progress`).
 */
import { type Actor, SYSTEM_ACTOR } from "../audit/write-audit";
import type { CheckRow } from "../checks/check.dto";
import { runCheck } from "../checks/run-check";
import type { Db, Tx } from "../db";
import { DomainError } from "../errors";
import { outboxCommitted } from "../events/outbox";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { transitionSession } from "../sessions/session-state";
import { sql } from "../sql";
import { stepType } from "../steps/registry";
import type { FlowStepRow, Submission } from "../steps/step-type";
import {
  applicantActor,
  EDITABLE_STATUSES,
  type FlowContext,
  flowSessionSelect,
  type FlowSessionRow,
  loadEditableSession,
  openStep,
  stepSettings,
  validationError,
} from "./flow-session";

const filesInvalid = () => new DomainError("parameter_invalid", "file_required", { param: "files", details: [{ param: "files", message: "file_required" }] });

/** The evidence files `ids` in order, when each belongs to this session's step and has the expected kind. */
async function checkFiles(db: Db, s: FlowSessionRow, step: string, ids: readonly string[], kinds: readonly string[]): Promise<void> {
  const rows = await db.evidenceFile.findMany({ where: { id: { in: [...ids] }, sessionId: s.id, step }, select: { id: true, kind: true } });
  const byId = new Map(rows.map((r) => [r.id, r.kind]));
  if (ids.length !== kinds.length || ids.some((id, i) => byId.get(id) !== kinds[i])) throw filesInvalid();
}

/** True when a step type of the session holds it out of `processing` (`StepType.holdsProcessing`). */
async function heldByAStep(tx: Tx, s: FlowSessionRow): Promise<boolean> {
  for (const type of new Set(s.steps.map((st) => st.type))) {
    if (await stepType(type)?.holdsProcessing?.(tx, s.id)) return true;
  }
  return false;
}

/** The step's submission written in `tx`, and the session moved on (`recordStep`). */
async function storeStep(tx: Tx, actor: Actor, s: FlowSessionRow, stepName: string, data: Record<string, unknown>, method: string, submittedAt: Date) {
  await tx.sessionStep.update({
    where: { sessionId_name: { sessionId: s.id, name: stepName } },
    data: { status: "submitted", data: data as InputJsonValue, method, attempts: { increment: 1 }, submittedAt },
  });
  let status = s.status;
  if (status === "started" || status === "resubmission_requested") {
    await transitionSession(tx, s.id, status, "in_progress", { actor });
    status = "in_progress";
  }
  const steps = await tx.sessionStep.findMany({ where: { sessionId: s.id }, select: { status: true, required: true } });
  const open = steps.some((st) => st.required && (st.status === "pending" || st.status === "in_progress"));
  if (!open && !(await heldByAStep(tx, s))) await transitionSession(tx, s.id, "in_progress", "processing", { actor });
}

/**
 * Stores a step's data as `submitted` and moves the session on (`in_progress`, then
 * `processing` once no required step is open and no step type holds it). Shared by submitStep
 * and the OTP verification. `submittedAt` (default now): `Submission.submittedAt`.
 */
export async function recordStep(
  db: Db,
  ctx: FlowContext,
  s: FlowSessionRow,
  step: FlowStepRow,
  data: Record<string, unknown>,
  method: string,
  prepare?: Submission["prepare"],
  submittedAt: Date = new Date(),
): Promise<void> {
  await db.$transaction(async (tx) => storeStep(tx, applicantActor(ctx), s, step.name, prepare ? await prepare(tx) : data, method, submittedAt));
  outboxCommitted();
}

/**
 * A session's check that the applicant acts on outside the flow (the reverse penny drop's UPI
 * payment) finished, whoever read it (server/checks/direct-check.ts `refreshCheck`): the step it
 * belongs to is submitted for the applicant (actor `system`) with what its type takes from the
 * check (`StepType.awaitedCheck`), and the session moves on as `recordStep` moves it, so it does
 * not wait for a page nobody keeps open. Runs in the transaction that finishes the check (once per
 * check; the caller calls `outboxCommitted` after it). No-op when the session no longer takes
 * input or has expired, when the step is not open (`pending` / `in_progress`: an applicant's own
 * submission stands), or when its type takes nothing from the check (e.g. the request expired:
 * the applicant pays again).
 */
export async function takeAwaitedCheck(tx: Tx, sessionId: string, check: CheckRow): Promise<void> {
  if (!check.step) return;
  // the session's row stays as read until the step is stored (cancel and decide lock it too)
  await tx.$queryRaw(sql`SELECT id FROM sessions WHERE id = ${sessionId} FOR UPDATE`);
  const s = await tx.session.findUnique({ where: { id: sessionId }, select: flowSessionSelect });
  if (!s || !EDITABLE_STATUSES.includes(s.status) || s.expiresAt <= new Date()) return;
  const step = s.steps.find((st) => st.name === check.step);
  if (!step || (step.status !== "pending" && step.status !== "in_progress")) return;
  const submission = stepType(step.type)?.awaitedCheck?.({ session: s, check });
  if (!submission) return;
  await storeStep(tx, SYSTEM_ACTOR, s, step.name, submission.data, submission.method, submission.submittedAt ?? new Date());
}

/**
 * Submits one step (or resubmits an earlier one from the review's edit links): its type parses
 * the payload (server/steps/<type>/), then the step is stored (`recordStep`) and the type's
 * after-commit work runs.
 * @throws DomainError session_not_editable (409) when the session no longer accepts input,
 *   step_not_available (409) for a step that is not (or no longer) open or whose type the flow
 *   does not know, parameter_invalid (400, `param` = field, message = i18n key) for bad input,
 *   and what the type's `submit` throws (e.g. otp_not_sent for a `phone` / `email` step
 *   without a verified code).
 */
export async function submitStep(db: Db, ctx: FlowContext, stepName: string, payload: unknown): Promise<void> {
  const s = await loadEditableSession(db, ctx);
  const step = openStep(s, stepName);
  const type = stepType(step.type);
  if (!type) throw new DomainError("step_not_available", `Step type '${step.type}' is not available in the hosted flow yet.`, { param: "step" });
  const settings = type.settings.parse(await stepSettings(db, s, stepName));
  const parsed = type.input({ settings, session: s }).safeParse(payload);
  if (!parsed.success) throw validationError(parsed.error);
  const { data, method, prepare, afterCommit, submittedAt } = await type.submit({
    db,
    flow: ctx,
    session: s,
    step,
    settings,
    input: parsed.data,
    actor: applicantActor(ctx),
    checkFiles: (ids, kinds) => checkFiles(db, s, step.name, ids, kinds),
    runCheck: (key, input) => runCheck(db, { projectId: s.projectId, mode: s.mode, key, country: s.country, input, sessionId: s.id, step: step.name }),
  });
  await recordStep(db, ctx, s, step, data, method, prepare, submittedAt);
  await afterCommit?.();
}
