/**
 * Workflow definitions (decisions.md "Workflow object"). A published WorkflowVersion stores
 * `definition` in exactly the `ZWorkflowDefinition` shape; drafts use the same schema.
 */
import { z } from "zod";
import { ZTimestamp } from "../common.schemas";
import { SESSION_STATUSES } from "../sessions/session-status";
import { KEY_PERSON_ROLES } from "../steps/key-people/key-people.schemas";
import { STEP_SETTINGS, STEP_TYPES } from "../steps/step-types";

/** The step-type catalog (server/steps/step-types.ts); each type is a module of server/steps/registry.ts. */
export const ZStepType = z.enum(STEP_TYPES).meta({
  id: "StepType",
  description: "The step-type catalog: what the applicant does in a step (`GET /v1/capabilities` lists them per country).",
});

export const ZLocale = z.enum(["en", "hi"]).meta({ id: "Locale", description: "A language of the hosted flow: `en` English, `hi` Hindi." });
export type TLocale = z.infer<typeof ZLocale>;

export const ZVerificationType = z.enum(["kyc", "kyb"]).meta({ id: "VerificationType", description: "`kyc`: an individual; `kyb`: a business." });

export const ZWorkflowStep = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "lower-case letters, digits and _"),
  type: ZStepType,
  required: z.boolean().default(true),
  settings: z.record(z.string(), z.unknown()).default({}),
});
export type TWorkflowStep = z.infer<typeof ZWorkflowStep>;

export const ZRuleOutcome = z.enum(["approve", "decline", "review"]);
export type TRuleOutcome = z.infer<typeof ZRuleOutcome>;

/** Kinds of identity signal compared to find duplicate sessions (server/duplicates/signals.ts). */
export const SIGNAL_KINDS = ["pan", "aadhaar", "phone", "email", "gstin", "bank_account"] as const;
export const ZSignalKind = z.enum(SIGNAL_KINDS).meta({
  id: "SignalKind",
  description:
    "What two sessions share: `pan`, `aadhaar` (the last 4 digits of the Aadhaar number with the name and date of birth from a verified UIDAI document), `phone`, `email`, `gstin`, `bank_account` (IFSC bank code and account number).",
});
export type TSignalKind = z.infer<typeof ZSignalKind>;

