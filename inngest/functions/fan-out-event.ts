/**
 * Every public event: create one delivery per subscribed webhook endpoint, then request each
 * delivery as its own Inngest run (event id = delivery id, so re-sends are deduplicated).
 */
import { getDb } from "../../server/db";
import { PUBLIC_EVENT_TYPES } from "../../server/events/event.schemas";
import { createDeliveries } from "../../server/webhooks/deliveries";
import { inngest } from "../client";
import { webhookDeliveryRequested, ZPublicEventData } from "../events";
import { eventType } from "inngest";

const triggers = PUBLIC_EVENT_TYPES.map((type) => eventType(`app/${type}`, { schema: ZPublicEventData }));

export const fanOutEvent = inngest.createFunction(
  { id: "fan-out-event", triggers, retries: 10 },
  async ({ event, step }) => {
    const data = ZPublicEventData.parse(event.data);
    const deliveryIds = await step.run("create-deliveries", async () => createDeliveries(await getDb(), data.eventId));
    if (deliveryIds.length) {
      await step.sendEvent(
        "request-deliveries",
        deliveryIds.map((deliveryId) => webhookDeliveryRequested.create({ deliveryId, projectId: data.projectId }, { id: deliveryId })),
      );
    }
    return { deliveries: deliveryIds.length };
  },
);
