/**
 * The review queue (issue 7 "Review"): sessions of one project and mode in `review`, oldest
 * first by when they (last) entered review, with their review reasons (the fired decision
 * rules, described by the workflow version they ran on) and their assignee.
 *
 * Filters: assignee (`me`, `unassigned`, `anyone`, or a user id), one reason. Search (one box,
 * server side, bind parameters only): a session id or reference_id (exact), the applicant's
 * name (part of it, any case: prefill, verified profile, the name typed in a PAN step), or the
 * PAN's last 4 characters (`234F`) or its 4 digits (`1234`).
 * Keyset pagination over (entered review at, id) ascending with `starting_after` = a session id.
 */
import type { Db } from "../db";
import { notFound } from "../errors";
import { sql, sqlEmpty, sqlTimestamp, type Sql } from "../sql";
import type { Tenant } from "../tenant";
import { getWorkflowVersionDefinition } from "../workflows/workflow.queries";
import { type TReviewQueuePage, type TReviewQueueRequest, type TReviewQueueSummary, type TReviewReason, ZReviewQueueRequest } from "./review-queue.schemas";

interface QueueRow {
  id: string;
  type: "kyc" | "kyb";
  reference_id: string | null;
  created_at: Date;
  entered_at: Date;
  review_reasons: string[];
  workflow_version_id: string;
  assignee_id: string | null;
  assigned_at: Date | null;
  assignee_email: string | null;
  assignee_name: string | null;
}

/** When session `s` last entered review (its creation time if history has no such row). */
const ENTERED_REVIEW = sql`coalesce((SELECT max(h.created_at) FROM session_history h WHERE h.session_id = s.id AND h.to_status = 'review'), s.created_at)`;

const inTenantReview = (tenant: Tenant) => sql`s.project_id = ${tenant.projectId} AND s.mode = ${tenant.mode}::"Mode" AND s.status = 'review'`;

/** `%term%` for ILIKE with the term's own `%`, `_` and `\` taken literally. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The search condition on session `s` (an empty fragment for no search). */
function searchSql(search: string | undefined): Sql {
  const t = search?.trim();
  if (!t) return sqlEmpty;
  const like = likePattern(t);
  const name =
    t.length >= 2
      ? sql` OR s.prefill->>'full_name' ILIKE ${like} OR s.applicant->'full_name'->>'value' ILIKE ${like} OR s.business->'full_name'->>'value' ILIKE ${like}
        OR EXISTS (SELECT 1 FROM session_steps st WHERE st.session_id = s.id AND st.data->>'name' ILIKE ${like})`
      : sqlEmpty;
  const pan = /^\d{3}[A-Za-z]$/.test(t)
    ? sql` OR EXISTS (SELECT 1 FROM session_steps st WHERE st.session_id = s.id AND right(st.data->>'pan', 4) = ${t.toUpperCase()})`
    : /^\d{4}$/.test(t)
      ? sql` OR EXISTS (SELECT 1 FROM session_steps st WHERE st.session_id = s.id AND substr(st.data->>'pan', 6, 4) = ${t})`
      : sqlEmpty;
  return sql` AND (s.id = ${t} OR s.reference_id = ${t}${name}${pan})`;
}

function assigneeSql(assignee: string, userId: string): Sql {
  if (assignee === "anyone") return sqlEmpty;
  if (assignee === "unassigned") return sql` AND s.assignee_id IS NULL`;
  return sql` AND s.assignee_id = ${assignee === "me" ? userId : assignee}`;
}

/** Rule name -> description for each workflow version (one read per version, per call). */
async function ruleDescriptions(db: Db, versionIds: readonly string[]): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const id of new Set(versionIds)) {
    const def = await getWorkflowVersionDefinition(db, id);
    out.set(id, new Map(def.decision.rules.flatMap((r) => (r.description ? [[r.name, r.description] as const] : []))));
  }
  return out;
}

