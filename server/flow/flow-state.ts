/**
 * What the applicant's page renders (the `flow.state` query), and the two small writes of the
 * flow's frame: opening it (`created` -> `started`) and choosing its language.
 */
import type { Db } from "../db";
import { DomainError } from "../errors";
import { outboxCommitted } from "../events/outbox";
import { OTP_MAX_ATTEMPTS, OTP_RESEND_AFTER_MS } from "../otp/otp-code";
import { maskDestination } from "../otp/otp.dto";
import { applicantReason } from "../sessions/reason-codes";
import { transitionSession } from "../sessions/session-state";
import { stepType } from "../steps/registry";
import { getWorkflowVersionDefinition } from "../workflows/workflow.queries";
import { type TWorkflowDefinition, ZLocale } from "../workflows/workflow.schemas";
import { applicantActor, type FlowContext, type FlowSessionRow, authenticateFlow, flowSessionSelect, loadFlowSession } from "./flow-session";
import { projectBranding } from "../projects/branding";
import { kybFlowState } from "../kyb/kyb-flow-state";

const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * The settings the page gets for a step: its type's `flowSettings` (with `expand`), else the
 * settings with defaults applied.
 */
function flowSettings(type: string, raw: Record<string, unknown>, s: FlowSessionRow, expand = true): Record<string, unknown> {
  const def = stepType(type);
  const parsed = def?.settings.safeParse(raw);
  if (!def || !parsed?.success) return raw;
  return (expand ? def.flowSettings?.(parsed.data, s) : undefined) ?? (parsed.data as Record<string, unknown>);
}

/** What the page may show of a step's data (its type's `publicValues`: never an uploaded ZIP, a share code or a QR payload). */
function publicValues(type: string, data: unknown): Record<string, unknown> | null {
  if (!data || typeof data !== "object") return null;
  const d = data as Record<string, unknown>;
  return stepType(type)?.publicValues?.(d) ?? d;
}

/** The running OTP challenge of open `phone` / `email` steps, so a reload continues at "enter the code". */
async function otpChallenges(db: Db, sessionId: string, steps: string[]) {
  if (!steps.length) return new Map<string, unknown>();
  const rows = await db.otpChallenge.findMany({
    where: { sessionId, step: { in: steps }, verifiedAt: null },
    orderBy: { createdAt: "desc" },
    select: { step: true, channel: true, destination: true, attempts: true, sentAt: true, expiresAt: true, lockedUntil: true },
  });
  const now = Date.now();
  const out = new Map<string, unknown>();
  for (const c of rows) {
    if (out.has(c.step)) continue;
    const locked = c.lockedUntil && c.lockedUntil.getTime() > now ? c.lockedUntil : null;
    if (!locked && c.expiresAt.getTime() <= now) continue;
    out.set(c.step, {
      destination_masked: maskDestination(c.channel as "phone" | "email", c.destination),
      resend_in_seconds: seconds(c.sentAt.getTime() + OTP_RESEND_AFTER_MS - now),
      expires_in_seconds: seconds(c.expiresAt.getTime() - now),
      attempts_left: Math.max(0, OTP_MAX_ATTEMPTS - c.attempts),
      locked_for_seconds: locked ? seconds(locked.getTime() - now) : 0,
    });
  }
  return out;
}

export interface FlowOtpState {
  destination_masked: string;
  resend_in_seconds: number;
  expires_in_seconds: number;
  attempts_left: number;
  locked_for_seconds: number;
}

const isOpen = (status: string) => status === "pending" || status === "in_progress";
/** A round of steps to redo (a resubmission), which the applicant's reason text explains. */
const isRedo = (s: FlowSessionRow) => s.status === "resubmission_requested" || s.steps.some((st) => st.attempts > 0 && isOpen(st.status));

/**
 * The part of the flow state that is the workflow's and the project's, not the applicant's: the
 * session's frame (organization, branding, language, type, mode, status), its steps with their
 * settings and statuses, and the current step. Never what the applicant entered, the prefill,
 * the redirect or a reviewer's reason. `expandAll: false` gives the steps but the current one
 * their settings without their type's `flowSettings` (e.g. the documents step's catalogue).
 */
function flowFrame(s: FlowSessionRow, definition: TWorkflowDefinition, expandAll = true) {
  const settings = new Map(definition.steps.map((st) => [st.name, st.settings]));
  const currentStep = s.steps.find((st) => isOpen(st.status))?.name ?? null;
  return {
    session: {
      id: s.id,
      status: s.status,
      type: s.type,
      mode: s.mode,
      locale: s.locale,
      languages: definition.languages,
      organizationName: s.project.organization.name,
      /** the project's hosted-flow colour and logo (dashboard settings) */
      branding: projectBranding(s.project),
    },
    steps: s.steps.map((st) => ({
      name: st.name,
      type: st.type,
      status: st.status,
      required: st.required,
      settings: flowSettings(st.type, settings.get(st.name) ?? {}, s, expandAll || st.name === currentStep),
    })),
    currentStep,
  };
}

