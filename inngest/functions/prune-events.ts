/**
 * Daily retention of events (decisions.md "Webhooks": 30 days): deletes older events with their
 * deliveries and attempts, and old relayed outbox messages (server/events/prune-events.ts).
 */
import { getDb } from "../../server/db";
import { pruneEvents as pruneOldEvents } from "../../server/events/prune-events";
import { inngest } from "../client";

export const pruneEvents = inngest.createFunction({ id: "prune-events", triggers: [{ cron: "30 3 * * *" }], retries: 3 }, async ({ step }) => {
  return step.run("delete-expired-events", async () => pruneOldEvents(await getDb()));
});
