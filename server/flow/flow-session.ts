/**
 * What every hosted-flow use case starts with (decisions.md "Client tokens and the hosted
 * flow"): authenticate the client token for its own session (sliding expiry), load the session,
 * and expire it once `expires_at` has passed.
 */
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import { type Actor, SYSTEM_ACTOR } from "../audit/write-audit";
import { sha256Hex } from "../crypto/hash";
import { outboxCommitted } from "../events/outbox";
import type { SessionStatus } from "../generated/prisma/enums";
import { authenticateClientToken } from "../sessions/client-tokens";
import { ACTIVE_STATUSES, transitionSession } from "../sessions/session-state";
import { getWorkflowVersionDefinition } from "../workflows/workflow.queries";

export interface FlowContext {
  sessionId: string;
  token: string;
  ip?: string | null;
  userAgent?: string | null;
}

/** The applicant of the flow's session, as audit rows and transitions name them. */
export function applicantActor(ctx: FlowContext): Actor {
  return { type: "applicant", id: ctx.sessionId, ip: ctx.ip };
}

/** Statuses in which the applicant can enter data. */
export const EDITABLE_STATUSES: readonly SessionStatus[] = ["started", "in_progress", "resubmission_requested"];

/**
 * Why a token does not open the flow, so the page can say what happened instead of a generic
 * "link expired": `token_expired` (30 minutes without activity), `token_replaced` (a newer link
 * was issued), `session_cancelled`, `session_expired`, `invalid` (unknown token).
 */
export type TokenFailureReason = "token_expired" | "token_replaced" | "session_cancelled" | "session_expired" | "invalid";

async function explainTokenFailure(db: Db, sessionId: string, token: string): Promise<DomainError> {
  const row = await db.clientToken.findFirst({
    where: { tokenHash: sha256Hex(token), sessionId },
    select: {
      revokedAt: true,
      session: { select: { status: true, expiresAt: true, locale: true, project: { select: { organization: { select: { name: true } } } } } },
    },
  });
  let reason: TokenFailureReason = "invalid";
  if (row) {
    const { status, expiresAt } = row.session;
    if (status === "cancelled") reason = "session_cancelled";
    else if (status === "expired" || (ACTIVE_STATUSES.includes(status) && expiresAt <= new Date())) reason = "session_expired";
    else if (row.revokedAt) reason = "token_replaced";
    else reason = "token_expired";
  }
  return new DomainError("client_token_invalid", "This link has expired. Ask for a new link to continue.", {
    // the session's language only for a token of this session (never for an unknown one)
    details: { reason, organization_name: row?.session.project.organization.name ?? null, locale: row?.session.locale ?? null },
  });
}

/**
 * Authenticates the client token (sliding its expiry to now + 30 minutes).
 * @returns `active`: whether this token's device is the one that may submit (one active device
 *   at a time, server/flow/flow-handoff.ts).
 * @throws DomainError client_token_invalid (401) with `details: { reason, organization_name, locale }`
 *   (`locale`: the session's flow language, so the screen that explains the failure speaks it).
 */
export async function authenticateFlow(db: Db, ctx: FlowContext): Promise<{ active: boolean }> {
  try {
    return await authenticateClientToken(db, ctx.sessionId, ctx.token);
  } catch (err) {
    if (err instanceof DomainError && err.code === "client_token_invalid") throw await explainTokenFailure(db, ctx.sessionId, ctx.token);
    throw err;
  }
}

export const flowSessionSelect = {
  id: true,
  status: true,
  type: true,
  mode: true,
  country: true,
  locale: true,
  projectId: true,
  redirectUrl: true,
  prefill: true,
  expiresAt: true,
  workflowVersionId: true,
  reasonCode: true,
  project: { select: { name: true, brandColor: true, logoKey: true, organization: { select: { name: true } } } },
  steps: {
    select: { name: true, type: true, status: true, required: true, data: true, attempts: true, submittedAt: true },
    orderBy: { position: "asc" as const },
  },
  history: {
    where: { toStatus: "resubmission_requested" as const },
    orderBy: { createdAt: "desc" as const },
    take: 1,
    // the reason code only: the decision's note is internal (reviewers and the API)
    select: { reason: true },
  },
};

/** Loads the session for the flow; an active session past `expires_at` is moved to `expired` first. */
export async function loadFlowSession(db: Db, sessionId: string) {
  const s = await db.session.findUnique({ where: { id: sessionId }, select: flowSessionSelect });
  if (!s) throw notFound("session", sessionId);
  if (ACTIVE_STATUSES.includes(s.status) && s.expiresAt <= new Date()) {
    try {
      await db.$transaction((tx) => transitionSession(tx, s.id, s.status, "expired", { actor: SYSTEM_ACTOR, reason: "expires_at_passed" }));
      outboxCommitted();
    } catch (err) {
      // another request (or the expiry job) moved it first: read what it is now
      if (!(err instanceof DomainError)) throw err;
    }
    return { ...s, status: (await db.session.findUniqueOrThrow({ where: { id: sessionId }, select: { status: true } })).status };
  }
  return s;
}
export type FlowSessionRow = Awaited<ReturnType<typeof loadFlowSession>>;

/**
 * @throws DomainError device_not_active (409) when another device took the flow over ("continue
 *   on your phone"): only the active device submits; this one may take it back (`takeOverFlow`).
 */
export function assertActiveDevice(device: { active: boolean }): void {
  if (!device.active) throw new DomainError("device_not_active", "This verification continues on another device.");
}

/**
 * Authenticates, loads, and checks the session still accepts input from this device.
 * @throws DomainError session_not_editable (409) when it does not; device_not_active (409) when
 *   another device has the flow.
 */
export async function loadEditableSession(db: Db, ctx: FlowContext): Promise<FlowSessionRow> {
  assertActiveDevice(await authenticateFlow(db, ctx));
  const s = await loadFlowSession(db, ctx.sessionId);
  if (!EDITABLE_STATUSES.includes(s.status)) {
    throw new DomainError("session_not_editable", `This verification is ${s.status.replace("_", " ")} and cannot be changed.`, {
      details: { status: s.status },
    });
  }
  return s;
}

/**
 * The step `stepName` of the session, when it is open to (re)submission.
 * @throws DomainError step_not_available (409) otherwise.
 */
export function openStep(s: FlowSessionRow, stepName: string, types?: readonly string[]) {
  const step = s.steps.find((st) => st.name === stepName);
  if (!step || !["pending", "in_progress", "submitted"].includes(step.status) || (types && !types.includes(step.type))) {
    throw new DomainError("step_not_available", `Step '${stepName}' is not open.`, { param: "step" });
  }
  return step;
}

/** The settings of step `stepName` in the session's workflow version, as stored (`{}` when it has none). */
export async function stepSettings(db: Db, s: Pick<FlowSessionRow, "workflowVersionId">, stepName: string): Promise<Record<string, unknown>> {
  const definition = await getWorkflowVersionDefinition(db, s.workflowVersionId);
  return definition.steps.find((st) => st.name === stepName)?.settings ?? {};
}

/** A zod failure as `parameter_invalid` whose messages are the flow's i18n keys. */
export function validationError(err: { issues: { path: PropertyKey[]; message: string }[] }): DomainError {
  const first = err.issues[0];
  return new DomainError("parameter_invalid", first?.message ?? "invalid", {
    param: first?.path.map(String).join(".") || undefined,
    details: err.issues.map((i) => ({ param: i.path.map(String).join("."), message: i.message })),
  });
}
