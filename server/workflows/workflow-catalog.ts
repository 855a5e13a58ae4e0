/**
 * What the dashboard's workflow builder offers: the step-type catalog with a one-line
 * description of each type, the document types of a country (GET /v1/document-types) and the
 * check keys decision rules can name (server/checks/catalog.ts). Read from the catalogs
 * themselves, so the builder cannot offer what the service does not run.
 */
import { CHECKS } from "../checks/catalog";
import { listDocumentTypes } from "../documents/document-types";
import type { TWorkflowCatalog } from "./workflow-builder.schemas";
import { STEP_TYPES, type TStepType } from "./workflow.schemas";

type VerificationType = "kyc" | "kyb";

/** Label, one-line description and the verification types a step type suits. */
export const STEP_TYPE_INFO: Record<TStepType, { label: string; description: string; for: readonly VerificationType[] }> = {
  consent: { label: "Consent", description: "The privacy notice (DPDP Act 2023) the applicant accepts before anything is collected.", for: ["kyc", "kyb"] },
  phone: { label: "Phone", description: "A mobile number verified with a one-time code by SMS.", for: ["kyc", "kyb"] },
  email: { label: "Email", description: "An email address verified with a one-time code.", for: ["kyc", "kyb"] },
  pan: { label: "PAN", description: "PAN, name and date of birth, verified with the Income Tax Department.", for: ["kyc", "kyb"] },
  aadhaar: { label: "Aadhaar", description: "UIDAI-signed Offline e-KYC or Secure QR; the Aadhaar number itself is never collected.", for: ["kyc"] },
  documents: { label: "Documents", description: "Photos or files of an identity document and the fields the applicant confirms.", for: ["kyc", "kyb"] },
  selfie: { label: "Selfie", description: "A live photo from the front camera, compared with the documents.", for: ["kyc"] },
  review: { label: "Review", description: "A summary of everything entered, with edit links, before the final submit.", for: ["kyc", "kyb"] },
  business_details: { label: "Business details", description: "The business's GSTIN, CIN/LLPIN or Udyam number, checked with the registries.", for: ["kyb"] },
  business_documents: { label: "Business documents", description: "Certificates of incorporation, GST registration and similar records.", for: ["kyb"] },
  key_people: { label: "Key people", description: "Directors, partners and beneficial owners, each verified as an individual.", for: ["kyb"] },
  bank_account: { label: "Bank account", description: "An account number and IFSC, verified with the bank with the holder's name.", for: ["kyb"] },
};

/** The catalog of one country (ISO 3166-1 alpha-2, e.g. `IN`). */
export function workflowCatalog(country: string): TWorkflowCatalog {
  return {
    stepTypes: STEP_TYPES.map((type) => ({ type, ...STEP_TYPE_INFO[type] })),
    documentTypes: listDocumentTypes(country).data,
    checks: CHECKS.filter((c) => c.country === country.toUpperCase()).map((c) => ({ key: c.key, description: c.description })),
  };
}
