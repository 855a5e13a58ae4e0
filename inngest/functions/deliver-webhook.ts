/**
 * One webhook delivery: attempt, and on failure sleep through the retry schedule of
 * decisions.md (server/webhooks/deliveries.ts) — durable, so a restart resumes the schedule.
 */
import { getDb } from "../../server/db";
import { attemptDelivery, MAX_ATTEMPTS } from "../../server/webhooks/deliveries";
import { inngest } from "../client";
import { webhookDeliveryRequested } from "../events";

export const deliverWebhook = inngest.createFunction(
  { id: "deliver-webhook", triggers: [webhookDeliveryRequested], retries: 3, concurrency: { key: "event.data.projectId", limit: 20 } },
  async ({ event, step }) => {
    for (let n = 1; n <= MAX_ATTEMPTS; n++) {
      const outcome = await step.run(`attempt-${n}`, async () => attemptDelivery(await getDb(), event.data.deliveryId, Math.random()));
      if (outcome.done) return outcome;
      await step.sleep(`wait-after-attempt-${n}`, outcome.retryInMs);
    }
    return { done: true, result: "failed" };
  },
);
