/**
 * Every internal event of the app, declared once: its Inngest name (`app/<noun>.<past-verb>`,
 * STYLE.md 6) and the zod schema of its data. Domain code writes them as outbox rows
 * (server/events/outbox.ts `enqueue`, which refuses data that does not match the schema);
 * inngest/events.ts wraps each declaration with the SDK's `eventType` for the functions'
 * triggers. The domain never imports `inngest`, so the declarations are plain objects.
 *
 * Public webhook events (server/events/event.schemas.ts `PUBLIC_EVENT_TYPES`) are relayed as
 * `app/<type>` with `ZPublicEventData` (`PUBLIC_EVENT_RELAYS`); the envelope itself stays in
 * the events table.
 */
import { z } from "zod";
import { ZMode } from "../common.schemas";
import { PUBLIC_EVENT_TYPES, type PublicEventType } from "./event.schemas";

/** An internal event: its Inngest name and the schema its data must match. */
export interface InternalEvent<TName extends string = string, TSchema extends z.ZodObject = z.ZodObject> {
  readonly name: TName;
  readonly schema: TSchema;
}

function internalEvent<const TName extends string, TSchema extends z.ZodObject>(name: TName, schema: TSchema): InternalEvent<TName, TSchema> {
  return Object.freeze({ name, schema });
}

/** Data of every relayed public event (written by `emitEvent`). */
export const ZPublicEventData = z.object({
  eventId: z.string(),
  projectId: z.string(),
  mode: ZMode,
  type: z.string(),
  sessionId: z.string().optional(),
  checkId: z.string().optional(),
  /** Whether an enabled webhook endpoint subscribed when the event was committed (the fan-out runs only then). */
  webhooks: z.boolean().optional(),
});
export type TPublicEventData = z.infer<typeof ZPublicEventData>;

/** The relay of each public event type: `app/<type>` with `ZPublicEventData`. */
export const PUBLIC_EVENT_RELAYS = Object.freeze(
  Object.fromEntries(PUBLIC_EVENT_TYPES.map((type) => [type, internalEvent(`app/${type}`, ZPublicEventData)])),
) as { readonly [T in PublicEventType]: InternalEvent<`app/${T}`, typeof ZPublicEventData> };

/** Email a KYB key person the link to their KYC session (server/kyb/key-people.ts). */
export const keyPersonInviteRequested = internalEvent("app/kyb.key_person_invite_requested", z.object({ sessionId: z.string(), projectId: z.string() }));

/** One webhook delivery to perform, endpoint x event (server/webhooks/deliveries.ts, manual-deliveries.ts). */
export const webhookDeliveryRequested = internalEvent("app/webhook.delivery_requested", z.object({ deliveryId: z.string(), projectId: z.string() }));

/** An asynchronous direct check to run (POST /v1/checks/{key}?async=true, server/checks/direct-check.ts). */
export const checkRequested = internalEvent("app/check.requested", z.object({ checkId: z.string(), projectId: z.string(), mode: ZMode }));

/**
 * A check the applicant acts on went `pending` with its request opened (server/checks/awaiting-check.ts
 * `beginAwaitingCheck`: the reverse penny drop's UPI payment): read its outcome in the background until
 * it is final or the request expired (inngest/functions/poll-awaiting-check.ts).
 */
export const awaitingCheckOpened = internalEvent("app/check.request_opened", z.object({ checkId: z.string(), projectId: z.string(), mode: ZMode }));

/** OCR of an uploaded document to run (server/intelligence/document-extractions.ts). */
export const documentExtractionRequested = internalEvent(
  "app/document.extraction_requested",
  z.object({ extractionId: z.string(), projectId: z.string(), mode: ZMode }),
);

/** An approved session's KYC record to upload to CKYCR within 7 days (server/ckyc/ckyc-upload.ts). */
export const ckycUploadRequested = internalEvent("app/ckyc.upload_requested", z.object({ uploadId: z.string(), projectId: z.string(), mode: ZMode }));
/** A sanctions or PEP list version was imported: screen its changes against the monitored subjects (server/screening/monitoring.ts). */
export const screeningListImported = internalEvent("app/screening.list_imported", z.object({ versionId: z.string() }));
