/**
 * Every Inngest event of the app, declared once (STYLE.md 5). Domain code never sends them:
 * it writes an OutboxMessage row (server/events/outbox.ts) in the same transaction as the
 * change, and inngest/relay.ts sends it with the row id as the event id.
 *
 * Public webhook events are relayed as `app/<type>` (e.g. `app/session.processing`) with
 * `data: { eventId, projectId, mode, type }`.
 */
import { eventType } from "inngest";
import { z } from "zod";

/** Payload of every relayed public event (the envelope itself is in the events table). */
export const ZPublicEventData = z.object({
  eventId: z.string(),
  projectId: z.string(),
  mode: z.enum(["test", "live"]),
  type: z.string(),
  sessionId: z.string().optional(),
  checkId: z.string().optional(),
  /** Whether an enabled webhook endpoint subscribed when the event was committed (the fan-out runs only then). */
  webhooks: z.boolean().optional(),
});
export type TPublicEventData = z.infer<typeof ZPublicEventData>;

/** A session entered `processing`: run its checks and apply the decision rules. */
export const sessionProcessing = eventType("app/session.processing", { schema: ZPublicEventData });

/** A KYB session's key person's session changed status: the business may go on to processing. */
export const sessionChildUpdated = eventType("app/session.child_updated", { schema: ZPublicEventData });

/** Email a KYB key person the link to their KYC session (server/kyb/key-people.ts). */
export const keyPersonInviteRequested = eventType("app/kyb.key_person_invite_requested", {
  schema: z.object({ sessionId: z.string(), projectId: z.string() }),
});

/** Any public event: fan out to subscribed webhook endpoints. */
export const anyPublicEvent = "app/*" as const;

/** One webhook delivery to perform (endpoint x event). */
export const webhookDeliveryRequested = eventType("app/webhook.delivery_requested", {
  schema: z.object({ deliveryId: z.string(), projectId: z.string() }),
});

/** An asynchronous direct check to run (POST /v1/checks/{key}?async=true). */
export const checkRequested = eventType("app/check.requested", {
  schema: z.object({ checkId: z.string(), projectId: z.string(), mode: z.enum(["test", "live"]) }),
});