/**
 * The flow state: session frame, the steps with settings and what was entered, the current step.
 * `session.resubmission` (a round of steps to redo): what the applicant is told about the
 * reviewer's reason code, in en and hi (server/sessions/reason-codes.ts; null: the flow's
 * generic sentence); the flow lists the steps of the round. `session.decisionReason`: the same text
 * for a declined session. The decision's internal note is never part of it.
 */
export async function getFlowState(db: Db, ctx: FlowContext) {
  const device = await authenticateFlow(db, ctx);
  const s = await loadFlowSession(db, ctx.sessionId);
  const frame = flowFrame(s, await getWorkflowVersionDefinition(db, s.workflowVersionId));
  const pending = s.steps.filter((st) => isOpen(st.status));
  const lastResubmission = s.history[0];
  const otp = await otpChallenges(
    db,
    s.id,
    pending.filter((st) => stepType(st.type)?.otp).map((st) => st.name),
  );
  return {
    session: {
      ...frame.session,
      redirectUrl: s.redirectUrl ? `${s.redirectUrl}${s.redirectUrl.includes("?") ? "&" : "?"}session_id=${s.id}&status=${s.status}` : null,
      prefill: (s.prefill ?? {}) as { full_name?: string; email?: string; phone?: string },
      resubmission: isRedo(s) && lastResubmission ? { message: await applicantReason(db, s.projectId, lastResubmission.reason) } : null,
      decisionReason: s.status === "declined" ? await applicantReason(db, s.projectId, s.reasonCode) : null,
      expiresAt: s.expiresAt.toISOString(),
    },
    steps: frame.steps.map((st, i) => ({
      ...st,
      /** what the applicant entered, for the review summary and edit links (never for other sessions) */
      values: publicValues(st.type, s.steps[i]!.data),
      otp: (otp.get(st.name) ?? null) as FlowOtpState | null,
    })),
    currentStep: frame.currentStep,
    /** `active`: false once another device continued the flow (server/flow/flow-handoff.ts): this one shows progress only */
    device,
    /** KYB sessions: the registry's directors, the key people's sessions, the waiting state */
    kyb:
      s.type === "kyb"
        ? await kybFlowState(
            db,
            s,
            pending.some((st) => st.required),
          )
        : null,
  };
}

/**
 * What the flow's page may render before the browser has read the client token (issue 18, "fast
 * on a cheap phone": the first screen painted from the server's HTML): `flowFrame` (only the
 * current step's settings expanded: what the page carries stays small), which holds
 * nothing the applicant entered (the organization and language are what a link's failure screen
 * shows anyway), for a session whose current step is open on a first pass. Null for an unknown
 * session, one past `expires_at` or not in `created`/`started`/`in_progress`, a resubmission
 * (its screen says the reviewer's reason), or one without an open step. Reads only: the
 * token-gated use cases expire and start the session.
 */
export async function getFlowPreview(db: Db, sessionId: string): Promise<FlowPreview | null> {
  const s = await db.session.findUnique({ where: { id: sessionId }, select: flowSessionSelect });
  if (!s || !PREVIEW_STATUSES.includes(s.status) || s.expiresAt <= new Date() || isRedo(s)) return null;
  const frame = flowFrame(s, await getWorkflowVersionDefinition(db, s.workflowVersionId), false);
  return frame.currentStep ? frame : null;
}

const PREVIEW_STATUSES: readonly string[] = ["created", "started", "in_progress"];

/** The flow's frame before the client token: see `getFlowPreview`. */
export type FlowPreview = ReturnType<typeof flowFrame>;

/** The applicant opened the flow: `created` -> `started` (no-op in any other status). */
export async function startFlow(db: Db, ctx: FlowContext): Promise<void> {
  await authenticateFlow(db, ctx);
  const actor = applicantActor(ctx);
  const moved = await db.$transaction(async (tx) => {
    const s = await tx.session.findUniqueOrThrow({ where: { id: ctx.sessionId }, select: { status: true, expiresAt: true } });
    if (s.status !== "created" || s.expiresAt <= new Date()) return false;
    await transitionSession(tx, ctx.sessionId, "created", "started", { actor });
    return true;
  });
  if (moved) outboxCommitted();
}

/**
 * The applicant switched the flow's language: it becomes the session's `locale` (OTP messages,
 * a resumed flow). @throws DomainError locale_not_supported (400) for a language the workflow lacks.
 */
export async function setFlowLocale(db: Db, ctx: FlowContext, locale: string): Promise<{ locale: string }> {
  await authenticateFlow(db, ctx);
  const parsed = ZLocale.safeParse(locale);
  const s = await db.session.findUniqueOrThrow({ where: { id: ctx.sessionId }, select: { workflowVersionId: true } });
  const { languages } = await getWorkflowVersionDefinition(db, s.workflowVersionId);
  if (!parsed.success || !languages.includes(parsed.data)) {
    throw new DomainError("locale_not_supported", `The workflow supports ${languages.join(", ")}.`, { param: "locale" });
  }
  await db.session.update({ where: { id: ctx.sessionId }, data: { locale: parsed.data }, select: { id: true } });
  return { locale: parsed.data };
}
