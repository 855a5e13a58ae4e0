/**
 * Data retention (DPDP Act 2023 s.8(7): personal data is erased once the purpose is served):
 * the personal data of a session is erased `projects.retention_days` days after it was
 * completed (`completed_at`: approved, declined, expired or cancelled), with the same erasure as
 * `DELETE /v1/sessions/{id}/pii` (`eraseSessionPii`: blobs, rows, `session.pii_erased`), by the
 * system actor `retention_policy`. Sessions still open (`review` included) are never erased by it.
 * Run by the hourly Inngest cron inngest/functions/enforce-retention.ts.
 */
import type { Db } from "../db";
import type { Mode } from "../generated/prisma/enums";
import { sql, sqlTimestamp } from "../sql";
import { eraseSessionPii } from "./session-actions";

/** Sessions erased per batch (each erasure is its own transaction). */
export const RETENTION_BATCH = 100;

export const RETENTION_ACTOR = { type: "system" as const, id: "retention_policy" };

/**
 * Erases the personal data of up to `limit` sessions whose retention ended before `now`,
 * oldest first.
 * Idempotent: a session erased meanwhile (by the API) is left as it is.
 * @returns how many sessions were erased (fewer than `limit`: none are left).
 */
export async function eraseSessionsPastRetention(db: Db, now: Date = new Date(), limit: number = RETENTION_BATCH): Promise<{ erased: number }> {
  const due = await db.$queryRaw<{ id: string; project_id: string; mode: Mode }[]>(sql`
    SELECT s.id, s.project_id, s.mode FROM sessions s JOIN projects p ON p.id = s.project_id
    WHERE s.pii_erased_at IS NULL AND s.completed_at IS NOT NULL
      AND s.completed_at <= ${sqlTimestamp(now)} - p.retention_days * interval '1 day'
    ORDER BY s.completed_at, s.id
    LIMIT ${limit}`);
  for (const s of due) await eraseSessionPii(db, { projectId: s.project_id, mode: s.mode }, s.id, RETENTION_ACTOR);
  return { erased: due.length };
}
