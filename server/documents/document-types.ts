/**
 * The document-type catalog (interface.md 4.3: "document types and their extractable
 * fields"), used by the `documents` workflow step: a workflow references fields by key,
 * overrides them, or defines custom ones. Field hints carry the validation patterns the
 * checks engine uses (PAN structure, GSTIN, CIN, ...). Aadhaar numbers are never a field:
 * only the last four digits (UIDAI Aadhaar (Sharing of Information) Regulations 2016).
 */

import type { TDocumentField as DocumentField, TDocumentTypeList } from "./document-type.schemas";

type DocumentType = Omit<TDocumentTypeList["data"][number], "id" | "object">;

const name = (label = "Name", description = "Full name as printed on the document"): DocumentField => ({
  key: "name",
  label,
  description,
  type: "string",
  hints: { max_length: 100 },
});
const dob: DocumentField = {
  key: "date_of_birth",
  label: "Date of birth",
  description: "As printed, ISO 8601 (YYYY-MM-DD)",
  type: "date",
  hints: { example: "1990-01-01" },
};
const address: DocumentField = { key: "address", label: "Address", description: "Address as printed", type: "string", hints: { max_length: 500 } };
const gender: DocumentField = { key: "gender", label: "Gender", description: "As printed", type: "enum", hints: { values: ["male", "female", "transgender"] } };

export const DOCUMENT_TYPES: readonly DocumentType[] = [
  {
    key: "pan_card",
    country: "IN",
    name: "PAN card",
    category: "identity",
    sides: ["front"],
    fields: [
      {
        key: "pan",
        label: "PAN",
        description: "Permanent Account Number",
        type: "string",
        hints: { pattern: "^[A-Z]{5}[0-9]{4}[A-Z]$", example: "ABCPE1234F" },
      },
      name("Name", "Name of the holder as printed"),
      { key: "father_name", label: "Father's name", description: "As printed (individual PANs)", type: "string", hints: { max_length: 100 } },
      { ...dob, label: "Date of birth / incorporation" },
    ],
  },
  {
    key: "aadhaar_card",
    country: "IN",
    name: "Aadhaar card",
    category: "identity",
    sides: ["front", "back"],
    fields: [
      name(),
      dob,
      gender,
      {
        key: "aadhaar_last4",
        label: "Aadhaar (last 4 digits)",
        description: "Only the last four digits are kept; the number is never stored",
        type: "string",
        hints: { pattern: "^[0-9]{4}$" },
      },
      address,
    ],
  },
  {
    key: "passport",
    country: "IN",
    name: "Passport",
    category: "identity",
    sides: ["data_page", "address_page"],
    fields: [
      {
        key: "passport_number",
        label: "Passport number",
        description: "As printed",
        type: "string",
        hints: { pattern: "^[A-Z][0-9]{7}$", example: "J8369854" },
      },
      { key: "surname", label: "Surname", description: "As printed", type: "string" },
      { key: "given_names", label: "Given names", description: "As printed", type: "string" },
      { key: "nationality", label: "Nationality", description: "ICAO 9303 code", type: "string", hints: { example: "IND" } },
      dob,
      { key: "date_of_expiry", label: "Date of expiry", description: "ISO 8601", type: "date" },
      { key: "mrz", label: "MRZ", description: "Machine-readable zone (ICAO 9303 TD3, two lines of 44 characters)", type: "string" },
      address,
    ],
  },
  {
    key: "voter_id",
    country: "IN",
    name: "Voter ID (EPIC)",
    category: "identity",
    sides: ["front", "back"],
    fields: [
      {
        key: "epic_number",
        label: "EPIC number",
        description: "Electors Photo Identity Card number",
        type: "string",
        hints: { pattern: "^[A-Z]{3}[0-9]{7}$", example: "ABC1234567" },
      },
      name(),
      { key: "relative_name", label: "Father's / husband's name", description: "As printed", type: "string" },
      dob,
      address,
    ],
  },
  {
    key: "driving_licence",
    country: "IN",
    name: "Driving licence",
    category: "identity",
    sides: ["front", "back"],
    fields: [
      {
        key: "dl_number",
        label: "Licence number",
        description: "State code, RTO code, year and number",
        type: "string",
        hints: { example: "MH1420110062821" },
      },
      name(),
      dob,
      { key: "valid_till", label: "Valid till", description: "Non-transport validity, ISO 8601", type: "date" },
      address,
    ],
  },
  {
    key: "gst_certificate",
    country: "IN",
    name: "GST registration certificate (Form GST REG-06)",
    category: "business",
    sides: ["document"],
    fields: [
      {
        key: "gstin",
        label: "GSTIN",
        description: "15-character GST identification number",
        type: "string",
        hints: { pattern: "^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$", example: "27ABCCE1234F1Z5" },
      },
      { key: "legal_name", label: "Legal name", description: "Legal name of the business", type: "string" },
      { key: "trade_name", label: "Trade name", description: "If any", type: "string" },
      { key: "constitution", label: "Constitution of business", description: "As printed", type: "string" },
      { key: "address", label: "Principal place of business", description: "As printed", type: "string" },
    ],
  },
  {
    key: "certificate_of_incorporation",
    country: "IN",
    name: "Certificate of incorporation",
    category: "business",
    sides: ["document"],
    fields: [
      {
        key: "cin",
        label: "CIN / LLPIN",
        description: "Corporate (21 characters) or LLP identification number",
        type: "string",
        hints: { example: "U72900MH2015PTC123456" },
      },
      { key: "legal_name", label: "Company name", description: "As printed", type: "string" },
      { key: "date_of_incorporation", label: "Date of incorporation", description: "ISO 8601", type: "date" },
    ],
  },
  {
    key: "partnership_deed",
    country: "IN",
    name: "Partnership deed",
    category: "business",
    sides: ["document"],
    fields: [
      { key: "legal_name", label: "Firm name", description: "As printed", type: "string" },
      { key: "date_of_deed", label: "Date of the deed", description: "ISO 8601", type: "date" },
      { key: "partners", label: "Partners", description: "Names of the partners, as printed", type: "string", hints: { max_length: 1000 } },
    ],
  },
  {
    key: "board_resolution",
    country: "IN",
    name: "Board resolution (authorized signatory)",
    category: "business",
    sides: ["document"],
    fields: [
      { key: "legal_name", label: "Company name", description: "As printed", type: "string" },
      { key: "date_of_resolution", label: "Date of the resolution", description: "ISO 8601", type: "date" },
      {
        key: "authorized_signatory",
        label: "Authorized signatory",
        description: "The person the board authorized",
        type: "string",
        hints: { max_length: 100 },
      },
    ],
  },
  {
    key: "bank_statement",
    country: "IN",
    name: "Bank statement",
    category: "financial",
    sides: ["document"],
    fields: [
      { key: "account_holder", label: "Account holder", description: "As printed", type: "string" },
      { key: "account_number", label: "Account number", description: "As printed", type: "string" },
      {
        key: "ifsc",
        label: "IFSC",
        description: "Indian Financial System Code of the branch",
        type: "string",
        hints: { pattern: "^[A-Z]{4}0[A-Z0-9]{6}$", example: "HDFC0000001" },
      },
    ],
  },
];

/** GET /v1/document-types (optional `country`). */
export function listDocumentTypes(country?: string): TDocumentTypeList {
  const data = DOCUMENT_TYPES.filter((d) => !country || d.country === country.toUpperCase()).map((d) => ({
    id: `${d.country.toLowerCase()}.${d.key}`,
    object: "document_type" as const,
    ...d,
  }));
  return { object: "list", data, has_more: false };
}