/** A check key as rules name it: a country key (`in.pan.verify`) or a generic key (`tax_id.verify`). */
const ZRuleCheckKey = z
  .string()
  .regex(/^(?:[a-z]{2}\.)?[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/, "a country check key (in.pan.verify) or a generic key (tax_id.verify)");

/** A check of the session with this key matches every filter given (at least one filter). */
export const ZCheckCondition = z
  .strictObject({
    type: z.literal("check"),
    check: ZRuleCheckKey,
    status: z
      .array(z.enum(["passed", "failed", "needs_review", "error"]))
      .min(1)
      .optional(),
    error_code: z.array(z.string().min(1)).min(1).optional(),
    /** The check's `score` (e.g. the name-match score of in.pan.verify) is known and below this. */
    score_below: z.number().min(0).max(1).optional(),
  })
  .refine((c) => c.status !== undefined || c.error_code !== undefined || c.score_below !== undefined, {
    message: "a check condition needs `status`, `error_code` or `score_below`",
  });

/** Every check of the session's required steps passed (checks of optional steps do not count). */
export const ZAllChecksPassedCondition = z.strictObject({ type: z.literal("all_checks_passed") });

/** A check answered by the `manual` provider (a document review) waits for a reviewer. */
export const ZManualCheckCondition = z.strictObject({ type: z.literal("manual_check") });

/** The session has a duplicate (`session.duplicates`) in one of `status`, sharing one of `signals` (default: any). */
export const ZDuplicateCondition = z.strictObject({
  type: z.literal("duplicate"),
  status: z.array(z.enum(SESSION_STATUSES)).min(1).optional(),
  signals: z.array(ZSignalKind).min(1).optional(),
});

/**
 * Two names from verified sources of the session (the PAN registry's name, the name in the
 * Aadhaar document, the bank account holder's name...) score below `below` with `nameMatch`
 * (server/checks/name-match.ts). Needs at least two such names.
 */
export const ZNamesDifferCondition = z.strictObject({
  type: z.literal("names_differ"),
  below: z.number().min(0).max(1).default(0.8),
});

/**
 * Review signals of the session's document extractions (server/intelligence/): `field_corrected`
 * (the applicant changed a value read from the document), `field_removed`, `field_not_extracted`,
 * `field_low_confidence` (a value the OCR was unsure of, kept as read), `mrz_check_digit_invalid`,
 * `mrz_visual_mismatch`, `mrz_not_found` (passports), `document_expired`.
 */
export const DOCUMENT_SIGNAL_CODES = [
  "field_corrected",
  "field_removed",
  "field_not_extracted",
  "field_low_confidence",
  "mrz_check_digit_invalid",
  "mrz_visual_mismatch",
  "mrz_not_found",
  "document_expired",
] as const;

/**
 * A document the applicant submitted raised a review signal of one of `kinds` (default: any)
 * with one of `severity`. `severity` defaults to `review` when `kinds` is omitted (only signals
 * meant for a reviewer) and to any severity when `kinds` names the signals.
 */
export const ZDocumentSignalCondition = z.strictObject({
  type: z.literal("document_signal"),
  kinds: z.array(z.enum(DOCUMENT_SIGNAL_CODES)).min(1).optional(),
  severity: z
    .array(z.enum(["review", "info"]))
    .min(1)
    .optional(),
});

/**
 * A KYB session's key people (its child sessions, server/kyb/) with one of `role` (default:
 * any) are in one of `status`, e.g. a declined director -> review.
 */
export const ZRelatedSessionsCondition = z.strictObject({
  type: z.literal("related_sessions"),
  role: z.array(z.enum(KEY_PERSON_ROLES)).min(1).optional(),
  status: z.array(z.enum(SESSION_STATUSES)).min(1),
});

/**
 * Cross-checks of a KYB session's registrations (server/kyb/cross-checks.ts) found one of
 * `mismatch` (default: any): `gstin_pan` (the PAN inside the GSTIN is not the business's PAN),
 * `registry_name` (the legal name scores below 0.8 against the MCA21 name).
 */
export const BUSINESS_MISMATCHES = ["gstin_pan", "registry_name"] as const;
export const ZBusinessMismatchCondition = z.strictObject({
  type: z.literal("business_mismatch"),
  mismatch: z.array(z.enum(BUSINESS_MISMATCHES)).min(1).optional(),
});

/**
 * When a rule applies. Stored definitions from before `type` existed (`{ check, status,
 * error_code }`) are read as `type: "check"`.
 */
export const ZRuleCondition = z.preprocess(
  (v) => (v && typeof v === "object" && !Array.isArray(v) && !("type" in v) && "check" in v ? { type: "check", ...v } : v),
  z.discriminatedUnion("type", [
    ZCheckCondition,
    ZAllChecksPassedCondition,
    ZManualCheckCondition,
    ZDuplicateCondition,
    ZNamesDifferCondition,
    ZDocumentSignalCondition,
    ZRelatedSessionsCondition,
    ZBusinessMismatchCondition,
  ]),
);
export type TRuleCondition = z.infer<typeof ZRuleCondition>;

/**
 * A decision rule (data, part of a workflow version). `name` is a stable snake_case code: it is
 * the session's `reason_code` of an automatic decision, a review reason shown to reviewers and
 * the `reason` of the history row; `description` is shown beside it.
 */
export const ZDecisionRule = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "snake_case, at most 64 characters"),
  description: z.string().max(200).optional(),
  when: ZRuleCondition,
  outcome: ZRuleOutcome,
});
export type TDecisionRule = z.infer<typeof ZDecisionRule>;

/**
 * Decision rules, applied once a session's checks finished (server/sessions/evaluate-decision.ts):
 * every rule whose `when` holds matches, and the strongest outcome among the matches wins
 * (decline > review > approve), so the order of the rules does not matter. With no match, a
 * session whose checks did not all pass goes to review, otherwise `otherwise` applies. An
 * approval never stands while a check still needs a reviewer or errored (decisions.md: "any
 * check needs a reviewer" -> review; `error` never counts as passed).
 */
export const ZDecisionRules = z
  .strictObject({
    rules: z.array(ZDecisionRule).default([]),
    otherwise: ZRuleOutcome.default("approve"),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<string>();
    d.rules.forEach((r, i) => {
      if (seen.has(r.name)) ctx.addIssue({ code: "custom", path: ["rules", i, "name"], message: `duplicate rule name '${r.name}'` });
      seen.add(r.name);
    });
  });
export type TDecisionRules = z.infer<typeof ZDecisionRules>;

/** Risk levels (RBI KYC Directions: customers categorised as low, medium or high risk). */
export const RISK_LEVELS = ["low", "medium", "high"] as const;
export const ZRiskLevel = z.enum(RISK_LEVELS);
export type TRiskLevel = z.infer<typeof ZRiskLevel>;

/**
 * Sanctions and PEP screening of the session (`in.aml.screen` checks) holds candidates of one of
 * `category` (default: any) that a reviewer confirmed, or that are still open when `open` is true
 * (default): a confirmed or possible PEP raises the risk level.
 */
export const ZScreeningCondition = z.strictObject({
  type: z.literal("screening"),
  category: z
    .array(z.enum(["sanctions", "pep"]))
    .min(1)
    .optional(),
  open: z.boolean().default(true),
});

/** The session's `metadata[key]` (the project's own inputs) is one of `values`. */
export const ZMetadataCondition = z.strictObject({
  type: z.literal("metadata"),
  key: z.string().min(1).max(40),
  values: z.array(z.string().max(500)).min(1),
});

