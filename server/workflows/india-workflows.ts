/**
 * The two India workflows every new organization starts with (seeded by server/seed).
 * Decision rules follow the sandbox outcomes of decisions.md "Sandbox provider": a PAN the
 * registry does not find, or whose name does not match, goes to a reviewer.
 */
import type { TWorkflowDefinition } from "./workflow.schemas";

const panReviewRules: TWorkflowDefinition["decision"] = {
  rules: [
    { name: "pan_not_found", when: { check: "in.pan.verify", status: ["failed"], error_code: ["pan_not_found"] }, outcome: "review" },
    { name: "pan_name_mismatch", when: { check: "in.pan.verify", status: ["failed", "needs_review"], error_code: ["name_mismatch"] }, outcome: "review" },
    { name: "pan_inactive", when: { check: "in.pan.verify", status: ["failed"], error_code: ["pan_inactive"] }, outcome: "decline" },
  ],
  otherwise: "approve",
};

export const INDIA_WORKFLOWS: { name: string; type: "kyc" | "kyb"; country: string; definition: TWorkflowDefinition }[] = [
  {
    name: "India KYC",
    type: "kyc",
    country: "IN",
    definition: {
      languages: ["en", "hi"],
      ttl_seconds: 604_800,
      steps: [
        { name: "consent", type: "consent", required: true, settings: { notice_version: "2026-10-01" } },
        { name: "pan", type: "pan", required: true, settings: { holder: "individual" } },
      ],
      decision: panReviewRules,
    },
  },
  {
    name: "India KYB",
    type: "kyb",
    country: "IN",
    definition: {
      languages: ["en", "hi"],
      ttl_seconds: 1_209_600,
      steps: [
        { name: "consent", type: "consent", required: true, settings: { notice_version: "2026-10-01" } },
        { name: "business_pan", type: "pan", required: true, settings: { holder: "business" } },
      ],
      decision: panReviewRules,
    },
  },
];
