/**
 * The reviewer's case view of one session (ZSessionCase): the API object with its checks, plus what the
 * applicant entered per step, the document fields as extracted and as confirmed, the evidence
 * files (metadata only; each view asks for a signed address, server/evidence/evidence.ts),
 * duplicates with their status, the history timeline (with who acted), the review reasons
 * with their rule descriptions, and the assignee. Opening it is a reviewer view of personal
 * data, so it is written to the audit log (decisions.md "Personal data (DPDP)"): one
 * `session.viewed` row per actor and session per VIEW_AUDIT_WINDOW_MS, so the refetches that
 * follow a claim or a decision do not repeat the row while a reviewer stays on the case.
 */
import type { Db } from "../db";
import { type Actor, auditInsertSql } from "../audit/write-audit";
import type { ExtractedFields, ReviewSignal } from "../intelligence/parsers/parse-common";
import { describeReasons } from "../review/review-queue";
import { sql, sqlTimestamp } from "../sql";
import { type Tenant, tenantWhere } from "../tenant";
import { getSession } from "./session.dto";
import type { TSessionCase } from "./session-case.schemas";

/** A view of the same session by the same actor within this window (ms) is not audited again: 10 minutes. */
export const VIEW_AUDIT_WINDOW_MS = 10 * 60_000;

/**
 * Writes `session.viewed` unless the actor has a row for this session newer than the window
 * (one statement: the check and the insert cannot interleave with another request's check
 * long enough to matter; two rows in a race are harmless).
 */
async function auditView(db: Db, tenant: Tenant, id: string, actor: Actor, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - VIEW_AUDIT_WINDOW_MS);
  const seen = sql`NOT EXISTS (SELECT 1 FROM audit_logs a WHERE a.object_type = 'session' AND a.object_id = ${id} AND a.action = 'session.viewed'
    AND a.actor_type = ${actor.type}::"ActorType" AND a.actor_id IS NOT DISTINCT FROM ${actor.id ?? null} AND a.created_at > ${sqlTimestamp(since)})`;
  await db.$executeRaw(auditInsertSql({ actor, action: "session.viewed", objectType: "session", objectId: id, ...tenantWhere(tenant) }, seen, now));
}

/**
 * The case of session `id`; audits the view (at most once per actor per VIEW_AUDIT_WINDOW_MS).
 * @throws DomainError resource_missing for a session that is not the tenant's.
 */
export async function getSessionCase(db: Db, tenant: Tenant, id: string, actor: Actor): Promise<TSessionCase> {
  const session = await getSession(db, tenant, id, ["checks", "applicant", "business"]);
  const [steps, history, row, files, extractions, duplicates] = await Promise.all([
    db.sessionStep.findMany({
      where: { sessionId: id },
      orderBy: { position: "asc" },
      select: { name: true, type: true, status: true, data: true, submittedAt: true },
    }),
    db.sessionHistory.findMany({
      where: { sessionId: id },
      orderBy: { createdAt: "asc" },
      select: { fromStatus: true, toStatus: true, actorType: true, actorId: true, reason: true, note: true, createdAt: true },
    }),
    db.session.findUniqueOrThrow({
      where: { id },
      select: {
        reviewReasons: true,
        workflowVersionId: true,
        assignedAt: true,
        workflow: { select: { name: true } },
        assignee: { select: { id: true, email: true, name: true } },
      },
    }),
    db.evidenceFile.findMany({
      where: { sessionId: id },
      orderBy: { createdAt: "asc" },
      select: { id: true, step: true, kind: true, contentType: true, size: true, createdAt: true },
    }),
    db.documentExtraction.findMany({
      where: { sessionId: id, ...tenantWhere(tenant) },
      orderBy: { createdAt: "desc" },
      select: { id: true, step: true, documentType: true, status: true, errorCode: true, extracted: true, confirmed: true, signals: true, fileIds: true },
    }),
    db.session.findMany({
      where: { id: { in: session.duplicates.map((d) => d.session_id) }, ...tenantWhere(tenant) },
      select: { id: true, status: true, createdAt: true },
    }),
  ]);
  const userIds = [...new Set(history.flatMap((h) => (h.actorType === "user" && h.actorId ? [h.actorId] : [])))];
  const users = new Map((await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } })).map((u) => [u.id, u.email]));
  const [reasons] = await describeReasons(db, [{ workflowVersionId: row.workflowVersionId, reasons: row.reviewReasons }]);
  const enteredReview = history.findLast((h) => h.toStatus === "review")?.createdAt ?? null;
  const dupById = new Map(duplicates.map((d) => [d.id, d]));
  const latestPerStep = new Map<string, (typeof extractions)[number]>();
  for (const e of extractions) if (!latestPerStep.has(e.step)) latestPerStep.set(e.step, e);

  await auditView(db, tenant, id, actor);
  return {
    session,
    workflowName: row.workflow.name,
    reviewReasons: row.reviewReasons,
    reasons: reasons ?? [],
    enteredReviewAt: enteredReview,
    assignee: row.assignee,
    assignedAt: row.assignedAt,
    steps: steps.map((s) => ({ ...s, data: (s.data ?? null) as Record<string, unknown> | null })),
    history: history.map((h) => ({ ...h, actorEmail: h.actorId ? (users.get(h.actorId) ?? null) : null })),
    evidence: files,
    documents: [...latestPerStep.values()].map((e) => ({
      id: e.id,
      step: e.step,
      documentType: e.documentType,
      status: e.status,
      errorCode: e.errorCode,
      fields: (e.extracted as { fields?: ExtractedFields } | null)?.fields ?? null,
      confirmed: (e.confirmed as Record<string, string | null> | null) ?? null,
      signals: (e.signals as ReviewSignal[] | null) ?? [],
      fileIds: e.fileIds,
    })),
    duplicates: session.duplicates.map((d) => {
      const other = dupById.get(d.session_id);
      return { sessionId: d.session_id, signals: d.signals, status: other?.status ?? null, createdAt: other?.createdAt ?? null };
    }),
  };
}
