/**
 * A manual decision (POST /v1/sessions/{id}/decision and the reviewer's dashboard action):
 * decides a session in `review`, or overrides a final decision (decisions.md "Session
 * lifecycle"). The earlier decision stays in history and the audit log.
 */
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import type { Actor } from "../audit/write-audit";
import { outboxCommitted } from "../events/outbox";
import type { Tenant } from "../tenant";
import type { TDecisionRequest, TDecisionResult } from "./session.schemas";
import { transitionSession } from "./session-state";

const DECIDABLE = ["review", "approved", "declined"] as const;

/**
 * @returns `{ id, status, outcome }` (interface.md 4.1).
 * @throws DomainError resource_missing, session_not_decidable (409), parameter_invalid
 *   (param `steps`: unknown step names, or steps given for an outcome other than resubmission).
 */
export async function decideSession(db: Db, tenant: Tenant, id: string, input: TDecisionRequest, actor: Actor): Promise<TDecisionResult> {
  const result = await db.$transaction(async (tx) => {
    const s = await tx.session.findFirst({
      where: { id, projectId: tenant.projectId, mode: tenant.mode },
      select: { id: true, status: true, steps: { select: { name: true, status: true } } },
    });
    if (!s) throw notFound("session", id);
    if (!(DECIDABLE as readonly string[]).includes(s.status)) {
      throw new DomainError("session_not_decidable", `A session in '${s.status}' cannot be decided; only review, approved and declined sessions can.`);
    }
    if (input.steps && input.outcome !== "resubmission_requested") {
      throw new DomainError("parameter_invalid", "steps is only allowed with outcome resubmission_requested.", { param: "steps" });
    }
    const names = new Set(s.steps.map((st) => st.name));
    const unknown = input.steps?.filter((n) => !names.has(n)) ?? [];
    if (unknown.length) {
      throw new DomainError("parameter_invalid", `Unknown step(s): ${unknown.join(", ")}.`, { param: "steps", details: { unknown_steps: unknown } });
    }
    await transitionSession(
      tx,
      s.id,
      s.status,
      input.outcome,
      { actor, decision: input.outcome, decisionSource: "manual", reasonCode: input.reason_code, note: input.note ?? null },
      "session_not_decidable",
    );
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
