/**
 * The dashboard overview of one project and mode (issue 7): sessions created per day by
 * status for the last `days` days (days in the viewer's time zone), the approval rate and
 * the median time from submission to decision of the sessions decided in that window, and
 * the review queue (size, age of the oldest item). Four aggregate statements on existing
 * indexes; nothing is stored.
 */
import type { Db } from "../db";
import type { SessionStatus } from "../generated/prisma/enums";
import { sql } from "../sql";
import type { Tenant } from "../tenant";
import type { TOverviewDay, TProjectOverview } from "./project-overview.schemas";

/** YYYY-MM-DD of `d` in `timeZone`. */
function localDate(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
}

/** The overview of `tenant` over the last `days` days up to `now`. */
export async function getProjectOverview(db: Db, tenant: Tenant, q: { days: number; timeZone: string }, now = new Date()): Promise<TProjectOverview> {
  // the window starts at local midnight `days - 1` days ago
  const dates: string[] = [];
  for (let i = q.days - 1; i >= 0; i--) dates.push(localDate(new Date(now.getTime() - i * 86_400_000), q.timeZone));
  const unique = [...new Set(dates)];
  const first = unique[0]!;
  // local midnight of the first day, as a UTC wall time like the timestamp(3) columns
  const sinceSql = sql`(((${first}::date)::timestamp AT TIME ZONE ${q.timeZone}) AT TIME ZONE 'UTC')`;
  const mode = sql`${tenant.mode}::"Mode"`;

  const [perDay, decided, median, queue] = await Promise.all([
    db.$queryRaw<{ day: string; status: SessionStatus; n: number }[]>(sql`
      SELECT to_char((created_at AT TIME ZONE 'UTC') AT TIME ZONE ${q.timeZone}, 'YYYY-MM-DD') AS day, status::text AS status, count(*)::int AS n
      FROM sessions WHERE project_id = ${tenant.projectId} AND mode = ${mode} AND created_at >= ${sinceSql}
      GROUP BY 1, 2`),
    db.$queryRaw<{ approved: number; declined: number }[]>(sql`
      SELECT count(*) FILTER (WHERE status = 'approved')::int AS approved, count(*) FILTER (WHERE status = 'declined')::int AS declined
      FROM sessions WHERE project_id = ${tenant.projectId} AND mode = ${mode} AND status IN ('approved', 'declined') AND completed_at >= ${sinceSql}`),
    db.$queryRaw<{ seconds: number | null }[]>(sql`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM s.completed_at - coalesce(
        (SELECT max(h.created_at) FROM session_history h WHERE h.session_id = s.id AND h.to_status = 'processing' AND h.created_at <= s.completed_at), s.created_at)))::float8 AS seconds
      FROM sessions s WHERE s.project_id = ${tenant.projectId} AND s.mode = ${mode} AND s.status IN ('approved', 'declined') AND s.completed_at >= ${sinceSql}`),
    db.$queryRaw<{ size: number; oldest: Date | null }[]>(sql`
      SELECT count(*)::int AS size, min(entered) AS oldest FROM (
        SELECT (SELECT max(h.created_at) FROM session_history h WHERE h.session_id = s.id AND h.to_status = 'review') AS entered
        FROM sessions s WHERE s.project_id = ${tenant.projectId} AND s.mode = ${mode} AND s.status = 'review') q`),
  ]);

  const byDate = new Map<string, TOverviewDay>(unique.map((date) => [date, { date, total: 0, byStatus: {} }]));
  let created = 0;
  for (const row of perDay) {
    const day = byDate.get(row.day);
    if (!day) continue;
    day.byStatus[row.status] = (day.byStatus[row.status] ?? 0) + row.n;
    day.total += row.n;
    created += row.n;
  }
  const { approved = 0, declined = 0 } = decided[0] ?? {};
  const oldest = queue[0]?.oldest ?? null;
  return {
    days: [...byDate.values()],
    totals: { created, approved, declined, decided: approved + declined },
    approvalRate: approved + declined > 0 ? approved / (approved + declined) : null,
    medianDecisionSeconds: median[0]?.seconds ?? null,
    queue: { size: queue[0]?.size ?? 0, oldestEnteredAt: oldest },
  };
}
