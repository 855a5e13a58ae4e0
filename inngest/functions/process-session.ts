/**
 * A session reached `processing`: plan its checks, run each one as its own step (in parallel;
 * Inngest retries a step whose provider could not answer, with backoff, and once the retries
 * are spent the check ends in `error`), then apply the workflow's decision rules.
 * The domain calls are idempotent (server/sessions/process-session.ts); step outputs carry
 * ids and statuses only, never personal data. If the run fails for good, `onFailure` sends the
 * session to review so it never stays `processing`.
 */
import { type GetStepTools, StepError } from "inngest";
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
import { sessionProcessing } from "../events";

/** Retries of each step: 5 provider calls per check in all (embedded executor: ~5 s, 10 s, 20 s, 40 s apart, with jitter). */
export const PROCESS_SESSION_RETRIES = 4;

type Step = GetStepTools<typeof inngest>;

/** One check's steps: `run-check-<step>-<key>`, and `give-up-check-<step>-<key>` once its retries are spent. */
async function checkSteps(step: Step, c: PendingSessionCheck) {
  try {
    return await step.run(`run-check-${c.step}-${c.key}`, async () => runSessionCheck(await getDb(), c.id));
  } catch (err) {
    // a StepError: the step failed for good (its retries are spent)
    if (!(err instanceof StepError)) throw err;
    return step.run(`give-up-check-${c.step}-${c.key}`, async () => giveUpSessionCheck(await getDb(), c.id));
  }
}

export const processSession = inngest.createFunction(
  {
    id: "process-session",
    triggers: [sessionProcessing],
    retries: PROCESS_SESSION_RETRIES,
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
    const checks = await Promise.all(plan.pending.map((c) => checkSteps(step, c)));
    const status = await step.run("apply-decision", async () => applyAutomaticDecision(await getDb(), sessionId));
    return { checks: plan.checkIds.length, ran: checks.length, status };
  },
);
