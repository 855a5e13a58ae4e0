/** Reason codes a reviewer picks when deciding (dashboard; the API accepts any code <= 64 chars). */
export const REVIEW_REASON_CODES = [
  { code: "identity_confirmed", label: "Identity confirmed by reviewer" },
  { code: "registry_record_confirmed", label: "Registry record confirmed manually" },
  { code: "name_variation_accepted", label: "Name variation accepted (initials, spelling)" },
  { code: "name_mismatch", label: "Name does not match the registry" },
  { code: "document_invalid", label: "Document invalid or unreadable" },
  { code: "suspected_fraud", label: "Suspected fraud" },
  { code: "other", label: "Other (explain in the note)" },
] as const;
