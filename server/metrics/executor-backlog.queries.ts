/**
 * The embedded executor's backlog (inngest/executor, table `inngest_runs`), for the metrics
 * `executor_queue_depth` and `executor_queue_lag_seconds`: runs waiting to run (`queued`,
 * `retrying`, `sleeping`) whose `next_run_at` has passed and that no worker leases.
 */
import type { Db } from "../db";

/** How many runs are due and unleased at `now`, and the due time of the oldest (null when none). */
export async function executorBacklog(db: Db, now = new Date()): Promise<{ depth: number; oldestDueAt: Date | null }> {
  const due = { status: { in: ["queued", "retrying", "sleeping"] }, nextRunAt: { lte: now }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] };
  const [depth, oldest] = await Promise.all([db.inngestRun.count({ where: due }), db.inngestRun.aggregate({ where: due, _min: { nextRunAt: true } })]);
  return { depth, oldestDueAt: oldest._min.nextRunAt };
}
