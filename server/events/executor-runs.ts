/**
 * The embedded executor's run table (`inngest_runs`, inngest/executor/store.ts) as personal-data
 * storage: step outputs are memoized there, so every function's steps return references (ids and
 * statuses), never personal data (inngest/functions/*.ts); on top of that, a session's or a
 * check's erasure deletes the finished runs about it, and finished runs are pruned after
 * `INNGEST_RUN_RETENTION_DAYS`. Runs still open keep their memo (they need it to resume); they
 * are erased once finished, by the pruning. With Inngest Cloud or a self-hosted Inngest server
 * the table stays empty and the server's own history retention applies.
 */
import type { Db, Tx } from "../db";
import { env } from "../env";
import { sql, sqlTimestamp } from "../sql";

/** Rows deleted per statement, so one run never holds long locks. */
const BATCH = 1_000;

/** Statuses of a run that will not run again (inngest/executor/store.ts `RunStatus`). */
const FINISHED = sql`status IN ('completed', 'failed')`;

/**
 * Deletes the finished runs whose triggering event names session `ref.sessionId` (its id, one of
 * its checks or document extractions) or check `ref.checkId`. Called inside the erasure's
 * transaction, before the document extractions are deleted.
 * @returns how many runs were deleted.
 */
export async function eraseRunData(tx: Tx, ref: { sessionId: string } | { checkId: string }): Promise<number> {
  const about =
    "sessionId" in ref
      ? sql`event->'data'->>'sessionId' = ${ref.sessionId}
          OR event->'data'->>'checkId' IN (SELECT id FROM checks WHERE session_id = ${ref.sessionId})
          OR event->'data'->>'extractionId' IN (SELECT id FROM document_extractions WHERE session_id = ${ref.sessionId})`
      : sql`event->'data'->>'checkId' = ${ref.checkId}`;
  return tx.$executeRaw(sql`DELETE FROM inngest_runs WHERE ${FINISHED} AND (${about})`);
}

/**
 * Deletes runs finished more than `retentionDays` before `now`, a batch at a time. Seven days by
 * default: long after the event relay and Inngest's own de-duplication window (24 h) could
 * deliver the same event again, which a deleted run would no longer absorb.
 * @returns how many runs were deleted.
 */
export async function pruneFinishedRuns(db: Db, now = new Date(), retentionDays = env.INNGEST_RUN_RETENTION_DAYS): Promise<{ runs: number }> {
  const cutoff = sqlTimestamp(new Date(now.getTime() - retentionDays * 24 * 3600 * 1000));
  let runs = 0;
  for (;;) {
    const n = await db.$executeRaw(
      sql`DELETE FROM inngest_runs WHERE id IN (SELECT id FROM inngest_runs WHERE ${FINISHED} AND finished_at < ${cutoff} LIMIT ${BATCH})`,
    );
    runs += n;
    if (n < BATCH) break;
  }
  return { runs };
}
