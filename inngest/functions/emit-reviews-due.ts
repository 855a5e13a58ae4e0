/**
 * Daily at 03:00 UTC: `session.review_due` for every approved session whose periodic re-KYC review
 * (`next_review_at`, set by its risk level) has come (server/risk/review-due.ts). Batches, each its
 * own step, until a batch comes back short (at most 50 per run; the next day's run continues).
 */
import { getDb } from "../../server/db";
import { emitReviewsDue as emit, REVIEW_DUE_BATCH } from "../../server/risk/review-due";
import { inngest } from "../client";

const MAX_BATCHES = 50;

export const emitReviewsDue = inngest.createFunction(
  { id: "emit-reviews-due", triggers: [{ cron: "0 3 * * *" }], retries: 2, concurrency: { limit: 1 } },
  async ({ step }) => {
    let emitted = 0;
    for (let n = 1; n <= MAX_BATCHES; n++) {
      const batch = await step.run(`emit-batch-${n}`, async () => emit(await getDb()));
      emitted += batch.emitted;
      if (batch.emitted < REVIEW_DUE_BATCH) break;
    }
    return { emitted };
  },
);
