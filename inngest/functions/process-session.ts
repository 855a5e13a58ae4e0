/**
 * A session reached `processing`: run its checks, then apply the workflow's decision rules.
 * Each side effect is its own durable step; both domain calls are idempotent.
 */
import { getDb } from "../../server/db";
import { applyAutomaticDecision, runSessionChecks } from "../../server/sessions/process-session";
import { inngest } from "../client";
import { sessionProcessing } from "../events";

export const processSession = inngest.createFunction(
  {
    id: "process-session",
    triggers: [sessionProcessing],
    retries: 4,
    concurrency: { key: "event.data.projectId", limit: 10 },
  },
  async ({ event, step }) => {
    const sessionId = event.data.sessionId;
    if (!sessionId) return { skipped: "no session" };
    const checkIds = await step.run("run-checks", async () => runSessionChecks(await getDb(), sessionId));
    const status = await step.run("apply-decision", async () => applyAutomaticDecision(await getDb(), sessionId));
    return { checkIds, status };
  },
);
