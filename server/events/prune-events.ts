/**
 * Event retention (decisions.md "Webhooks": GET /v1/events covers 30 days): deletes events
 * older than 30 days with their webhook deliveries and attempts (foreign keys cascade), and
 * outbox messages relayed more than 30 days ago. Run daily by inngest/functions/prune-events.ts.
 */
import type { Db } from "../db";
import { EVENT_RETENTION_MS } from "./list-events";

/** Rows deleted per statement, so one run never holds long locks. */
const BATCH = 1_000;

/**
 * Deletes what is older than the retention window at `now`, a batch at a time.
 * @returns how many events and outbox messages were deleted.
 */
export async function pruneEvents(db: Db, now = new Date()): Promise<{ events: number; outboxMessages: number }> {
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_MS);
  let events = 0;
  for (;;) {
    const n = await db.$executeRaw`DELETE FROM events WHERE id IN (SELECT id FROM events WHERE created_at < ${cutoff} LIMIT ${BATCH})`;
    events += n;
    if (n < BATCH) break;
  }
  let outboxMessages = 0;
  for (;;) {
    const n = await db.$executeRaw`DELETE FROM outbox_messages WHERE id IN (SELECT id FROM outbox_messages WHERE sent_at < ${cutoff} LIMIT ${BATCH})`;
    outboxMessages += n;
    if (n < BATCH) break;
  }
  return { events, outboxMessages };
}
