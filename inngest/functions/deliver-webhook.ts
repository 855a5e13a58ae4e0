/**
 * One webhook delivery (decisions.md "Webhooks"): attempt, and after a failure sleep through the
 * retry schedule (server/webhooks/delivery-policy.ts: ~1 min, 5 min, 30 min, 2 h, 6 h, 12 h,
 * 24 h, 24 h, ±10 %) — durable, so a restart resumes the schedule where it was. Every attempt
 * is its own memoized step: an attempt whose 2xx was recorded is never sent again, and a
 * delivery that succeeded meanwhile (a resend) ends the run at its next step.
 * Triggered per delivery by the fan-out (event id = delivery id) and by a replay (a fresh id).
 */
import { getDb } from "../../server/db";
import { attemptDelivery } from "../../server/webhooks/deliveries";
import { maxAttempts } from "../../server/webhooks/delivery-policy";
import { inngest } from "../client";
import { webhookDeliveryRequested } from "../events";

export const deliverWebhook = inngest.createFunction(
  { id: "deliver-webhook", triggers: [webhookDeliveryRequested], retries: 3, concurrency: { key: "event.data.projectId", limit: 20 } },
  async ({ event, step }) => {
    const attempts = maxAttempts();
    for (let n = 1; n <= attempts; n++) {
      const outcome = await step.run(`attempt-${n}`, async () => attemptDelivery(await getDb(), event.data.deliveryId, n, Math.random()));
      if (outcome.done) return outcome;
      await step.sleep(`wait-after-attempt-${n}`, outcome.retryInMs);
    }
    return { done: true, result: "failed" };
  },
);
