/**
 * A check the applicant acts on (the reverse penny drop's UPI payment) finishes even when the
 * vendor's webhook is lost and nobody reads it (`app/check.request_opened`, written by
 * server/checks/awaiting-check.ts `beginAwaitingCheck`): its outcome is read from the provider
 * 20 s after the request opened, 40 s later, then every minute, never later than the request's
 * `valid_upto`, until it is final; a read after `valid_upto` that still finds it waiting (the
 * vendor could not be read) ends it `failed` `payment_expired` (server/checks/direct-check.ts
 * `readAwaitingCheck`). A direct OTP check (the CKYC download with `auth_factor: otp`) gets the
 * same run: its reads only look (the code is the applicant's to enter, server/checks/check-otp.ts),
 * and the read at its latest code's `otp_expires_at` (a new code moves it) ends it `failed`
 * `otp_expired` if nobody entered it. Each read is the completion path of the webhook and `GET /v1/checks/{id}`,
 * so whichever finishes the check first does it once (one `check.completed`, or one submission of
 * the session's step); a vendor outage leaves the check waiting for the next read. Past
 * `MAX_POLLS` reads the run sleeps until `valid_upto` and reads once more. Step outputs carry
 * statuses and times only.
 */
import { readAwaitingCheck } from "../../server/checks/direct-check";
import { getDb } from "../../server/db";
import { inngest } from "../client";
import { awaitingCheckOpened } from "../events";

/** The waits before the first reads (ms); every later read waits `POLL_EVERY_MS`. */
export const POLL_DELAYS_MS = [20_000, 40_000] as const;
export const POLL_EVERY_MS = 60_000;
/** Reads on the schedule at most (Cashfree's requests are valid 10 minutes: about 11 reads). */
const MAX_POLLS = 30;

const waiting = (status: string) => status === "pending" || status === "running";

export const pollAwaitingCheck = inngest.createFunction(
  {
    id: "poll-awaiting-check",
    triggers: [awaitingCheckOpened],
    retries: 4,
    concurrency: { key: "event.data.projectId", limit: 20 },
    onFailure: async ({ event, error }) => {
      const checkId = (event.data.event.data as { checkId?: string }).checkId;
      console.error(`[poll-awaiting-check] reading check ${checkId ?? "?"} failed: ${error.message}`);
    },
  },
  async ({ event, step }) => {
    const { checkId } = event.data;
    const read = async () => readAwaitingCheck(await getDb(), checkId);
    let last = null as Awaited<ReturnType<typeof read>> | null;
    for (let poll = 1; poll <= MAX_POLLS; poll++) {
      const delay = POLL_DELAYS_MS[poll - 1] ?? POLL_EVERY_MS;
      if (!last) await step.sleep(`wait-${poll}`, delay);
      else await step.sleepUntil(`wait-${poll}`, new Date(last.expiresAt === null ? last.at + delay : Math.min(last.at + delay, last.expiresAt)));
      last = await step.run(`read-check-${poll}`, read);
      if (!waiting(last.status)) return { status: last.status };
    }
    if (last?.expiresAt == null) return { status: last?.status ?? "pending" };
    await step.sleepUntil("wait-for-expiry", new Date(last.expiresAt));
    return { status: (await step.run("read-check-final", read)).status };
  },
);
