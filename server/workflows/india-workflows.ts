/**
 * The India workflows every new organization starts with (seeded by server/seed): KYC, KYB
 * (the business, its documents, its key people, each verified with "India KYC", and its bank
 * account), a KYC with every step of the hosted flow, a KYC through DigiLocker (Aadhaar and
 * the PAN record from the applicant's DigiLocker, the selfie matched with the Aadhaar photo) and
 * the CKYC-first KYC.
 *
 * Decision rules (data: server/workflows/workflow.schemas.ts `ZDecisionRules`, applied by
 * server/sessions/evaluate-decision.ts; the strongest matching outcome wins): an inactive PAN
 * or a sanctions match a reviewer confirmed (`screening` step) declines; screening candidates, a PAN the registry does not find, a name scoring below 0.8 against the registry's,
 * names that differ between the PAN and the Aadhaar document, a document waiting for a
 * reviewer, or a duplicate of a declined session goes to review; a session whose required
 * checks all passed is approved; anything else (a provider error, a date of birth that does not
 * match...) goes to review.
 */
import { DEFAULT_LIVENESS_ACTIONS } from "../intelligence/face/liveness/liveness-judge";
import { CONSENT_NOTICE_VERSION } from "../steps/consent/consent.schemas";
import type { TWorkflowDefinition } from "./workflow.schemas";

/** The templates' selfie liveness: the server-issued challenge (the default `max_attempts`), the passive models as a signal. */
const templateLiveness = { passive: true, active: "challenge", actions: [...DEFAULT_LIVENESS_ACTIONS] } as const;

/** The decision rules of the India workflows; also the rules a new workflow starts with in the builder (workflow-templates.ts). */
export const indiaDecisionRules: TWorkflowDefinition["decision"] = {
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
      name: "sanctions_match",
      description: "A reviewer confirmed a sanctions list entry (UN, OFAC, MHA) as the applicant.",
      when: { type: "check", check: "aml.screen", status: ["failed"], error_code: ["sanctions_match"] },
      outcome: "decline",
    },
    {
      name: "screening_candidates",
      description: "Sanctions or PEP screening found candidates for a reviewer to resolve.",
      when: { type: "check", check: "aml.screen", status: ["needs_review"] },
      outcome: "review",
    },
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

/**
 * The risk rules of the India workflows (RBI KYC Directions: categorise customers by risk and
 * update their KYC every 2 / 8 / 10 years for high / medium / low): a PEP or a sanctions candidate
 * (open or confirmed) is high risk, as is a project's own `metadata.risk_category` of `high`;
 * names that differ between verified sources, a duplicate of a declined session or a
 * `metadata.risk_category` of `medium` is medium; everyone else low.
 */
export const indiaRiskRules: TWorkflowDefinition["risk"] = {
  rules: [
    {
      name: "pep",
      description: "A politically exposed person (or a close associate): enhanced due diligence.",
      when: { type: "screening", category: ["pep"], open: true },
      level: "high",
    },
    {
      name: "sanctions_candidate",
      description: "A sanctions list candidate, open or confirmed.",
      when: { type: "screening", category: ["sanctions"], open: true },
      level: "high",
    },
    {
      name: "project_high_risk",
      description: "The project marked the customer high risk (`metadata.risk_category`).",
      when: { type: "metadata", key: "risk_category", values: ["high"] },
      level: "high",
    },
    {
      name: "names_differ",
      description: "The names of the verified sources score below 0.8 against each other.",
      when: { type: "names_differ", below: 0.8 },
      level: "medium",
    },
    {
      name: "duplicate_of_declined",
      description: "Shares an identity signal with a declined session.",
      when: { type: "duplicate", status: ["declined"] },
      level: "medium",
    },
    {
      name: "project_medium_risk",
      description: "The project marked the customer medium risk (`metadata.risk_category`).",
      when: { type: "metadata", key: "risk_category", values: ["medium"] },
      level: "medium",
    },
  ],
  otherwise: "low",
};

/**
 * "India KYC (full)" adds the selfie's and the documents' rules to the India rules: a face that
 * clearly does not match the document declines (similarity more than the review band below the
 * threshold, `face_mismatch`); a borderline match, no face found, a face seen in another session,
 * a low liveness score or a failed active challenge, and a document review signal (a value the
 * applicant changed, MRZ vs visual zone, failed MRZ check digits, an expired document) go to review.
 */
