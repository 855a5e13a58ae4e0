/**
 * API schemas of checks (interface.md 2.4, 2.6, 4.2, 4.3; decisions.md "Checks"): the Check
 * object, the direct-check input and the capabilities object.
 */
import { z } from "zod";
import { ZTimestamp } from "../common.schemas";
import { ZLocale, ZStepType, ZVerificationType } from "../workflows/workflow.schemas";

export const ZCheckStatus = z.enum(["pending", "running", "passed", "failed", "needs_review", "error"]).meta({
  id: "CheckStatus",
  description:
    "`pending`: not started; `running`: waiting for the provider; `passed` / `failed`: the answer; `needs_review`: a reviewer must look; `error`: the provider could not answer (timeout, outage) even after retries. `error` never counts as `failed`.",
});
export type TCheckStatus = z.infer<typeof ZCheckStatus>;

export const ZVerifiedBy = z.enum(["source", "reviewer"]).meta({
  id: "VerifiedBy",
  description:
    "`source`: the issuing registry or a cryptographic verification answered; `reviewer`: provider `manual`, a reviewer compared the uploaded document without a registry call.",
});

/** Minimum length of a registry call's `purpose` (decisions.md 2026-11-24 "Consent on live registry calls"). */
export const PURPOSE_MIN_LENGTH = 20;

/**
 * The applicant's consent a registry call rests on (decisions.md 2026-11-24, DPDP Act 2023 s.6):
 * a direct check in live mode must send it; hosted-flow checks take it from the session's
 * consent step.
 */
export const ZCheckConsent = z
  .strictObject({
    obtained: z.literal(true, { error: "Consent must have been obtained (`obtained: true`)." }),
    at: z.iso.datetime({ offset: true }).meta({ description: "When the applicant gave consent (ISO 8601)." }),
    method: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .meta({ description: "How consent was taken, e.g. `web_checkbox`, `otp`, `signed_form`, `voice_recording`.", examples: ["web_checkbox"] }),
    notice_version: z.string().trim().min(1).max(64).meta({ description: "Version of the privacy notice the applicant accepted." }),
  })
  .meta({ id: "CheckConsent", description: "The applicant's consent a registry call rests on." });
export type TCheckConsent = z.infer<typeof ZCheckConsent>;

export const ZCheckPurpose = z
  .string()
  .trim()
  .min(PURPOSE_MIN_LENGTH, { error: `A purpose of at least ${PURPOSE_MIN_LENGTH} characters.` })
  .max(500)
  .meta({
    description: `Why the registry is asked (at least ${PURPOSE_MIN_LENGTH} characters); passed to the registry where its API takes one.`,
    examples: ["KYC of a new savings account holder"],
  });

/** The consent recorded on a check: the direct check's `consent`, or the session's consent step (`source`). */
export const ZRecordedConsent = ZCheckConsent.extend({
  source: z
    .enum(["request", "session"])
    .meta({ description: "`request`: sent with a direct check; `session`: the applicant's consent step in the hosted flow." }),
}).meta({ id: "RecordedConsent" });
export type TRecordedConsent = z.infer<typeof ZRecordedConsent>;

export const ZProviderAttempt = z
  .object({
    provider: z.string().meta({ description: "The provider asked, e.g. `quicko_sandbox`, `cashfree`." }),
    outcome: z.string().meta({
      description:
        "`passed`, `failed` or `needs_review` when it answered; `pending` when it opened a request the applicant acts on (`in.bank_account.reverse_penny_drop`); `provider_unavailable`, `provider_timeout` or `provider_not_configured` when it could not (the next provider of the project's failover order is then asked on the first two).",
    }),
    latency_ms: z.number().int().meta({ description: "Milliseconds the call took." }),
    at: ZTimestamp,
  })
  .meta({ id: "ProviderAttempt", description: "One call of a check to a provider." });
export type TProviderAttempt = z.infer<typeof ZProviderAttempt>;

export const ZCheck = z
  .object({
    id: z.string().meta({ description: "`chk_...`", examples: ["chk_7TnB3xQ9mLk2VpR5wZc8YdHf"] }),
    object: z.literal("check"),
    step: z.string().nullable().meta({ description: "The session step that ran the check; null for a direct check." }),
    capability: z.string().nullable(),
    generic_key: z.string().meta({ description: "Generic check key `<subject>.<action>`.", examples: ["tax_id.verify"] }),
    check_key: z.string().meta({ description: "Country check key `<country>.<subject>.<action>`.", examples: ["in.pan.verify"] }),
    provider: z.string().nullable().meta({ description: "Who answered; `manual` means a reviewer decided. Null until known." }),
    status: ZCheckStatus,
    verified_by: ZVerifiedBy.nullable().meta({ description: "Null until decided." }),
    score: z.number().nullable(),
    error_code: z.string().nullable().meta({ description: "Why the check failed or errored, e.g. `pan_not_found`, `name_mismatch`, `provider_timeout`." }),
    from_cache: z.boolean().meta({
      description: "True when a registry answer for the same normalized input (same project and mode, younger than the check's cache TTL) was reused.",
    }),
    result: z.record(z.string(), z.unknown()).nullable().meta({ description: "Free-form answer of the provider; null until finished and after PII erasure." }),
    consent: ZRecordedConsent.nullable().meta({
      description: "The consent the registry call rests on; null when none was given (test mode, or a check that asks no registry).",
    }),
    purpose: z.string().nullable().meta({ description: "Why the registry was asked; null when none was given." }),
    provider_attempts: z.array(ZProviderAttempt).meta({
      description:
        "Every provider call of the check, in order, across retries and failover (live mode: a provider that is unavailable or times out hands over to the next of the project's order). Empty for a check answered offline, from the cache, or not yet attempted.",
    }),
    created_at: ZTimestamp,
    finished_at: ZTimestamp.nullable(),
  })
  .meta({ id: "Check", description: "One verification of one piece of data against a source, or by a reviewer." });
