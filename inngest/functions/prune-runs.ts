/**
 * Daily: deletes the embedded executor's runs finished more than `INNGEST_RUN_RETENTION_DAYS`
 * ago (default 7; server/events/executor-runs.ts), with their memoized step results.
 */
import { getDb } from "../../server/db";
import { pruneFinishedRuns } from "../../server/events/executor-runs";
import { inngest } from "../client";

export const pruneRuns = inngest.createFunction({ id: "prune-runs", triggers: [{ cron: "45 3 * * *" }], retries: 3 }, async ({ step }) => {
  return step.run("delete-finished-runs", async () => pruneFinishedRuns(await getDb()));
});
