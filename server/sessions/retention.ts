/**
 * Data retention (DPDP Act 2023 s.8(7): personal data is erased once the purpose is served):
 * the personal data of a session is erased once its retention period has passed since it was
 * completed (`completed_at`: approved, declined, expired or cancelled), with the same erasure as
 * `DELETE /v1/sessions/{id}/pii` (`eraseSessionPii`: blobs, rows, `session.pii_erased`), by the
 * system actor `retention_policy`. Sessions still open (`review` included) are never erased by it.
 *
 * The period is what the applicant was told: the `retention_days` of the consent step of the
 * session's workflow version (the DPDP notice states it; default 5 years, the record keeping of
 * the RBI KYC Master Direction), or, for a workflow without a consent step, the project's
 * retention days (dashboard settings). Run by the hourly Inngest cron
 * inngest/functions/enforce-retention.ts, which also applies the project's retention days to
 * direct checks (server/checks/erase-check-pii.ts `eraseDirectChecksPastRetention`).
 */
import type { Db } from "../db";
import type { Mode } from "../generated/prisma/enums";
import { sql, sqlTimestamp } from "../sql";
import { CONSENT_RETENTION_DAYS_DEFAULT } from "../steps/consent/consent-defaults";
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
    SELECT s.id, s.project_id, s.mode
    FROM sessions s
    JOIN projects p ON p.id = s.project_id
    JOIN workflow_versions wv ON wv.id = s.workflow_version_id
    WHERE s.pii_erased_at IS NULL AND s.completed_at IS NOT NULL
      AND s.completed_at <= ${sqlTimestamp(now)} - interval '1 day' * (CASE
        WHEN jsonb_path_exists(wv.definition, '$.steps[*] ? (@.type == "consent")')
        THEN coalesce((jsonb_path_query_first(wv.definition, '$.steps[*] ? (@.type == "consent").settings.retention_days') #>> '{}')::int, ${CONSENT_RETENTION_DAYS_DEFAULT})
        ELSE p.retention_days END)
    ORDER BY s.completed_at, s.id
    LIMIT ${limit}`);
  for (const s of due) await eraseSessionPii(db, { projectId: s.project_id, mode: s.mode }, s.id, RETENTION_ACTOR);
  return { erased: due.length };
}
