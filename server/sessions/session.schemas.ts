/**
 * Session API schemas: inputs (interface.md 2.2, 2.5; limits of part 8 and decisions.md) and
 * the objects the session endpoints answer with (interface.md 2.1, 2.3, 4.1).
 */
import { z } from "zod";
import { ZCheck } from "../checks/check.schemas";
import { ZList, ZMode, ZTimestamp } from "../common.schemas";
import { ZLocale, ZRiskLevel, ZSignalKind, ZStepType, ZVerificationType } from "../workflows/workflow.schemas";
import { SESSION_STATUSES } from "./session-status";

export const ZSessionStatus = z.enum(SESSION_STATUSES).meta({
  id: "SessionStatus",
  description: [
    "- `created`: created; the applicant has not opened the hosted flow yet",
    "- `started`: the applicant opened the hosted flow",
    "- `in_progress`: the applicant submitted the first step (or the first step to redo)",
    "- `processing`: every required step is submitted; checks are running",
    "- `review`: a reviewer must decide (a decision rule says so, or a check needs a reviewer)",
    "- `approved`, `declined`: decided (`decision_source` `auto` or `manual`); POST /decision can override",
    "- `resubmission_requested`: the applicant must redo some steps",
    "- `expired`: `expires_at` passed while active (terminal)",
    "- `cancelled`: cancelled through POST /cancel or PII erasure (terminal)",
    "",
    "Active (cancellable, expirable, client token can be re-issued): `created`, `started`, `in_progress`, `resubmission_requested`.",
  ].join("\n"),
});
export type TSessionStatus = z.infer<typeof ZSessionStatus>;

/** Keys refused in metadata: zod's record drops `__proto__` silently, and all three are prototype-pollution vectors downstream. */
export const RESERVED_METADATA_KEYS: readonly string[] = ["__proto__", "constructor", "prototype"];

/**
 * map of string to string: at most 50 keys, key <= 40 chars, value <= 500 chars, none of
 * RESERVED_METADATA_KEYS (refused with an issue at `metadata.<key>` before the record parses,
 * since the record would drop `__proto__` without a word).
 */