const fullKycDecisionRules: TWorkflowDefinition["decision"] = {
  rules: [
    {
      name: "face_mismatch",
      description: "The selfie does not show the person on the document.",
      when: { type: "check", check: "in.face.match", status: ["failed"], error_code: ["face_mismatch"] },
      outcome: "decline",
    },
    {
      name: "face_needs_review",
      description: "The face match is borderline, found no face or one unfit to compare, or the face was seen in another session.",
      when: {
        type: "check",
        check: "in.face.match",
        status: ["needs_review", "failed"],
        error_code: [
          "face_mismatch",
          "face_not_found",
          "face_quality_low",
          "document_face_not_found",
          "multiple_faces",
          "face_duplicate",
          "face_image_unreadable",
          "reference_photo_missing",
        ],
      },
      outcome: "review",
    },
    {
      name: "liveness_not_confirmed",
      description: "The selfie may not be of a live person (low liveness score or a failed challenge).",
      when: { type: "check", check: "in.liveness.check", status: ["needs_review", "failed"] },
      outcome: "review",
    },
    {
      name: "document_signal",
      description: "A document raised a review signal (a value changed by the applicant, MRZ vs visual zone, MRZ check digits, expiry).",
      when: { type: "document_signal" },
      outcome: "review",
    },
    ...indiaDecisionRules.rules,
  ],
  otherwise: indiaDecisionRules.otherwise,
};

/**
 * The India KYB rules (server/kyb/): a GSTIN cancelled or a company struck off declines; a key
 * person declined, expired or cancelled, a GSTIN whose PAN is not the business PAN, a legal name
 * unlike the MCA21 name, a suspended or unknown GSTIN, an unknown company, a cancelled Udyam
 * registration, a GST name or a bank account that does not match goes to review; then the India rules (the business PAN, the bank
 * account's name, duplicates; all required checks passed -> approve).
 */
