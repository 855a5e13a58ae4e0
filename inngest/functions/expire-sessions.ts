/**
 * Every minute: move active sessions whose `expires_at` passed to `expired` (history, audit
 * and `session.expired` are written by the domain call). Batches of `EXPIRE_BATCH` sessions,
 * each its own step, until a batch comes back short (at most 50 batches per run; the next
 * minute's run continues).
 */
import { getDb } from "../../server/db";
import { EXPIRE_BATCH, expireDueSessions } from "../../server/sessions/expire-sessions";
import { inngest } from "../client";

const MAX_BATCHES = 50;

export const expireSessions = inngest.createFunction(
  { id: "expire-sessions", triggers: [{ cron: "* * * * *" }], retries: 2, concurrency: { limit: 1 } },
  async ({ step }) => {
    let expired = 0;
    for (let n = 1; n <= MAX_BATCHES; n++) {
      const batch = await step.run(`expire-batch-${n}`, async () => expireDueSessions(await getDb()));
      expired += batch.expired;
      if (batch.due < EXPIRE_BATCH) break;
    }
    return { expired };
  },
);