export const ZMetadata = z.preprocess(
  (value, ctx) => {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const key of Object.keys(value)) {
        if (RESERVED_METADATA_KEYS.includes(key))
          ctx.issues.push({ code: "custom", path: [key], message: `'${key}' is a reserved key and cannot be used in metadata`, input: value });
      }
    }
    return value;
  },
  z
    .record(z.string().min(1).max(40, "metadata keys are at most 40 characters"), z.string().max(500, "metadata values are at most 500 characters"))
    .refine((m) => Object.keys(m).length <= 50, "at most 50 metadata keys")
    .meta({
      description: `Your key-value pairs, returned with the session: at most 50 keys of at most 40 characters, values of at most 500 characters. Reserved keys (${RESERVED_METADATA_KEYS.map((k) => `\`${k}\``).join(", ")}) are refused.`,
      maxProperties: 50,
    }),
);

export const ZCreateSessionRequest = z
  .strictObject({
    workflow_id: z.string().min(1).meta({ description: "A published workflow (`wf_...`); the session uses its current version." }),
    reference_id: z
      .string()
      .min(1)
      .max(128)
      .optional()
      .meta({ description: "Your own id of the applicant; used for lookup (`GET /v1/sessions?reference_id=`) and sent in webhooks." }),
    country: z
      .string()
      .length(2)
      .optional()
      .meta({ description: "ISO 3166-1 alpha-2; defaults to the workflow's country, the only one accepted (case-insensitive)." }),
    prefill: z
      .strictObject({
        phone: z.string().max(20).optional(),
        email: z.email().optional(),
        full_name: z.string().max(200).optional(),
      })
      .optional()
      .meta({ description: "Applicant data shown pre-filled in the hosted flow." }),
    locale: ZLocale.optional().meta({ description: "Language of the hosted flow; one of the workflow's `languages` (default: the first)." }),
    redirect_url: z
      .url({ protocol: /^https?$/ })
      .optional()
      .meta({
        description:
          "Where the hosted flow sends the applicant at the end, with `session_id` and `status` query parameters. Its origin must be one of the project's allowed origins.",
      }),
    metadata: ZMetadata.optional(),
    expires_in: z
      .number()
      .int()
      .min(300)
      .max(2_592_000)
      .optional()
      .meta({ description: "Seconds until the session expires; default: the workflow's `ttl_seconds` (7 days)." }),
  })
  .meta({ id: "CreateSessionRequest" });
export type TCreateSessionRequest = z.infer<typeof ZCreateSessionRequest>;

export const ZDecisionOutcome = z.enum(["approved", "declined", "resubmission_requested"]).meta({
  id: "DecisionOutcome",
  description: "Maps 1:1 to the session status it sets.",
});
export type TDecisionOutcome = z.infer<typeof ZDecisionOutcome>;

export const ZDecisionSource = z.enum(["auto", "manual"]).meta({
  id: "DecisionSource",
  description: "`auto`: the workflow's decision rules decided; `manual`: a reviewer or POST /v1/sessions/{id}/decision.",
});

export const ZDecisionRequest = z
  .strictObject({
    outcome: ZDecisionOutcome,
    reason_code: z.string().min(1).max(64).meta({
      description:
        "Your reason, e.g. `identity_confirmed`, `document_invalid`; kept in the audit log. For a decline or a resubmission, the hosted flow tells the applicant this code's text from the project's reason-code list (English or Hindi, in the session's language), or a generic sentence for a code without one.",
    }),
    note: z
      .string()
      .max(2000)
      .optional()
      .meta({ description: "Internal free text for your team and the audit log, never shown to the applicant (erased with the session's personal data)." }),
    steps: z
      .array(z.string().min(1))
      .min(1)
      .optional()
      .meta({ description: "Only with `resubmission_requested`: the step names the applicant must redo (default: every step whose checks failed)." }),
  })
  .meta({ id: "DecisionRequest" });
export type TDecisionRequest = z.infer<typeof ZDecisionRequest>;

export const ZStepStatus = z.enum(["pending", "in_progress", "submitted", "passed", "failed", "needs_review", "skipped"]).meta({
  id: "StepStatus",
  description:
    "`pending`: to do (again, after a resubmission request); `submitted`: checks running; `passed`, `failed`, `needs_review`: the outcome of its checks; `skipped`: an optional step the applicant skipped.",
});

export const ZSessionStep = z
  .object({
    type: ZStepType,
    status: ZStepStatus,
    method: z.string().optional().meta({ description: "How the step was completed, when it has several ways (e.g. `otp`)." }),
    attempts: z.number().int().min(0).meta({ description: "Submissions so far; kept across resubmission requests." }),
  })
  .meta({ id: "SessionStep" });

export const ZSession = z
  .object({
    id: z.string().meta({ description: "`ses_...`", examples: ["ses_4fK2pQ9xLmT7vW1bN8cR3dYz"] }),
    object: z.literal("session"),
    mode: ZMode,
    type: ZVerificationType,
    status: ZSessionStatus,
    country: z.string().meta({ description: "ISO 3166-1 alpha-2, upper case.", examples: ["IN"] }),
    workflow_id: z.string().meta({ examples: ["wf_8HqL2mVx5KpR9tZc3NwY6bJd"] }),
    workflow_version: z.number().int().meta({ description: "The workflow version the session started on and keeps." }),
    reference_id: z.string().nullable().meta({ description: "The caller's own id of the applicant; also in webhooks." }),
    parent_session_id: z.string().nullable(),
    decision: ZDecisionOutcome.nullable(),
    decision_source: ZDecisionSource.nullable(),
    reason_code: z.string().nullable().meta({ description: "The reason code of the latest decision." }),
    steps: z.record(z.string(), ZSessionStep).meta({ description: "Step records by step name (the workflow's step names), in workflow order." }),
    metadata: z.record(z.string(), z.string()).meta({ description: "The caller's key-value pairs, as given at creation." }),
    locale: ZLocale,
    expires_at: ZTimestamp,
    created_at: ZTimestamp,
    completed_at: ZTimestamp.nullable().meta({ description: "When the session reached `approved`, `declined`, `expired` or `cancelled`." }),
    pii_erased_at: ZTimestamp.nullable().meta({ description: "When DELETE /v1/sessions/{id}/pii erased its personal data." }),
    duplicates: z
      .array(
        z
          .object({
            session_id: z.string().meta({ description: "The other session (`ses_...`)." }),
            signals: z.array(ZSignalKind).meta({ description: "What the two sessions share." }),
          })
          .meta({ id: "SessionDuplicate" }),
      )
      .meta({
        description:
          "Earlier sessions of the same project and mode that look like the same person or business: they share a PAN, an Aadhaar reference (last 4 digits with name and date of birth from a verified UIDAI document), a phone number, an email address, a GSTIN or a bank account. Found when the checks finish (sessions whose checks finished before), compared as keyed hashes; oldest first, at most 50; empty before then. The session's parent and children are not listed.",
      }),
    risk_level: ZRiskLevel.nullable().meta({
      description:
        "`low`, `medium` or `high`, computed by the workflow's risk rules (check results, sanctions and PEP screening, business type, geography, `metadata`) when the checks finished; raised when a reviewer confirms a PEP or sanctions candidate or monitoring finds one. Null before the checks finished.",
    }),
    risk_rules: z
      .array(
        z
          .object({
            name: z.string().meta({ description: "The risk rule's name." }),
            level: ZRiskLevel,
            explanation: z.string().meta({ description: "Why it fired (no personal data)." }),
          })
          .meta({ id: "SessionRiskRule" }),
      )
      .meta({ description: "The risk rules that fired, highest level first." }),
    next_review_at: ZTimestamp.nullable().meta({
      description:
        "When the periodic re-KYC review is due: the approval plus 2 / 8 / 10 years for a high / medium / low risk level (a project may set its own intervals); `session.review_due` is sent then. Null unless approved.",
    }),
    related_sessions: z
      .array(z.object({ id: z.string(), role: z.string().nullable(), status: ZSessionStatus }))
      .meta({ description: "The parent session (role `parent`) and child sessions (e.g. the key people of a KYB session)." }),
    checks: z.array(ZCheck).optional().meta({ description: "Present with `expand=checks`." }),
    applicant: z
      .record(z.string(), z.unknown())
      .nullable()
      .optional()
      .meta({ description: "Verified profile of a KYC session, free-form. Present with `expand=applicant`." }),
    business: z
      .record(z.string(), z.unknown())
      .nullable()
      .optional()
      .meta({ description: "Verified profile of a KYB session, free-form. Present with `expand=business`." }),
  })
  .meta({ id: "Session", description: "One applicant going through one workflow." });
export type TSession = z.infer<typeof ZSession>;

/** A page of sessions (GET /v1/sessions, the dashboard's sessions table). */
export const ZSessionList = ZList(ZSession, "SessionList", "sessions");

export const ZCreatedSession = z
  .object({
    id: z.string().meta({ description: "`ses_...`", examples: ["ses_4fK2pQ9xLmT7vW1bN8cR3dYz"] }),
    status: z.literal("created"),
    url: z.url().meta({
      description: "Hosted-flow address; the client token is in its fragment (`#t=<client_token>`). Do not log it.",
      examples: ["https://verify.example/flow/ses_4fK2pQ9xLmT7vW1bN8cR3dYz#t=st_Qm3Xr8LpZ2vN6tK9wB4cY7hJ1sD5fG0a"],
    }),
    client_token: z.string().meta({
      description: "`st_...`: the token of the hosted flow, valid 30 minutes, sliding while the applicant is active.",
      examples: ["st_Qm3Xr8LpZ2vN6tK9wB4cY7hJ1sD5fG0a"],
    }),
    expires_at: ZTimestamp,
  })
  .meta({ id: "CreatedSession", description: "Everything the frontend needs to start the hosted flow." });
