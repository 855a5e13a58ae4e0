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
    created_at: ZTimestamp,
    finished_at: ZTimestamp.nullable(),
  })
  .meta({ id: "Check", description: "One verification of one piece of data against a source, or by a reviewer." });
export type TCheck = z.infer<typeof ZCheck>;

/** POST /v1/checks/{key} body (interface.md 2.6): `country` plus the check's own input. */
export const ZRunCheckRequest = z
  .looseObject({ country: z.string().length(2).optional().meta({ description: "Needed with a generic key; ISO 3166-1 alpha-2." }) })
  .meta({
    id: "RunCheckRequest",
    description:
      '`country` and the check\'s input properties, which depend on the key (`GET /v1/capabilities` lists each check\'s input as JSON Schema). Example for `in.pan.verify`: `{ "pan": "ABCPE1234F", "name": "Ravi Kumar" }`.',
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
