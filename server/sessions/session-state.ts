/**
 * The session state machine (decisions.md "Session lifecycle"): the only place a session's
 * status changes. Every transition, in the caller's transaction, appends history, writes an
 * audit row and emits the public event `session.<to>` (outbox); a child session (a KYB
 * session's key person) also emits `session.child_updated` on its parent.
 */
import type { Tx } from "../db";
import { DomainError } from "../errors";
import type { DecisionOutcome, DecisionSource, SessionStatus } from "../generated/prisma/enums";
import { newId } from "../ids";
import { type Actor, writeAudit } from "../audit/write-audit";
import type { TEventSession, TSessionEventType } from "../events/event.schemas";
import { emitEvent } from "../events/outbox";
import { queueCkycUpload } from "../ckyc/queue-ckyc-upload";
import { scheduleReview } from "../risk/session-risk";
import { setSessionMonitoring } from "../screening/screening.queries";

/** Cancellable, expirable, client token may be re-issued. */
export const ACTIVE_STATUSES: readonly SessionStatus[] = ["created", "started", "in_progress", "resubmission_requested"];
/** Decided: a decision may override them. */
export const DECIDED_STATUSES: readonly SessionStatus[] = ["approved", "declined"];
/** Nothing moves out of these. */
export const TERMINAL_STATUSES: readonly SessionStatus[] = ["expired", "cancelled"];

const TRANSITIONS: Record<SessionStatus, readonly SessionStatus[]> = {
  created: ["started", "cancelled", "expired"],
  started: ["in_progress", "cancelled", "expired"],
  in_progress: ["processing", "cancelled", "expired"],
  resubmission_requested: ["in_progress", "cancelled", "expired"],
  processing: ["approved", "declined", "review"],
  review: ["approved", "declined", "resubmission_requested"],
  // approved -> review: ongoing screening found a new candidate (server/screening/monitoring.ts)
  approved: ["approved", "declined", "resubmission_requested", "review"],
  // declined -> review: a resubmission asked for past the workflow's limit (decide-session.ts)
  declined: ["approved", "declined", "resubmission_requested", "review"],
  expired: [],
  cancelled: [],
};

export function canTransition(from: SessionStatus, to: SessionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export interface TransitionOptions {
  actor: Actor;
  reason?: string | null;
  note?: string | null;
  decision?: DecisionOutcome | null;
  decisionSource?: DecisionSource | null;
  reasonCode?: string | null;
  reviewReasons?: string[];
}

export interface TransitionedSession {
  id: string;
  projectId: string;
  mode: "test" | "live";
  status: SessionStatus;
  referenceId: string | null;
  decision: DecisionOutcome | null;
  decisionSource: DecisionSource | null;
}

const FINAL_FOR_COMPLETION: readonly SessionStatus[] = ["approved", "declined", "expired", "cancelled"];

/**
 * Moves a session from `from` to `to`. Uses a compare-and-set on the current status, so two
 * concurrent transitions cannot both win.
 * @throws DomainError (conflict) when the move is not allowed or the status changed meanwhile;
 *   the code is chosen by the caller via `conflictCode`.
 */
export async function transitionSession(
  tx: Tx,
  sessionId: string,
  from: SessionStatus,
  to: SessionStatus,
  opts: TransitionOptions,
  conflictCode: "session_not_decidable" | "session_not_cancellable" | "session_not_editable" = "session_not_editable",
): Promise<TransitionedSession> {
  if (!canTransition(from, to)) throw new DomainError(conflictCode, `A session in '${from}' cannot move to '${to}'.`);
  const now = new Date();
  const isDecision = opts.decision !== undefined;
  const updated = await tx.session.updateMany({
    where: { id: sessionId, status: from },
    data: {
      status: to,
      ...(isDecision ? { decision: opts.decision, decisionSource: opts.decisionSource ?? null, reasonCode: opts.reasonCode ?? null } : {}),
      ...(opts.reviewReasons ? { reviewReasons: opts.reviewReasons } : {}),
      completedAt: FINAL_FOR_COMPLETION.includes(to) ? now : to === "resubmission_requested" ? null : undefined,
    },
  });
  if (updated.count !== 1) throw new DomainError(conflictCode, `The session is no longer '${from}'.`);
  const s = await tx.session.findUniqueOrThrow({
    where: { id: sessionId },
    select: { id: true, projectId: true, mode: true, status: true, referenceId: true, decision: true, decisionSource: true, parentSessionId: true, role: true },
  });
  // an approved customer stays screened against list changes; a declined one does not (issue 20)
  // and is reviewed again (periodic re-KYC) on its risk level's schedule (server/risk/)
  if (to === "approved" || to === "declined" || to === "resubmission_requested") {
    await setSessionMonitoring(tx, sessionId, to === "approved", now);
    await scheduleReview(tx, sessionId, to === "approved" ? now : null);
  }
  await tx.sessionHistory.create({
    data: {
      id: newId("history"),
      sessionId,
      fromStatus: from,
      toStatus: to,
      actorType: opts.actor.type,
      actorId: opts.actor.id ?? null,
      reason: opts.reason ?? opts.reasonCode ?? null,
      note: opts.note ?? null,
      createdAt: now,
    },
  });
  await writeAudit(tx, {
    actor: opts.actor,
    action: isDecision ? "session.decided" : "session.status_changed",
    objectType: "session",
    objectId: sessionId,
    projectId: s.projectId,
    mode: s.mode,
    data: {
      from,
      to,
      ...(opts.reasonCode ? { reason_code: opts.reasonCode } : {}),
      ...(isDecision ? { decision: opts.decision ?? null, decision_source: opts.decisionSource ?? null } : {}),
    },
  });
  await emitEvent(
    tx,
    { projectId: s.projectId, mode: s.mode, type: `session.${to}` as TSessionEventType, data: { session: sessionEventData(s) }, sessionId },
    now,
  );
  // RBI: the KYC record of a customer onboarded through the CKYC route is uploaded within 7 days
  if (to === "approved") await queueCkycUpload(tx, s, now);
  if (s.parentSessionId) {
    const parent = await tx.session.findUniqueOrThrow({
      where: { id: s.parentSessionId },
      select: { id: true, referenceId: true, status: true, decision: true, decisionSource: true },
    });
    const related_session = { id: s.id, role: s.role, status: s.status };
    await emitEvent(
      tx,
      {
        projectId: s.projectId,
        mode: s.mode,
        type: "session.child_updated",
        data: { session: sessionEventData(parent), related_session },
        sessionId: parent.id,
      },
      now,
    );
  }
  return s;
}

/** `data.session` of session events (decisions.md "Webhooks"): no personal data. */
export function sessionEventData(s: Pick<TransitionedSession, "id" | "referenceId" | "status" | "decision" | "decisionSource">): TEventSession {
  return { id: s.id, reference_id: s.referenceId, status: s.status, decision: s.decision, decision_source: s.decisionSource };
}
