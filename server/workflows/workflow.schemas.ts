/**
 * Workflow definitions (decisions.md "Workflow object"). A published WorkflowVersion stores
 * `definition` in exactly the `ZWorkflowDefinition` shape; drafts use the same schema.
 */
import { z } from "zod";

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
export const ZStepType = z.enum(STEP_TYPES);
export type TStepType = z.infer<typeof ZStepType>;

export const ZLocale = z.enum(["en", "hi"]);
export type TLocale = z.infer<typeof ZLocale>;

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
