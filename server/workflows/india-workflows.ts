/**
 * The India workflows every new organization starts with (seeded by server/seed): KYC, KYB,
 * and a KYC with every step of the hosted flow.
 *
 * Decision rules (data: server/workflows/workflow.schemas.ts `ZDecisionRules`, applied by
 * server/sessions/evaluate-decision.ts; the strongest matching outcome wins): an inactive PAN
 * declines; a PAN the registry does not find, a name scoring below 0.8 against the registry's,
 * names that differ between the PAN and the Aadhaar document, a document waiting for a
 * reviewer, or a duplicate of a declined session goes to review; a session whose required
 * checks all passed is approved; anything else (a provider error, a date of birth that does not
 * match...) goes to review.
 */
import type { TWorkflowDefinition } from "./workflow.schemas";

const indiaDecisionRules: TWorkflowDefinition["decision"] = {
  rules: [
    {
      name: "pan_inactive",
      description: "The PAN is deactivated at the Income Tax Department.",
      when: { type: "check", check: "in.pan.verify", status: ["failed"], error_code: ["pan_inactive"] },
      outcome: "decline",
    },
    {
      name: "pan_not_found",
      description: "The Income Tax Department has no such PAN.",
      when: { type: "check", check: "in.pan.verify", status: ["failed"], error_code: ["pan_not_found"] },
      outcome: "review",
    },
    {
      name: "pan_name_mismatch",
      description: "The name given scores below 0.8 against the name the PAN registry holds.",
      when: { type: "check", check: "in.pan.verify", score_below: 0.8 },
      outcome: "review",
    },
    {
      name: "names_differ",
      description: "The names of the verified sources (PAN registry, Aadhaar document, bank) score below 0.8 against each other.",
      when: { type: "names_differ", below: 0.8 },
      outcome: "review",
    },
    { name: "manual_check", description: "A document waits for a reviewer.", when: { type: "manual_check" }, outcome: "review" },
    {
      name: "duplicate_of_declined",
      description: "Shares a PAN, Aadhaar, phone, email, GSTIN or bank account with a declined session.",
      when: { type: "duplicate", status: ["declined"] },
      outcome: "review",
    },
    { name: "all_required_checks_passed", description: "Every check of a required step passed.", when: { type: "all_checks_passed" }, outcome: "approve" },
  ],
  otherwise: "review",
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
      decision: indiaDecisionRules,
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
      decision: indiaDecisionRules,
    },
  },
  {
    // every KYC step of the hosted flow, in the order an applicant meets them (demos and the flow's journeys)
    name: "India KYC (full)",
    type: "kyc",
    country: "IN",
    definition: {
      languages: ["en", "hi"],
      ttl_seconds: 604_800,
      steps: [
        { name: "consent", type: "consent", required: true, settings: { notice_version: "2026-10-01" } },
        { name: "phone", type: "phone", required: true, settings: {} },
        { name: "email", type: "email", required: true, settings: {} },
        { name: "pan", type: "pan", required: true, settings: { holder: "individual" } },
        { name: "aadhaar", type: "aadhaar", required: true, settings: { methods: ["offline_ekyc", "secure_qr"] } },
        {
          name: "documents",
          type: "documents",
          required: true,
          settings: {
            document_types: ["pan_card", "aadhaar_card", "passport", "voter_id", "driving_licence"],
            fields: ["name", "surname", "given_names", "date_of_birth", "pan", "passport_number", "epic_number", "dl_number", "aadhaar_last4"],
            capture: "upload_or_camera",
          },
        },
        { name: "selfie", type: "selfie", required: true, settings: {} },
        { name: "review", type: "review", required: true, settings: {} },
      ],
      decision: indiaDecisionRules,
    },
  },
];