/** Review reasons of sessions with their rule descriptions. */
export async function describeReasons(db: Db, sessions: readonly { workflowVersionId: string; reasons: readonly string[] }[]): Promise<TReviewReason[][]> {
  const descriptions = await ruleDescriptions(
    db,
    sessions.map((s) => s.workflowVersionId),
  );
  return sessions.map((s) => s.reasons.map((name) => ({ name, description: descriptions.get(s.workflowVersionId)?.get(name) ?? null })));
}

/**
 * One page of the queue, oldest first.
 * @param userId the signed-in user (for `assignee: "me"`).
 * @throws DomainError resource_missing (param `starting_after`) for a cursor that is not a session of the tenant.
 */
export async function listReviewQueue(db: Db, tenant: Tenant, userId: string, input: TReviewQueueRequest): Promise<TReviewQueuePage> {
  const q = ZReviewQueueRequest.parse(input);
  let cursor: Sql = sqlEmpty;
  if (q.startingAfter) {
    const [c] = await db.$queryRaw<{ entered_at: Date }[]>(sql`
      SELECT ${ENTERED_REVIEW} AS entered_at FROM sessions s WHERE s.id = ${q.startingAfter} AND s.project_id = ${tenant.projectId} AND s.mode = ${tenant.mode}::"Mode"`);
    if (!c) throw notFound("session", q.startingAfter, "starting_after");
    cursor = sql`WHERE (q.entered_at, q.id) > (${sqlTimestamp(c.entered_at)}, ${q.startingAfter})`;
  }
  const rows = await db.$queryRaw<QueueRow[]>(sql`
    WITH q AS (
      SELECT s.id, s.type::text AS type, s.reference_id, s.created_at, s.review_reasons, s.workflow_version_id, s.assignee_id, s.assigned_at,
        ${ENTERED_REVIEW} AS entered_at
      FROM sessions s
      WHERE ${inTenantReview(tenant)}${assigneeSql(q.assignee, userId)}${q.reason ? sql` AND ${q.reason} = ANY(s.review_reasons)` : sqlEmpty}${searchSql(q.search)}
    )
    SELECT q.*, u.email AS assignee_email, u.name AS assignee_name
    FROM q LEFT JOIN users u ON u.id = q.assignee_id
    ${cursor}
    ORDER BY q.entered_at ASC, q.id ASC
    LIMIT ${q.limit + 1}`);
  const page = rows.slice(0, q.limit);
  const reasons = await describeReasons(
    db,
    page.map((r) => ({ workflowVersionId: r.workflow_version_id, reasons: r.review_reasons })),
  );
  return {
    object: "list",
    data: page.map((r, i) => ({
      id: r.id,
      type: r.type,
      reference_id: r.reference_id,
      created_at: r.created_at.toISOString(),
      entered_review_at: r.entered_at.toISOString(),
      reasons: reasons[i]!,
      assignee: r.assignee_id ? { id: r.assignee_id, email: r.assignee_email ?? "", name: r.assignee_name ?? "" } : null,
      assigned_at: r.assigned_at?.toISOString() ?? null,
    })),
    has_more: rows.length > q.limit,
  };
}

/** Counts for the navigation badge and the filters. */
export async function reviewQueueSummary(db: Db, tenant: Tenant, userId: string): Promise<TReviewQueueSummary> {
  const [counts, reasons] = await Promise.all([
    db.$queryRaw<{ total: number; mine: number; unassigned: number }[]>(sql`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE s.assignee_id = ${userId})::int AS mine, count(*) FILTER (WHERE s.assignee_id IS NULL)::int AS unassigned
      FROM sessions s WHERE ${inTenantReview(tenant)}`),
    db.$queryRaw<{ name: string; count: number }[]>(sql`
      SELECT r AS name, count(*)::int AS count FROM sessions s, unnest(s.review_reasons) r
      WHERE ${inTenantReview(tenant)} GROUP BY r ORDER BY count DESC, r ASC`),
  ]);
  const c = counts[0] ?? { total: 0, mine: 0, unassigned: 0 };
  return { total: c.total, mine: c.mine, unassigned: c.unassigned, reasons };
}
