/**
 * Workflow definitions (decisions.md "Workflow object"). A published WorkflowVersion stores
 * `definition` in exactly the `ZWorkflowDefinition` shape; drafts use the same schema.
 */
import { z } from "zod";
import { ZTimestamp } from "../common.schemas";
import { SESSION_STATUSES } from "../sessions/session-status";
import { CONSTITUTIONS, KEY_PERSON_ROLES } from "../kyb/kyb-step-inputs";
import { DEFAULT_FACE_MATCH_THRESHOLD, DEFAULT_LIVENESS_THRESHOLD, FACE_MATCH_REVIEW_BAND } from "../intelligence/face/face-thresholds";

/** The step-type catalog; each type is rendered by the hosted flow (components/flow/steps). */
export const STEP_TYPES = [
  "consent",
  "phone",
  "email",
  "pan",
  "aadhaar",
  "documents",
  "selfie",
  "review",
  "business_details",
  "business_documents",
  "key_people",
  "bank_account",
] as const;
export const ZStepType = z.enum(STEP_TYPES).meta({
  id: "StepType",
  description: "The step-type catalog: what the applicant does in a step (`GET /v1/capabilities` lists them per country).",
});
export type TStepType = z.infer<typeof ZStepType>;

export const ZLocale = z.enum(["en", "hi"]).meta({ id: "Locale", description: "A language of the hosted flow: `en` English, `hi` Hindi." });
export type TLocale = z.infer<typeof ZLocale>;

export const ZVerificationType = z.enum(["kyc", "kyb"]).meta({ id: "VerificationType", description: "`kyc`: an individual; `kyb`: a business." });

/** 5 years: the record keeping of the RBI KYC Master Direction (and PML Rules 2005 r.3) after the relationship ends. */
export const CONSENT_RETENTION_DAYS_DEFAULT = 365 * 5;

export const ZConsentSettings = z.strictObject({
  /** Version of the DPDP notice text (components/flow/i18n) shown and recorded with consent. */
  notice_version: z
    .string()
    .min(1)
    .default("2026-10-01")
    .meta({ title: "Notice version", description: "Version of the privacy notice text shown to the applicant and recorded with the consent." }),
  purposes: z
    .array(z.string().min(1))
    .default(["identity_verification"])
    .meta({ title: "Purposes", description: "Why the data is processed, recorded with the consent (comma-separated codes)." }),
  retention_days: z
    .number()
    .int()
    .positive()
    .default(CONSENT_RETENTION_DAYS_DEFAULT)
    .meta({
      title: "Retention (days)",
      description: "How long the personal data is kept after the verification ends, as the notice states; it is erased then (server/sessions/retention.ts).",
    }),
  /** Grievance officer contact shown in the notice (DPDP Act 2023 s.8(10)); defaults to the organization. */
  grievance_contact: z
    .string()
    .max(200)
    .optional()
    .meta({ title: "Grievance contact", description: "The grievance officer named in the notice (DPDP Act 2023 s.8(10)); empty: the organization." }),
});

export const ZPanSettings = z.strictObject({
  /** `individual`: 4th letter must be P; `business`: any non-individual holder type. */
  holder: z
    .enum(["individual", "business"])
    .default("individual")
    .meta({ title: "PAN holder", description: "Individual: the 4th letter of the PAN must be P; business: any other holder type." }),
  /** Also check that an individual's PAN is linked with Aadhaar (`in.pan.aadhaar_link`; an unlinked PAN is inoperative). */
  aadhaar_link: z
    .boolean()
    .default(false)
    .meta({ title: "Check the PAN-Aadhaar link", description: "An individual's PAN that is not linked with Aadhaar is inoperative (in.pan.aadhaar_link)." }),
});

/** `phone`: an Indian mobile number verified by a one-time code (SMS). */
export const ZPhoneSettings = z.strictObject({});

/** `email`: an email address verified by a one-time code. */
export const ZEmailSettings = z.strictObject({});

export const AADHAAR_METHODS = ["offline_ekyc", "secure_qr"] as const;

/** `aadhaar`: which UIDAI offline artefacts the applicant may share (never the number itself). */
export const ZAadhaarSettings = z.strictObject({
  /** In the order offered; the first is preselected. */
  methods: z
    .array(z.enum(AADHAAR_METHODS))
    .min(1, "Offer at least one method.")
    .default([...AADHAAR_METHODS])
    .meta({ title: "Methods", description: "Offered in this order; the first is preselected." }),
});

