/**
 * The reviewer's case view of one session: the API object with its checks, plus what the
 * applicant entered per step, the history timeline and the review reasons. Opening it is a
 * reviewer view of personal data, so it is written to the audit log (decisions.md "Personal
 * data (DPDP)").
 */
import type { Db } from "../db";
import { type Actor, writeAudit } from "../audit/write-audit";
import { type Tenant, tenantWhere } from "../tenant";
import { getSession } from "./session.dto";

export async function getSessionCase(db: Db, tenant: Tenant, id: string, actor: Actor) {
  const session = await getSession(db, tenant, id, ["checks", "applicant", "business"]);
  const [steps, history, workflow] = await Promise.all([
    db.sessionStep.findMany({ where: { sessionId: id }, orderBy: { position: "asc" }, select: { name: true, type: true, status: true, data: true, submittedAt: true } }),
    db.sessionHistory.findMany({
      where: { sessionId: id },
      orderBy: { createdAt: "asc" },
      select: { fromStatus: true, toStatus: true, actorType: true, actorId: true, reason: true, note: true, createdAt: true },
    }),
    db.session.findUniqueOrThrow({ where: { id }, select: { reviewReasons: true, workflow: { select: { name: true } } } }),
  ]);
  await db.$transaction((tx) => writeAudit(tx, { actor, action: "session.viewed", objectType: "session", objectId: id, ...tenantWhere(tenant) }));
  return {
    session,
    workflowName: workflow.workflow.name,
    reviewReasons: workflow.reviewReasons,
    steps: steps.map((s) => ({ ...s, data: (s.data ?? null) as Record<string, unknown> | null })),
    history,
  };
}
