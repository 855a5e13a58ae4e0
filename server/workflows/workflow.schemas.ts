/**
 * Workflow definitions (decisions.md "Workflow object"). A published WorkflowVersion stores
 * `definition` in exactly the `ZWorkflowDefinition` shape; drafts use the same schema.
 */
import { z } from "zod";
import { ZTimestamp } from "../common.schemas";

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

export const ZConsentSettings = z.strictObject({
  /** Version of the DPDP notice text (components/flow/i18n) shown and recorded with consent. */
  notice_version: z.string().default("2026-10-01"),
  purposes: z.array(z.string()).default(["identity_verification"]),
  retention_days: z.number().int().positive().default(365 * 5),
  /** Grievance officer contact shown in the notice (DPDP Act 2023 s.8(10)); defaults to the organization. */
  grievance_contact: z.string().max(200).optional(),
});

export const ZPanSettings = z.strictObject({
  /** `individual`: 4th letter must be P; `business`: any non-individual holder type. */
  holder: z.enum(["individual", "business"]).default("individual"),
});

export const ZWorkflowStep = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "lower-case letters, digits and _"),
  type: ZStepType,
  required: z.boolean().default(true),
  settings: z.record(z.string(), z.unknown()).default({}),
});
export type TWorkflowStep = z.infer<typeof ZWorkflowStep>;

export const ZRuleOutcome = z.enum(["approve", "decline", "review"]);
export type TRuleOutcome = z.infer<typeof ZRuleOutcome>;

/**
 * Decision rules: evaluated in order after a session's checks finish; the first rule whose
 * `when` matches a check decides. Unmatched: any check `needs_review` or `error` -> review,
 * else `otherwise`. A rule's `name` is shown to reviewers as the review reason.
 */
export const ZDecisionRule = z.strictObject({
  name: z.string().min(1).max(64),
  when: z.strictObject({
    check: z.string().min(1),
    status: z.array(z.enum(["passed", "failed", "needs_review", "error"])).min(1),
    error_code: z.array(z.string()).optional(),
  }),
  outcome: ZRuleOutcome,
});
export type TDecisionRule = z.infer<typeof ZDecisionRule>;

export const ZDecisionRules = z.strictObject({
  rules: z.array(ZDecisionRule).default([]),
  otherwise: ZRuleOutcome.default("approve"),
});
export type TDecisionRules = z.infer<typeof ZDecisionRules>;

export const ZWorkflowDefinition = z
  .strictObject({
    languages: z.array(ZLocale).min(1).default(["en", "hi"]),
    ttl_seconds: z.number().int().min(300).max(2_592_000).default(604_800),
    steps: z.array(ZWorkflowStep).min(1),
    decision: ZDecisionRules.default({ rules: [], otherwise: "approve" }),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<string>();
    d.steps.forEach((s, i) => {
      if (seen.has(s.name)) ctx.addIssue({ code: "custom", path: ["steps", i, "name"], message: `duplicate step name '${s.name}'` });
      seen.add(s.name);
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
  .meta({ id: "Workflow", description: "A workflow's current published version. Workflows are built and published in the dashboard; the API only reads them (drafts are never visible)." });
export type TWorkflow = z.infer<typeof ZWorkflow>;
