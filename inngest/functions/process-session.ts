/**
 * A session reached `processing`: plan its checks, run each one as its own step (in parallel;
 * Inngest retries a step whose provider could not answer, with backoff, and once the retries
 * are spent the check ends in `error`), then apply the workflow's decision rules.
 * The domain calls are idempotent (server/sessions/process-session.ts); step outputs carry
 * ids and statuses only, never personal data. If the run fails for good, `onFailure` sends the
 * session to review so it never stays `processing`.
 */
import { getDb } from "../../server/db";
import {
  applyAutomaticDecision,
  failSessionProcessing,
  giveUpSessionCheck,
  type PendingSessionCheck,
  planSessionChecks,
  runSessionCheck,
} from "../../server/sessions/process-session";
import { inngest } from "../client";
import { CHECK_STEP_RETRIES, checkSteps } from "./check-steps";
import { sessionProcessing } from "../events";

export const processSession = inngest.createFunction(
  {
    id: "process-session",
    triggers: [sessionProcessing],
    retries: CHECK_STEP_RETRIES,
    concurrency: { key: "event.data.projectId", limit: 10 },
    onFailure: async ({ event, error }) => {
      const sessionId = (event.data.event.data as { sessionId?: string }).sessionId;
      console.error(`[process-session] run for ${sessionId ?? "?"} failed: ${error.message}`);
      if (sessionId) await failSessionProcessing(await getDb(), sessionId);
    },
  },
  async ({ event, step }) => {
    const sessionId = event.data.sessionId;
    if (!sessionId) return { skipped: "no session" };
    const plan = await step.run("plan-checks", async () => planSessionChecks(await getDb(), sessionId));
    const checks = await Promise.all(
      plan.pending.map(async (c: PendingSessionCheck) =>
        checkSteps(
          step,
          `${c.step}-${c.key}`,
          async () => runSessionCheck(await getDb(), c.id),
          async () => giveUpSessionCheck(await getDb(), c.id),
        ),
      ),
    );
    const status = await step.run("apply-decision", async () => applyAutomaticDecision(await getDb(), sessionId));
    return { checks: plan.checkIds.length, ran: checks.length, status };
  },
);
