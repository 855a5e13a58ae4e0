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

export const CKYC_EVENT_TYPES = ["ckyc.upload_succeeded", "ckyc.upload_failed"] as const;

/** Events about sanctions and PEP monitoring and periodic re-KYC (issue 20), each with data of its own. */
export const SCREENING_EVENT_TYPES = ["session.screening_match", "session.review_due"] as const;

export const PUBLIC_EVENT_TYPES = [...SESSION_EVENT_TYPES, ...SCREENING_EVENT_TYPES, ...CHECK_EVENT_TYPES, ...CKYC_EVENT_TYPES] as const;
export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];

export const ZEventType = z.enum(PUBLIC_EVENT_TYPES).meta({
  id: "EventType",
  description:
    "`session.<status>` when a session enters that status, `session.pii_erased` after an erasure, `session.child_updated` on a KYB session when one of its key people's sessions changes status, `session.screening_match` when ongoing monitoring finds a new sanctions or PEP candidate for a monitored session or direct check, `session.review_due` when a session's periodic re-KYC review falls due, `check.completed` when an asynchronous direct check finishes, `check.pii_erased` after a check's erasure (DELETE /v1/checks/{id}/pii), `ckyc.upload_succeeded` / `ckyc.upload_failed` when an approved session's KYC record was uploaded to CKYCR or could not be.",
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

/** The upload of an approved session's KYC record to CKYCR (server/ckyc/ckyc-upload.ts): ids and states only, no personal data. */
export const ZEventCkycUpload = z
  .object({
    id: z.string().meta({ description: "`cku_...`", examples: ["cku_8hT2mQ5vXk9LpR3wZc7YdNf1"] }),
    session_id: z.string(),
    status: z.enum(["succeeded", "failed"]),
    ckyc_number_masked: z
      .string()
      .nullable()
      .meta({ description: "The CKYC number CKYCR gave the record, masked to its last 4 digits; null when the upload failed." }),
    error_code: z
      .string()
      .nullable()
      .meta({ description: "Why the upload failed: `ckyc_upload_rejected`, `provider_not_configured`, `provider_unavailable`, `record_incomplete`..." }),
    deadline_at: ZTimestamp.meta({ description: "The end of the 7-day window of the RBI KYC Directions." }),
  })
  .meta({ id: "EventCkycUpload", description: "An approved session's KYC record upload to the Central KYC Records Registry." });
export type TEventCkycUpload = z.infer<typeof ZEventCkycUpload>;

export const ZCkycUploadEvent = z
  .object({ ...envelope, type: z.enum(CKYC_EVENT_TYPES), ...envelopeTail, data: z.object({ ckyc_upload: ZEventCkycUpload }) })
  .meta({
    id: "CkycUploadEvent",
    description: "The KYC record of an approved session was uploaded to CKYCR (`ckyc.upload_succeeded`), or could not be after retries (`ckyc.upload_failed`).",
  });
export type TCkycUploadEvent = z.infer<typeof ZCkycUploadEvent>;

export const ZScreeningMatchEvent = z
  .object({
    ...envelope,
    type: z.literal("session.screening_match"),
    ...envelopeTail,
    data: z.object({
      session: ZEventSession.nullable().meta({ description: "The monitored session (null for a direct check with `monitor: true`)." }),
      check: ZEventCheck.meta({ description: "The new `in.aml.screen` check holding the candidates (`needs_review`); retrieve it for them." }),
      screening: z
        .object({
          candidates: z.int().min(1).meta({ description: "How many new candidates." }),
          lists: z.array(z.string()).meta({ description: "The lists they are on: `un`, `ofac`, `mha`, `pep` (`sandbox` in test mode)." }),
        })
        .meta({ id: "EventScreening" }),
    }),
  })
  .meta({ id: "ScreeningMatchEvent", description: "Ongoing monitoring found new sanctions or PEP candidates. No personal data: retrieve the check." });
export type TScreeningMatchEvent = z.infer<typeof ZScreeningMatchEvent>;

export const ZReviewDueEvent = z
  .object({
    ...envelope,
    type: z.literal("session.review_due"),
    ...envelopeTail,
    data: z.object({
      session: ZEventSession,
      review: z
        .object({
          risk_level: z.enum(["low", "medium", "high"]),
          next_review_at: ZTimestamp,
        })
        .meta({ id: "EventReview" }),
    }),
  })
  .meta({ id: "ReviewDueEvent", description: "A session's periodic re-KYC review is due (its `next_review_at` passed)." });
export type TReviewDueEvent = z.infer<typeof ZReviewDueEvent>;

export const ZEvent = z.discriminatedUnion("type", [ZSessionEvent, ZScreeningMatchEvent, ZReviewDueEvent, ZCheckEvent, ZCkycUploadEvent]).meta({
  id: "Event",
  description: "An event: listed by GET /v1/events for 30 days and delivered to subscribed webhook endpoints.",
});
export type TEvent = z.infer<typeof ZEvent>;

/** A page of events (GET /v1/events, the dashboard's event log). */
export const ZEventList = ZList(ZEvent, "EventList", "events");
