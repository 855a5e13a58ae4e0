/**
 * Every hour: erase the personal data of sessions, then of direct checks, then the Files API
 * uploads of no session, whose project's retention period ended (server/sessions/retention.ts,
 * server/checks/erase-check-pii.ts, server/files/files.ts).
 * Batches of `RETENTION_BATCH`, each its own step, until a batch comes back short (at most 20
 * batches of each per run; the next hour's run continues). Then retry the evidence blobs an
 * erasure could not delete from the store (server/evidence/blob-deletions.ts).
 */
import { eraseDirectChecksPastRetention } from "../../server/checks/erase-check-pii";
import { getDb } from "../../server/db";
import { retryBlobDeletions } from "../../server/evidence/blob-deletions";
import { deleteFilesPastRetention } from "../../server/files/files";
import { eraseSessionsPastRetention, RETENTION_BATCH } from "../../server/sessions/retention";
import { inngest } from "../client";

const MAX_BATCHES = 20;

export const enforceRetention = inngest.createFunction(
  { id: "enforce-retention", triggers: [{ cron: "17 * * * *" }], retries: 2, concurrency: { limit: 1 } },
  async ({ step }) => {
    let erased = 0;
    for (let n = 1; n <= MAX_BATCHES; n++) {
      const batch = await step.run(`erase-batch-${n}`, async () => eraseSessionsPastRetention(await getDb()));
      erased += batch.erased;
      if (batch.erased < RETENTION_BATCH) break;
    }
    let checksErased = 0;
    for (let n = 1; n <= MAX_BATCHES; n++) {
      const batch = await step.run(`erase-checks-batch-${n}`, async () => eraseDirectChecksPastRetention(await getDb()));
      checksErased += batch.erased;
      if (batch.erased < RETENTION_BATCH) break;
    }
    let filesDeleted = 0;
    for (let n = 1; n <= MAX_BATCHES; n++) {
      const batch = await step.run(`delete-files-batch-${n}`, async () => deleteFilesPastRetention(await getDb()));
      filesDeleted += batch.deleted;
      if (batch.deleted < RETENTION_BATCH) break;
    }
    const blobs = await step.run("retry-blob-deletions", async () => retryBlobDeletions(await getDb()));
    return { erased, checksErased, filesDeleted, blobs };
  },
);
