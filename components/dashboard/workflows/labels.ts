/**
 * Words the workflow builder shows for the keys and values of workflow definitions. A key or
 * value without an entry is shown humanized (`retention_days` -> "Retention days"), so a
 * setting another step type adds is readable before anyone names it here; a setting's own
 * zod `.meta({ title, description })` wins over both (schema-fields.tsx).
 */
import type { TRuleOutcome } from "~/server/workflows/workflow.schemas";

/** `retention_days` -> "Retention days". */
export function humanize(key: string): string {
  const words = key.replace(/[_.]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const KEY_LABELS: Record<string, string> = {
  languages: "Languages",
  ttl_seconds: "Time to live",
  capture: "Capture",
  document_types: "Document types",
  // rule conditions
  check: "Check",
  status: "Status is one of",
  error_code: "Error code is one of",
  score_below: "Score below",
  signals: "Sharing one of",
  below: "Name score below",
  kinds: "Signals",
  severity: "Severity",
  role: "Roles",
  mismatch: "Mismatches",
};

const KEY_HINTS: Record<string, string> = {
  languages: "Offered in this order; the first is a session's default language.",
  ttl_seconds: "How long a new session stays open (an API call's expires_in overrides it).",
  capture: "How the applicant provides each side of the document.",
  document_types: "The document types the applicant may choose from (GET /v1/document-types).",
  error_code: "Comma-separated, e.g. pan_inactive, pan_not_found.",
  score_below: "0 to 1; only checks that report a score (e.g. the PAN name match).",
  below: "0 to 1; two names from verified sources scoring below this match.",
  signals: "Empty: any shared identity signal.",
  status: "Empty: any status.",
};

const VALUE_LABELS: Record<string, string> = {
  en: "English",
  hi: "Hindi (हिन्दी)",
  upload_or_camera: "Upload a file or take a photo",
  camera: "Take a photo in the flow only",
  pan: "PAN",
  gstin: "GSTIN",
  kyc: "KYC",
  kyb: "KYB",
  offline_ekyc: "Offline e-KYC (XML file)",
  secure_qr: "Secure QR code",
  needs_review: "Needs review",
  in_progress: "In progress",
  resubmission_requested: "Resubmission requested",
};

export const keyLabel = (key: string) => KEY_LABELS[key] ?? humanize(key);
export const keyHint = (key: string): string | undefined => KEY_HINTS[key];
export const valueLabel = (value: string) => VALUE_LABELS[value] ?? humanize(value);

/** The condition types of decision rules, as the rule form names them. */
const CONDITION_LABELS: Record<string, string> = {
  check: "A check has a result",
  all_checks_passed: "All checks of required steps passed",
  manual_check: "A document waits for a reviewer",
  duplicate: "The applicant has a duplicate session",
  names_differ: "Names from verified sources differ",
  document_signal: "A document raised a signal",
  related_sessions: "Key people's sessions have a status",
  business_mismatch: "The business's registrations disagree",
};
export const conditionLabel = (type: string) => CONDITION_LABELS[type] ?? humanize(type);

export const OUTCOMES: { value: TRuleOutcome; label: string }[] = [
  { value: "approve", label: "Approve" },
  { value: "review", label: "Send to review" },
  { value: "decline", label: "Decline" },
];
