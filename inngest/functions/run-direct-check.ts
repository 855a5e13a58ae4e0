/**
 * An asynchronous direct check (`POST /v1/checks/{key}?async=true`): ask the provider, retried
 * with backoff like a session's checks, record the answer and emit `check.completed`.
 */
import { attemptDirectCheck, giveUpDirectCheck } from "../../server/checks/direct-check";
import { getDb } from "../../server/db";
import { inngest } from "../client";
import { checkRequested } from "../events";
import { CHECK_STEP_RETRIES, checkSteps } from "./check-steps";

export const runDirectCheck = inngest.createFunction(
  { id: "run-direct-check", triggers: [checkRequested], retries: CHECK_STEP_RETRIES, concurrency: { key: "event.data.projectId", limit: 10 } },
  async ({ event, step }) => {
    const { checkId, projectId, mode } = event.data;
    const tenant = { projectId, mode };
    return checkSteps(
      step,
      checkId,
      async () => attemptDirectCheck(await getDb(), tenant, checkId),
      async () => giveUpDirectCheck(await getDb(), tenant, checkId),
    );
  },
);