/** The session is of one of `types` (`kyc` an individual, `kyb` a business). */
export const ZSessionTypeCondition = z.strictObject({ type: z.literal("session_type"), types: z.array(z.enum(["kyc", "kyb"])).min(1) });

/** The session's country (ISO 3166-1 alpha-2) is one of `countries`, or, with `nationality`, the screened nationality is. */
export const ZGeographyCondition = z.strictObject({
  type: z.literal("geography"),
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)).min(1),
});

/** When a risk rule applies: any decision-rule condition, or one of the risk-only ones above. */
export const ZRiskCondition = z.union([
  z.discriminatedUnion("type", [ZScreeningCondition, ZMetadataCondition, ZSessionTypeCondition, ZGeographyCondition]),
  ZRuleCondition,
]);
export type TRiskCondition = z.infer<typeof ZRiskCondition>;

/** A risk rule (data, part of a workflow version): when `when` holds, the session is at least `level`. */
export const ZRiskRule = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "snake_case, at most 64 characters"),
  description: z.string().max(200).optional(),
  when: ZRiskCondition,
  level: ZRiskLevel,
});
export type TRiskRule = z.infer<typeof ZRiskRule>;

/**
 * Risk rules, applied with the decision rules once a session's checks finished and again when a
 * reviewer resolves screening candidates (server/risk/): the highest level among the rules that
 * hold wins; none holds -> `otherwise`. The level sets `next_review_at` (periodic re-KYC).
 */
export const ZRiskRules = z.strictObject({
  rules: z.array(ZRiskRule).default([]),
  otherwise: ZRiskLevel.default("low"),
});
export type TRiskRules = z.infer<typeof ZRiskRules>;

/** Resubmissions a session may be asked for before a further request sends it to review instead (issue 18). */
export const MAX_RESUBMISSIONS_DEFAULT = 3;

export const ZWorkflowDefinition = z
  .strictObject({
    languages: z.array(ZLocale).min(1).default(["en", "hi"]),
    ttl_seconds: z.number().int().min(300).max(2_592_000).default(604_800),
    /** Absent: `MAX_RESUBMISSIONS_DEFAULT` (definitions from before it existed read the same way). */
    max_resubmissions: z
      .number()
      .int()
      .min(0)
      .max(10)
      .optional()
      .meta({
        title: "Resubmissions",
        description: `How many times a session can be sent back to the applicant to redo steps (empty: ${MAX_RESUBMISSIONS_DEFAULT}); a further request puts it in review for a final decision.`,
      }),
    steps: z.array(ZWorkflowStep).min(1, "Add at least one step."),
    decision: ZDecisionRules.default({ rules: [], otherwise: "approve" }),
    risk: ZRiskRules.default({ rules: [], otherwise: "low" }),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<string>();
    d.steps.forEach((s, i) => {
      if (seen.has(s.name)) ctx.addIssue({ code: "custom", path: ["steps", i, "name"], message: `duplicate step name '${s.name}'` });
      seen.add(s.name);
      const settings = STEP_SETTINGS[s.type].safeParse(s.settings);
      for (const issue of settings.success ? [] : settings.error.issues) {
        ctx.addIssue({
          code: "custom",
          path: ["steps", i, "settings", ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))],
          message: issue.message,
        });
      }
    });
  });
export type TWorkflowDefinition = z.infer<typeof ZWorkflowDefinition>;

/** The workflow object of the API (decisions.md "Workflow object"): the current published version. */
export const ZWorkflow = z
  .object({
    id: z.string().meta({ description: "`wf_...`", examples: ["wf_8HqL2mVx5KpR9tZc3NwY6bJd"] }),
    object: z.literal("workflow"),
    name: z.string(),
    type: ZVerificationType,
    country: z.string().meta({ description: "ISO 3166-1 alpha-2, upper case.", examples: ["IN"] }),
    version: z.number().int().min(1).meta({ description: "The current published version (integers from 1). A session keeps the version it started on." }),
    languages: z.array(ZLocale).meta({ description: "Languages of the hosted flow; the first is the default `locale` of a session." }),
    ttl_seconds: z.number().int().meta({ description: "Default session lifetime (`expires_in` of POST /v1/sessions overrides it)." }),
    steps: z
      .array(
        z.object({
          name: z.string().meta({ description: "Unique within the workflow; the key of `session.steps`." }),
          type: ZStepType,
          required: z.boolean(),
        }),
      )
      .meta({ description: "The steps in the order the applicant goes through them." }),
    published_at: ZTimestamp,
    created_at: ZTimestamp,
  })
  .meta({
    id: "Workflow",
    description:
      "A workflow's current published version. Workflows are built and published in the dashboard; the API only reads them (drafts are never visible).",
  });
export type TWorkflow = z.infer<typeof ZWorkflow>;
