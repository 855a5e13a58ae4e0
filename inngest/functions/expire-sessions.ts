/**
 * Session expiry (server/sessions/expire-sessions.ts): a tick every five minutes
 * (`EXPIRY_TICK_MS`, the shortest `expires_in`) expires the sessions that are due (history,
 * audit and `session.expired` are written by the domain call), then sleeps until the next
 * session comes due before the following tick and expires it then, so sessions expire on time
 * (within a second; within `DENSE_GAP_MS` once a run has woken `EXACT_ROUNDS` times, when many
 * come due at different times) while an idle process wakes once per five minutes instead of
 * every minute (issue 17 "Quiet when idle"). A session created after the run last looked
 * expires at the earliest one tick later: the next run takes it. Full batches of
 * `EXPIRE_BATCH` continue at once; at most `MAX_ROUNDS` rounds per run (the next tick continues).
 */
import { getDb } from "../../server/db";
import { EXPIRE_BATCH, EXPIRY_TICK_MS, expireDueSessions } from "../../server/sessions/expire-sessions";
import { inngest } from "../client";

/** Rounds (a batch, then a sleep) per run at most: two steps each. */
const MAX_ROUNDS = 40;
/** Rounds that wake when the next session is due (at least a second apart). */
const EXACT_ROUNDS = 20;
/** The shortest sleep after `EXACT_ROUNDS`: sessions due within it of each other expire together. */
const DENSE_GAP_MS = 15_000;

export const expireSessions = inngest.createFunction(
  { id: "expire-sessions", triggers: [{ cron: "*/5 * * * *" }], retries: 2, concurrency: { limit: 1 } },
  async ({ step }) => {
    let expired = 0;
    let until: number | undefined;
    for (let round = 1; round <= MAX_ROUNDS; round++) {
      const batch = await step.run(`expire-batch-${round}`, async () => expireDueSessions(await getDb()));
      expired += batch.expired;
      until ??= batch.at + EXPIRY_TICK_MS; // the next run looks by then
      if (batch.due >= EXPIRE_BATCH) continue;
      if (batch.nextDueAt === null || batch.nextDueAt >= until) break;
      const gap = round <= EXACT_ROUNDS ? 1_000 : DENSE_GAP_MS;
      await step.sleepUntil(`wait-${round}`, new Date(Math.max(batch.nextDueAt, batch.at + gap)));
    }
    return { expired };
  },
);