/** Whether `pattern` compiles as a JavaScript regular expression (the flow and the server test values with it). */
function isRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** A field of the `documents` step beyond the catalog (or overriding a catalog field's label and rules). */
export const ZDocumentFieldSetting = z.strictObject({
  key: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "Lower-case letters, digits and _, starting with a letter."),
  /** Label per flow language; a catalog field keeps its translated label when omitted. */
  label: z.strictObject({ en: z.string().min(1, "Enter the English label.").max(100), hi: z.string().min(1).max(100).optional() }).optional(),
  type: z.enum(["string", "date", "enum"]).optional(),
  pattern: z
    .string()
    .max(200)
    .refine((p) => isRegExp(p), "Not a valid regular expression.")
    .optional(),
  values: z.array(z.string().min(1).max(64)).min(1, "Give at least one value.").max(20).optional(),
  max_length: z.number().int().min(1).max(1000).optional(),
  required: z.boolean().default(true),
});
export type TDocumentFieldSetting = z.infer<typeof ZDocumentFieldSetting>;

/**
 * `documents`: the document types the applicant may choose from (keys of the document-type
 * catalog, GET /v1/document-types) and the fields they confirm. A field is a catalog key
 * (asked when the chosen type has it), an override of one, or a custom field (always asked).
 */
export const ZDocumentsSettings = z.strictObject({
  document_types: z.array(z.string().min(1).max(64)).min(1, "Choose at least one document type.").default(["pan_card", "aadhaar_card", "passport", "voter_id", "driving_licence"]),
  fields: z
    .array(z.union([z.string().regex(/^[a-z][a-z0-9_]{0,63}$/), ZDocumentFieldSetting]))
    .max(20)
    .default(["name", "date_of_birth"]),
  /** `upload_or_camera`: a photo taken in the flow or a file (image or PDF); `camera`: a photo taken in the flow only. */
  capture: z.enum(["upload_or_camera", "camera"]).default("upload_or_camera"),
});
export type TDocumentsSettings = z.infer<typeof ZDocumentsSettings>;

/** Reference photos the selfie may be compared with (`in.face.match`). */
export const FACE_MATCH_REFERENCES = ["document", "aadhaar", "any"] as const;
/** Active liveness challenges of the selfie step. */
export const LIVENESS_CHALLENGES = ["none", "turn_head", "blink"] as const;

/**
 * `selfie`: a live photo from the front camera (no gallery upload), compared with the identity
 * document's photo (`in.face.match`) and checked for liveness (`in.liveness.check`); planned by
 * server/checks/step-checks.ts.
 */
export const ZSelfieSettings = z.strictObject({
  face_match: z
    .strictObject({
      enabled: z.boolean().optional().meta({
        title: "Compare with the document photo",
        description: "Run in.face.match. Empty: on when the workflow has a documents or Aadhaar step (a photo to compare with).",
      }),
      threshold: z.number().min(0).max(1).default(DEFAULT_FACE_MATCH_THRESHOLD).meta({
        title: "Face match threshold",
        description: `Similarity 0..1 at or above which the faces match (calibrated default ${DEFAULT_FACE_MATCH_THRESHOLD}); up to ${FACE_MATCH_REVIEW_BAND} below it goes to a reviewer, lower fails.`,
      }),
      compare_with: z.enum(FACE_MATCH_REFERENCES).default("any").meta({
        title: "Compare with",
        description:
          "document: the photo on the uploaded identity document; aadhaar: the photo in the UIDAI-signed offline e-KYC; any: the Aadhaar photo when the session has a readable one, else the document.",
      }),
    })
    .prefault({}),
  liveness: z
    .strictObject({
      passive: z.boolean().default(true).meta({
        title: "Passive liveness",
        description: "Score the selfie with the anti-spoofing and liveness models (in.liveness.check).",
      }),
      threshold: z.number().min(0).max(1).default(DEFAULT_LIVENESS_THRESHOLD).meta({
        title: "Liveness threshold",
        description: `Passive liveness score 0..1 below which the selfie goes to a reviewer (default ${DEFAULT_LIVENESS_THRESHOLD}).`,
      }),
      active: z.enum(LIVENESS_CHALLENGES).default("none").meta({
        title: "Active challenge",
        description:
          "none; turn_head: the applicant turns the head left and right; blink: the applicant blinks. Frames taken during the challenge are verified by the server.",
      }),
    })
    .prefault({}),
});
export type TSelfieSettings = z.infer<typeof ZSelfieSettings>;

/** `review`: a summary of what was entered, with edit links, before the final submit. */
export const ZReviewSettings = z.strictObject({});