export type TCheck = z.infer<typeof ZCheck>;

/** POST /v1/checks/{key} body (interface.md 2.6): `country` plus the check's own input. */
export const ZRunCheckRequest = z
  .looseObject({
    country: z.string().length(2).optional().meta({ description: "Needed with a generic key; ISO 3166-1 alpha-2." }),
    consent: ZCheckConsent.optional().meta({
      description:
        "The applicant's consent. Required in live mode for a check that asks a registry (`answered_by: registry`): without it 400 `parameter_missing`, `param: consent`.",
    }),
    purpose: ZCheckPurpose.optional().meta({ description: "Why the registry is asked. Required with `consent` (live mode, registry checks)." }),
  })
  .meta({
    id: "RunCheckRequest",
    description:
      '`country`, `consent`, `purpose` and the check\'s input properties, which depend on the key (`GET /v1/capabilities` lists each check\'s input as JSON Schema). Example for `in.pan.verify`: `{ "pan": "ABCPE1234F", "name": "Ravi Kumar", "consent": { "obtained": true, "at": "2026-11-24T10:00:00Z", "method": "web_checkbox", "notice_version": "2026-10-01" }, "purpose": "KYC of a new savings account holder" }`.',
  });

export const ZCapabilities = z
  .object({
    object: z.literal("capabilities"),
    countries: z.array(
      z.object({
        country: z.string().meta({ description: "ISO 3166-1 alpha-2" }),
        name: z.string(),
        languages: z.array(ZLocale),
        session_types: z.array(ZVerificationType),
        step_types: z.array(ZStepType),
        checks: z.array(
          z.object({
            key: z.string().meta({ description: "Country check key, e.g. `in.pan.verify`." }),
            generic_key: z.string(),
            description: z.string(),
            answered_by: z.enum(["registry", "cryptographic", "offline", "service", "manual"]),
            cache_ttl_seconds: z.number().int(),
            input: z
              .record(z.string(), z.unknown())
              .meta({ description: "JSON Schema of the check's input (the body of POST /v1/checks/{key} besides `country`)." }),
            live_providers: z
              .array(
                z.object({
                  name: z.string().meta({ description: "The provider's name, as checks record it (`provider`), e.g. `quicko_sandbox`, `cashfree`." }),
                  label: z.string(),
                  available: z.boolean().meta({ description: "The server holds the provider's credentials." }),
                  order: z.number().int().nullable().meta({
                    description: "Position in the project's live failover order for this check (1 = asked first); null when live checks do not ask it.",
                  }),
                }),
              )
              .meta({
                description:
                  "Live mode: the registry providers that answer this check for the calling project, those it asks first (in failover order), then the others. A provider that is unavailable or times out hands over to the next. Empty for checks the service answers itself.",
              }),
            sandbox: z
              .array(z.object({ input: z.string(), outcome: z.string() }))
              .meta({ description: "Test mode: inputs with a fixed outcome, to test every branch." }),
          }),
        ),
        document_types: z.array(z.string()).meta({ description: "Keys of GET /v1/document-types." }),
      }),
    ),
  })
  .meta({
    id: "Capabilities",
    description: "What each country supports: checks (with their input schemas and sandbox values), step types, document types, languages.",
  });
export type TCapabilities = z.infer<typeof ZCapabilities>;

/** DELETE /v1/checks/{id}/pii: the same contract as the session's erasure (ZPiiErasure). */
export const ZCheckPiiErasure = z
  .object({
    id: z.string(),
    object: z.literal("check"),
    erased: z.literal(true),
    files_deleted: z.number().int().min(0).meta({
      description: "Evidence files deleted by this call: always 0, a direct check keeps none (its answer's files, such as an Aadhaar photo, are not stored).",
    }),
  })
  .meta({ id: "CheckPiiErasure", description: "The personal data of the check is erased; its skeleton (id, keys, status, timestamps) is kept." });
export type TCheckPiiErasure = z.infer<typeof ZCheckPiiErasure>;

/** The body of POST /v1/checks/{id}/otp (and the flow's code entry): the code, or a request for a new one. */
export const ZCheckOtpRequest = z
  .strictObject({
    otp: z
      .string()
      .regex(/^[0-9]{6}$/, "The code is the 6 digits the registry sent by SMS.")
      .optional()
      .meta({ description: "The 6-digit code the registry sent to the mobile number on the record." }),
    resend: z.literal(true).optional().meta({ description: "`true`: send a new code instead (at most once per 30 seconds)." }),
  })
  .superRefine((b, ctx) => {
    if ((b.otp === undefined) === (b.resend === undefined))
      ctx.addIssue({ code: "custom", path: ["otp"], message: "Send either `otp` (the code) or `resend: true`, not both." });
  })
  .meta({ id: "CheckOtpRequest" });
export type TCheckOtpRequest = z.infer<typeof ZCheckOtpRequest>;
