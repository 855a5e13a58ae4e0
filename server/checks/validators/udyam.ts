/**
 * Udyam Registration Number (MSME) structure. Source: Ministry of MSME notification
 * S.O. 2119(E) of 26 June 2020 (Udyam Registration) and the Udyam Registration Certificate:
 * `UDYAM-XX-00-0000000`, the state's two-letter code, a two-digit district code and a
 * seven-digit serial number.
 */
import { compactUpper } from "./normalize";

export const UDYAM_PATTERN = /^UDYAM-[A-Z]{2}-[0-9]{2}-[0-9]{7}$/;

/** Upper-cases, strips spaces and restores the hyphens when they were left out (`udyammh190012345`). */
export function normalizeUdyam(raw: string): string {
  const compact = compactUpper(raw);
  const bare = /^UDYAM([A-Z]{2})([0-9]{2})([0-9]{7})$/.exec(compact);
  return bare ? `UDYAM-${bare[1]}-${bare[2]}-${bare[3]}` : compact;
}

/** @returns null for a well-formed Udyam number, else `udyam_format_invalid`. */
export function udyamProblem(udyam: string): "udyam_format_invalid" | null {
  return UDYAM_PATTERN.test(udyam) ? null : "udyam_format_invalid";
}