/** `business_details`: the legal forms the applicant may choose and whether the Udyam (MSME) number is asked. */
export const ZBusinessDetailsSettings = z.strictObject({
  constitutions: z
    .array(z.enum(CONSTITUTIONS))
    .min(1, "Offer at least one constitution.")
    .default([...CONSTITUTIONS])
    .meta({ title: "Constitutions", description: "Legal forms offered, in this order: a company gives its CIN, an LLP its LLPIN (checked with in.cin.verify)." }),
  udyam: z
    .enum(["optional", "hidden"])
    .default("optional")
    .meta({ title: "Udyam number", description: "Ask for the optional Udyam (MSME) registration number, checked with in.udyam.verify when given." }),
});

/**
 * `business_documents`: which documents of the catalog are asked. The business's constitution
 * picks among them (server/kyb/business-documents.ts): a certificate of incorporation from
 * companies and LLPs, a board resolution from companies and trusts, a partnership deed from
 * partnerships, a GST certificate and a bank statement from every business.
 */
export const ZBusinessDocumentsSettings = z.strictObject({
  document_types: z
    .array(z.string().min(1).max(64))
    .min(1, "Choose at least one document type.")
    .default(["certificate_of_incorporation", "gst_certificate", "partnership_deed", "board_resolution", "bank_statement"])
    .meta({ title: "Document types", description: "Keys of the document-type catalog (GET /v1/document-types) that may be asked." }),
  optional_types: z
    .array(z.string().min(1).max(64))
    .default(["bank_statement"])
    .meta({ title: "Optional documents", description: "Asked but not required." }),
  manual_review: z
    .boolean()
    .default(false)
    .meta({ title: "Reviewer checks each document", description: "Each document becomes an in.document.review check, which sends the session to a reviewer." }),
});
export type TBusinessDocumentsSettings = z.infer<typeof ZBusinessDocumentsSettings>;

/** `key_people`: who gets a KYC session of their own, and with which workflow. */
export const ZKeyPeopleSettings = z.strictObject({
  kyc_workflow: z
    .string()
    .min(1)
    .max(100)
    .default("India KYC")
    .meta({ title: "KYC workflow", description: "Name or id (wf_...) of a published KYC workflow of the project that each key person completes." }),
  kyc_roles: z
    .array(z.enum(KEY_PERSON_ROLES))
    .min(1, "Choose at least one role.")
    .default([...KEY_PERSON_ROLES])
    .meta({ title: "Roles verified", description: "Key people with these roles get a KYC session; the business waits until each is decided." }),
});
export type TKeyPeopleSettings = z.infer<typeof ZKeyPeopleSettings>;

/** `bank_account`: the business's account, verified by a penny drop in the business's legal name (in.bank_account.verify). */
export const ZBankAccountSettings = z.strictObject({});

/** The settings schema of each step type the hosted flow renders (others accept any object). */
export const STEP_SETTINGS: Partial<Record<TStepType, z.ZodType<Record<string, unknown>>>> = {
  consent: ZConsentSettings,
  phone: ZPhoneSettings,
  email: ZEmailSettings,
  pan: ZPanSettings,
  aadhaar: ZAadhaarSettings,
  documents: ZDocumentsSettings,
  selfie: ZSelfieSettings,
  review: ZReviewSettings,
  business_details: ZBusinessDetailsSettings,
  business_documents: ZBusinessDocumentsSettings,
  key_people: ZKeyPeopleSettings,
  bank_account: ZBankAccountSettings,
};

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
  z.discriminatedUnion("type", [ZCheckCondition, ZAllChecksPassedCondition, ZManualCheckCondition, ZDuplicateCondition, ZNamesDifferCondition, ZDocumentSignalCondition, ZRelatedSessionsCondition, ZBusinessMismatchCondition]),
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

export const ZWorkflowDefinition = z
  .strictObject({
    languages: z.array(ZLocale).min(1).default(["en", "hi"]),
    ttl_seconds: z.number().int().min(300).max(2_592_000).default(604_800),
    steps: z.array(ZWorkflowStep).min(1, "Add at least one step."),
    decision: ZDecisionRules.default({ rules: [], otherwise: "approve" }),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<string>();
    d.steps.forEach((s, i) => {
      if (seen.has(s.name)) ctx.addIssue({ code: "custom", path: ["steps", i, "name"], message: `duplicate step name '${s.name}'` });
      seen.add(s.name);
      const settings = STEP_SETTINGS[s.type]?.safeParse(s.settings);
      for (const issue of settings && !settings.success ? settings.error.issues : []) {
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
