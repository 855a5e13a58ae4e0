/**
 * The public event (decisions.md "Webhooks"): the envelope that GET /v1/events lists and that
 * webhook endpoints receive, signed with `Service-Signature`. No personal data in any event.
 */
import { z } from "zod";
import { ZCheckStatus, ZVerifiedBy } from "../checks/check.schemas";
import { ZList, ZMode, ZTimestamp } from "../common.schemas";
import { ZDecisionOutcome, ZDecisionSource, ZSessionStatus } from "../sessions/session.schemas";

export const SESSION_EVENT_TYPES = [
  "session.created",
  "session.started",
  "session.in_progress",
  "session.processing",
  "session.review",
  "session.approved",
  "session.declined",
  "session.resubmission_requested",
  "session.expired",
  "session.cancelled",
  "session.pii_erased",
  "session.child_updated",
] as const;
export type TSessionEventType = (typeof SESSION_EVENT_TYPES)[number];

/** Events about a check, with `data.check` (ZEventCheck). */
export const CHECK_EVENT_TYPES = ["check.completed", "check.pii_erased"] as const;
export type TCheckEventType = (typeof CHECK_EVENT_TYPES)[number];

export const PUBLIC_EVENT_TYPES = [...SESSION_EVENT_TYPES, ...CHECK_EVENT_TYPES] as const;
export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];

export const ZEventType = z.enum(PUBLIC_EVENT_TYPES).meta({
  id: "EventType",
  description:
    "`session.<status>` when a session enters that status, `session.pii_erased` after an erasure, `session.child_updated` on a KYB session when one of its key people's sessions changes status, `check.completed` when an asynchronous direct check finishes, `check.pii_erased` after a check's erasure (DELETE /v1/checks/{id}/pii).",
});

const envelope = {
  id: z
    .string()
    .meta({ description: "`evt_...`: unique; the same event may arrive more than once, so de-duplicate on it.", examples: ["evt_2cV8nR4xKp7LmQ1tZw9BdY3f"] }),
  object: z.literal("event"),
} as const;

const envelopeTail = {
  api_version: z.string().meta({ description: "The API version the event was rendered with.", examples: ["2026-10-01"] }),
  created_at: ZTimestamp,
  mode: ZMode,
} as const;

export const ZEventSession = z
  .object({
    id: z.string().meta({ examples: ["ses_4fK2pQ9xLmT7vW1bN8cR3dYz"] }),
    reference_id: z.string().nullable(),
    status: ZSessionStatus,
    decision: ZDecisionOutcome.nullable(),
    decision_source: ZDecisionSource.nullable(),
  })
  .meta({ id: "EventSession", description: "The session at the time of the event. Retrieve the session for details." });
export type TEventSession = z.infer<typeof ZEventSession>;

export const ZEventCheck = z
  .object({
    id: z.string(),
    check_key: z.string(),
    generic_key: z.string(),
    status: ZCheckStatus,
    verified_by: ZVerifiedBy.nullable(),
    error_code: z.string().nullable(),
  })
  .meta({ id: "EventCheck", description: "The check at the time of the event. Retrieve it with GET /v1/checks/{id} for the result." });
export type TEventCheck = z.infer<typeof ZEventCheck>;

/** The child session of a `session.child_updated` event (a KYB session's key person). */
export const ZEventRelatedSession = z
  .object({
    id: z.string().meta({ examples: ["ses_9aT3kW7mQ2xR5vL8nC1bZ4hY"] }),
    role: z.string().nullable().meta({ description: "`director`, `partner`, `ubo` or `authorized_signatory`." }),
    status: ZSessionStatus,
  })
  .meta({ id: "EventRelatedSession", description: "The child session whose status changed, with its new status." });

export const ZSessionEvent = z
  .object({
    ...envelope,
    type: z.enum(SESSION_EVENT_TYPES),
    ...envelopeTail,
    data: z.object({
      session: ZEventSession,
      related_session: ZEventRelatedSession.optional().meta({ description: "Only in `session.child_updated`: the child session that changed." }),
    }),
  })
  .meta({ id: "SessionEvent", description: "An event about a session." });
export type TSessionEvent = z.infer<typeof ZSessionEvent>;

export const ZCheckEvent = z.object({ ...envelope, type: z.enum(CHECK_EVENT_TYPES), ...envelopeTail, data: z.object({ check: ZEventCheck }) }).meta({
  id: "CheckEvent",
  description: "An event about a check: an asynchronous direct check (`POST /v1/checks/{key}?async=true`) finished, or a check's personal data was erased.",
});
export type TCheckEvent = z.infer<typeof ZCheckEvent>;

export const ZEvent = z.discriminatedUnion("type", [ZSessionEvent, ZCheckEvent]).meta({
  id: "Event",
  description: "An event: listed by GET /v1/events for 30 days and delivered to subscribed webhook endpoints.",
});
export type TEvent = z.infer<typeof ZEvent>;

/** A page of events (GET /v1/events, the dashboard's event log). */
export const ZEventList = ZList(ZEvent, "EventList", "events");
