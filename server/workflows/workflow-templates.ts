/**
 * The definition a new workflow starts with in the dashboard (issue 7): KYC = consent, phone,
 * PAN, Aadhaar, selfie, review; KYB = consent, business details, business documents, key
 * people, bank account, review. Each step's settings are its schema's defaults
 * (server/steps/step-types.ts STEP_SETTINGS) and the decision rules are those of the India
 * workflows.
 */
import { indiaDecisionRules, indiaRiskRules } from "./india-workflows";
import { STEP_SETTINGS, type TStepType } from "../steps/step-types";
import type { TLocale, TWorkflowDefinition } from "./workflow.schemas";

export const TEMPLATE_STEPS: Record<"kyc" | "kyb", readonly TStepType[]> = {
  kyc: ["consent", "phone", "pan", "aadhaar", "selfie", "review"],
  kyb: ["consent", "business_details", "business_documents", "key_people", "bank_account", "review"],
};

/** A new step of `type`: required, with its settings schema's defaults (`{}` for a type whose settings have no defaults). */
export function newStep(type: TStepType, name: string = type): TWorkflowDefinition["steps"][number] {
  const defaults = STEP_SETTINGS[type].safeParse({});
  return { name, type, required: true, settings: defaults.success ? defaults.data : {} };
}

/** The starting definition of a new `kyc` or `kyb` workflow. */
export function workflowTemplate(type: "kyc" | "kyb", opts: { languages: TLocale[]; ttl_seconds: number }): TWorkflowDefinition {
  return {
    languages: opts.languages,
    ttl_seconds: opts.ttl_seconds,
    steps: TEMPLATE_STEPS[type].map((t) => newStep(t)),
    decision: indiaDecisionRules,
    risk: indiaRiskRules,
  };
}
