/**
 * Every public event an enabled endpoint subscribes to (relay data `webhooks: true`, written with
 * the event by server/events/outbox.ts): create one delivery per subscribed webhook endpoint, each with the outbox
 * row that requests its own `deliver-webhook` run (event id = delivery id, so a re-run fan-out
 * is deduplicated), in one statement; the relay sends the requests.
 */
import { getDb } from "../../server/db";
import { ZPublicEventData } from "../../server/events/internal-events";
import { outboxCommitted } from "../../server/events/outbox";
import { createDeliveries } from "../../server/webhooks/deliveries";
import { inngest } from "../client";
import { publicEvents } from "../events";

// Only events some endpoint subscribed to (`session.processing` is relayed for the checks anyway).
const triggers = publicEvents.map((e) => ({ event: e.name, if: "event.data.webhooks == true" }));

export const fanOutEvent = inngest.createFunction({ id: "fan-out-event", triggers, retries: 10 }, async ({ event, step }) => {
  const data = ZPublicEventData.parse(event.data);
  const deliveryIds = await step.run("create-deliveries", async () => {
    const ids = await createDeliveries(await getDb(), data.eventId);
    if (ids.length) outboxCommitted();
    return ids;
  });
  return { deliveries: deliveryIds.length };
});
