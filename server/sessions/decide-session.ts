/**
 * A manual decision (POST /v1/sessions/{id}/decision and the reviewer's dashboard action):
 * decides a session in `review`, or overrides a final decision (decisions.md "Session
 * lifecycle"). The earlier decision stays in history and the audit log: an override writes
 * `session.decision_overridden` (earlier and new decision) next to the transition's
 * `session.decided`.
 */
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import { type Actor, writeAudit } from "../audit/write-audit";
import { outboxCommitted } from "../events/outbox";
import { type Tenant, tenantWhere } from "../tenant";
import { getWorkflowVersionDefinition } from "../workflows/workflow.queries";
import { MAX_RESUBMISSIONS_DEFAULT } from "../workflows/workflow.schemas";
import type { TDecisionRequest, TDecisionResult } from "./session.schemas";
import { transitionSession } from "./session-state";

const DECIDABLE = ["review", "approved", "declined"] as const;

export interface DecideOptions {
  /**
   * The dashboard's explicit confirmation of an override. When given (the dashboard always
   * gives it), a decided session is only decided again with `true`: a reviewer who saw the
   * session in review never silently overrides a decision someone took meanwhile. The /v1
   * endpoint passes no options: an API call may override (interface.md 4.1), so /v1 never
   * answers `override_not_confirmed`.
   */
  confirmOverride?: boolean;
}

/**
 * Resubmissions are capped per session by the workflow's `max_resubmissions` (default 3): a
 * resubmission request when the session already had that many puts it in `review` instead
 * (it stays there when it is in review; an approved or declined one moves there), audited as
 * `session.resubmission_limit_reached`; the result's `status` is then `review`.
 * @returns `{ id, status, outcome }` (interface.md 4.1).
 * @throws DomainError resource_missing, session_not_decidable (409: not review, approved or
 *   declined), override_not_confirmed (409, param `override`, details `{ status, decision,
 *   decision_source }`: `opts.confirmOverride` is false and the session is already decided), parameter_invalid
 *   (param `steps`: unknown step names, or steps given for an outcome other than resubmission).
 */
export async function decideSession(
  db: Db,
  tenant: Tenant,
  id: string,
  input: TDecisionRequest,
  actor: Actor,
  opts: DecideOptions = {},
): Promise<TDecisionResult> {
  const result = await db.$transaction(async (tx) => {
    const s = await tx.session.findFirst({
      where: { id, projectId: tenant.projectId, mode: tenant.mode },
      select: {
        id: true,
        status: true,
        decision: true,
        decisionSource: true,
        reasonCode: true,
        workflowVersionId: true,
        steps: { select: { name: true, status: true } },
      },
    });
    if (!s) throw notFound("session", id);
    if (!(DECIDABLE as readonly string[]).includes(s.status)) {
      throw new DomainError("session_not_decidable", `A session in '${s.status}' cannot be decided; only review, approved and declined sessions can.`);
    }
    const overriding = s.status !== "review";
    if (overriding && opts.confirmOverride === false) {
      throw new DomainError("override_not_confirmed", `This session was already ${s.status}. Confirm the override to change a final decision.`, {
        param: "override",
        details: { status: s.status, decision: s.decision, decision_source: s.decisionSource },
      });
    }
    if (input.steps && input.outcome !== "resubmission_requested") {
      throw new DomainError("parameter_invalid", "steps is only allowed with outcome resubmission_requested.", { param: "steps" });
    }
    const names = new Set(s.steps.map((st) => st.name));
    const unknown = input.steps?.filter((n) => !names.has(n)) ?? [];
    if (unknown.length) {
      throw new DomainError("parameter_invalid", `Unknown step(s): ${unknown.join(", ")}.`, { param: "steps", details: { unknown_steps: unknown } });
    }
    if (input.outcome === "resubmission_requested") {
      const limit = (await getWorkflowVersionDefinition(tx, s.workflowVersionId)).max_resubmissions ?? MAX_RESUBMISSIONS_DEFAULT;
      const done = await tx.sessionHistory.count({ where: { sessionId: s.id, toStatus: "resubmission_requested" } });
      if (done >= limit) {
        if (s.status !== "review")
          await transitionSession(tx, s.id, s.status, "review", { actor, reason: "resubmission_limit_reached" }, "session_not_decidable");
        await writeAudit(tx, {
          actor,
          action: "session.resubmission_limit_reached",
          objectType: "session",
          objectId: s.id,
          ...tenantWhere(tenant),
          data: { limit, resubmissions: done, reason_code: input.reason_code },
        });
        return { id: s.id, status: "review" as const, outcome: input.outcome };
      }
    }
    await transitionSession(
      tx,
      s.id,
      s.status,
      input.outcome,
      { actor, decision: input.outcome, decisionSource: "manual", reasonCode: input.reason_code, note: input.note ?? null },
      "session_not_decidable",
    );
    if (overriding) {
      await writeAudit(tx, {
        actor,
        action: "session.decision_overridden",
        objectType: "session",
        objectId: s.id,
        ...tenantWhere(tenant),
        data: {
          previous: { decision: s.decision, decision_source: s.decisionSource, reason_code: s.reasonCode },
          new: { decision: input.outcome, decision_source: "manual", reason_code: input.reason_code },
        },
      });
    }
    if (input.outcome === "resubmission_requested") {
      const redo = input.steps ?? s.steps.filter((st) => st.status === "failed" || st.status === "needs_review").map((st) => st.name);
      const steps = redo.length ? redo : s.steps.map((st) => st.name);
      await tx.sessionStep.updateMany({ where: { sessionId: s.id, name: { in: steps } }, data: { status: "pending" } });
    }
    return { id: s.id, status: input.outcome, outcome: input.outcome };
  });
  outboxCommitted();
  return result;
}