export type TCreatedSession = z.infer<typeof ZCreatedSession>;

export const ZDecisionResult = z
  .object({ id: z.string(), status: ZSessionStatus, outcome: ZDecisionOutcome })
  .meta({ id: "DecisionResult", description: "The session's new status (the outcome's status) and the outcome." });
export type TDecisionResult = z.infer<typeof ZDecisionResult>;

export const ZCancelledSession = z.object({ id: z.string(), status: z.literal("cancelled") }).meta({ id: "CancelledSession" });
export type TCancelledSession = z.infer<typeof ZCancelledSession>;

export const ZClientToken = z
  .object({
    client_token: z.string().meta({ description: "`st_...`; earlier tokens of the session stop working." }),
    url: z.url().meta({ description: "Hosted-flow address carrying the new token in its fragment." }),
  })
  .meta({ id: "ClientToken", description: "A fresh client token; the hosted flow resumes at the first unfinished step." });
export type TClientToken = z.infer<typeof ZClientToken>;

export const ZPiiErasure = z
  .object({
    id: z.string(),
    object: z.literal("session"),
    erased: z.literal(true),
    files_deleted: z.number().int().min(0).meta({ description: "Evidence files deleted by this call (0 on a repeated call)." }),
  })
  .meta({ id: "PiiErasure", description: "The personal data of the session is erased; its decision skeleton is kept." });
export type TPiiErasure = z.infer<typeof ZPiiErasure>;
