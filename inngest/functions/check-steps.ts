/**
 * The steps of one check inside a function run: `run-check-<name>` asks the provider once;
 * Inngest retries that step with backoff while the provider cannot answer (the function's
 * `retries`), and once the retries are spent `give-up-check-<name>` ends the check in `error`.
 * Both calls are idempotent domain calls that return ids and statuses only.
 */
import { type GetStepTools, StepError } from "inngest";
import type { inngest } from "../client";

/**
 * The `retries` of a function that runs checks: 5 provider calls per check in all (embedded
 * executor: ~5 s, 10 s, 20 s, 40 s apart, with jitter).
 */
export const CHECK_STEP_RETRIES = 4;

type CheckOutcome = { id: string; status: string };

export async function checkSteps(
  step: GetStepTools<typeof inngest>,
  name: string,
  run: () => Promise<CheckOutcome>,
  giveUp: () => Promise<CheckOutcome>,
): Promise<CheckOutcome> {
  try {
    return await step.run(`run-check-${name}`, run);
  } catch (err) {
    // a StepError: the step failed for good (its retries are spent)
    if (!(err instanceof StepError)) throw err;
    return step.run(`give-up-check-${name}`, giveUp);
  }
}