const kybDecisionRules: TWorkflowDefinition["decision"] = {
  rules: [
    {
      name: "gstin_cancelled",
      description: "The GST registration is cancelled.",
      when: { type: "check", check: "in.gstin.verify", status: ["failed"], error_code: ["gstin_cancelled"] },
      outcome: "decline",
    },
    {
      name: "company_struck_off",
      description: "The company or LLP is struck off the MCA21 register.",
      when: { type: "check", check: "in.cin.verify", status: ["failed"], error_code: ["company_struck_off"] },
      outcome: "decline",
    },
    {
      name: "key_person_declined",
      description: "A director, partner, beneficial owner or signatory was declined in their own verification.",
      when: { type: "related_sessions", status: ["declined"] },
      outcome: "review",
    },
    {
      name: "key_person_not_verified",
      description: "A key person's verification expired or was cancelled.",
      when: { type: "related_sessions", status: ["expired", "cancelled"] },
      outcome: "review",
    },
    {
      name: "gstin_pan_mismatch",
      description: "The PAN inside the GSTIN is not the business PAN.",
      when: { type: "business_mismatch", mismatch: ["gstin_pan"] },
      outcome: "review",
    },
    {
      name: "registry_name_mismatch",
      description: "The legal name scores below 0.8 against the MCA21 name.",
      when: { type: "business_mismatch", mismatch: ["registry_name"] },
      outcome: "review",
    },
    {
      name: "gstin_suspended",
      description: "The GST registration is suspended.",
      when: { type: "check", check: "in.gstin.verify", status: ["failed"], error_code: ["gstin_suspended"] },
      outcome: "review",
    },
    {
      name: "udyam_cancelled",
      description: "The Udyam (MSME) registration is cancelled.",
      when: { type: "check", check: "in.udyam.verify", status: ["failed"], error_code: ["udyam_cancelled"] },
      outcome: "review",
    },
    {
      name: "gstin_not_found",
      description: "The GST network has no such GSTIN.",
      when: { type: "check", check: "in.gstin.verify", status: ["failed"], error_code: ["gstin_not_found"] },
      outcome: "review",
    },
    {
      name: "company_not_found",
      description: "MCA21 has no such company or LLP.",
      when: { type: "check", check: "in.cin.verify", status: ["failed"], error_code: ["company_not_found"] },
      outcome: "review",
    },
    {
      name: "gst_name_mismatch",
      description: "The legal name does not match the GST registration's legal or trade name.",
      when: { type: "check", check: "in.gstin.verify", status: ["failed"], error_code: ["name_mismatch"] },
      outcome: "review",
    },
    {
      name: "bank_account_not_verified",
      description: "The penny drop found no open account in the business's name.",
      when: { type: "check", check: "in.bank_account.verify", status: ["failed"] },
      outcome: "review",
    },
    ...indiaDecisionRules.rules,
  ],
  otherwise: indiaDecisionRules.otherwise,
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
        { name: "consent", type: "consent", required: true, settings: { notice_version: CONSENT_NOTICE_VERSION } },
        { name: "pan", type: "pan", required: true, settings: { holder: "individual" } },
      ],
      decision: indiaDecisionRules,
      risk: indiaRiskRules,
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
        { name: "consent", type: "consent", required: true, settings: { notice_version: CONSENT_NOTICE_VERSION } },
        { name: "business_pan", type: "pan", required: true, settings: { holder: "business" } },
        { name: "business_details", type: "business_details", required: true, settings: {} },
        { name: "business_documents", type: "business_documents", required: true, settings: {} },
        { name: "key_people", type: "key_people", required: true, settings: { kyc_workflow: "India KYC" } },
        { name: "bank_account", type: "bank_account", required: true, settings: {} },
      ],
      decision: kybDecisionRules,
      risk: indiaRiskRules,
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
        { name: "consent", type: "consent", required: true, settings: { notice_version: CONSENT_NOTICE_VERSION } },
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
        {
          name: "selfie",
          type: "selfie",
          required: true,
          settings: { face_match: { compare_with: "any" }, liveness: templateLiveness },
        },
        { name: "review", type: "review", required: true, settings: {} },
      ],
      decision: fullKycDecisionRules,
      risk: indiaRiskRules,
    },
  },
  {
    name: "India KYC (DigiLocker)",
    type: "kyc",
    country: "IN",
    definition: {
      languages: ["en", "hi"],
      ttl_seconds: 604_800,
      steps: [
        { name: "consent", type: "consent", required: true, settings: { notice_version: CONSENT_NOTICE_VERSION } },
        { name: "phone", type: "phone", required: true, settings: {} },
        { name: "digilocker", type: "digilocker", required: true, settings: { documents: ["PANCR"], fallback: ["offline_ekyc", "secure_qr"] } },
        {
          name: "selfie",
          type: "selfie",
          required: true,
          settings: { face_match: { compare_with: "aadhaar" }, liveness: templateLiveness },
        },
        { name: "review", type: "review", required: true, settings: {} },
      ],
      decision: fullKycDecisionRules,
      risk: indiaRiskRules,
    },
  },
  {
    // RBI KYC Directions (June 2025): the CKYC record first. A downloaded record skips the PAN and
    // document steps and gives the selfie its reference photo; without one the applicant goes on
    // with them. The `ckyc` step is not required, so a record that is not found never blocks approval.
    name: "India KYC (CKYC first)",
    type: "kyc",
    country: "IN",
    definition: {
      languages: ["en", "hi"],
      ttl_seconds: 604_800,
      steps: [
        { name: "consent", type: "consent", required: true, settings: { notice_version: CONSENT_NOTICE_VERSION } },
        { name: "ckyc", type: "ckyc", required: false, settings: { skip_steps: ["pan", "documents"] } },
        { name: "phone", type: "phone", required: true, settings: {} },
        { name: "pan", type: "pan", required: true, settings: { holder: "individual" } },
        {
          name: "documents",
          type: "documents",
          required: true,
          settings: {
            document_types: ["pan_card", "aadhaar_card", "passport", "voter_id", "driving_licence"],
            fields: ["name", "date_of_birth", "pan", "passport_number", "epic_number", "dl_number", "aadhaar_last4"],
            capture: "upload_or_camera",
          },
        },
        { name: "selfie", type: "selfie", required: true, settings: { face_match: { compare_with: "any" }, liveness: templateLiveness } },
        { name: "review", type: "review", required: true, settings: {} },
      ],
      decision: fullKycDecisionRules,
      risk: indiaRiskRules,
    },
  },
];
