/**
 * IFSC (Indian Financial System Code) structure. Source: Reserve Bank of India, NEFT / RTGS
 * FAQs ("IFSC is an alpha-numeric code ... of 11 characters; the first 4 alpha characters
 * represent the bank, the 5th character is 0 (zero) reserved for future use, and the last
 * 6 characters (usually numeric, can be alphabetic) represent the branch").
 * Whether a code exists is answered by the offline RBI dataset (server/providers/offline-dataset.ts).
 */
export { compactUpper as normalizeIfsc } from "./normalize";

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** @returns null for a well-formed IFSC, else `ifsc_format_invalid`. */
export function ifscProblem(ifsc: string): "ifsc_format_invalid" | null {
  return IFSC_PATTERN.test(ifsc) ? null : "ifsc_format_invalid";
}
