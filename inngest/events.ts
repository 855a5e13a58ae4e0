/**
 * The SDK side of every internal event (STYLE.md 5): each is declared once, name and data schema,
 * in server/events/internal-events.ts, and wrapped here with `eventType` for the functions'
 * triggers, so the SDK validates the data the functions receive. Domain code never sends them:
 * it writes an OutboxMessage row (server/events/outbox.ts) in the same transaction as the
 * change, and inngest/relay.ts sends it with the row id as the event id.
 */
import { eventType } from "inngest";
import type { z } from "zod";
import { PUBLIC_EVENT_TYPES } from "../server/events/event.schemas";
import * as internal from "../server/events/internal-events";

/** The options `eventType` takes for a schema (its check that the schema has no transform stays generic here). */
type EventTypeOptions<TName extends string, TSchema extends z.ZodObject> = NonNullable<Parameters<typeof eventType<TName, TSchema>>[1]>;

/** The SDK event type of a declared internal event (same name, same schema). */
function sdkEvent<TName extends string, TSchema extends z.ZodObject>(event: internal.InternalEvent<TName, TSchema>) {
  return eventType(event.name, { schema: event.schema } as EventTypeOptions<TName, TSchema>);
}

/** Every relayed public event, in `PUBLIC_EVENT_TYPES` order (the webhook fan-out listens to all). */
export const publicEvents = PUBLIC_EVENT_TYPES.map((type) => sdkEvent(internal.PUBLIC_EVENT_RELAYS[type]));

/** A session entered `processing`: run its checks and apply the decision rules. */
export const sessionProcessing = sdkEvent(internal.PUBLIC_EVENT_RELAYS["session.processing"]);

/** A KYB session's key person's session changed status: the business may go on to processing. */
export const sessionChildUpdated = sdkEvent(internal.PUBLIC_EVENT_RELAYS["session.child_updated"]);

export const keyPersonInviteRequested = sdkEvent(internal.keyPersonInviteRequested);
export const webhookDeliveryRequested = sdkEvent(internal.webhookDeliveryRequested);
export const checkRequested = sdkEvent(internal.checkRequested);
export const awaitingCheckOpened = sdkEvent(internal.awaitingCheckOpened);
export const documentExtractionRequested = sdkEvent(internal.documentExtractionRequested);
export const ckycUploadRequested = sdkEvent(internal.ckycUploadRequested);
export const screeningListImported = sdkEvent(internal.screeningListImported);
