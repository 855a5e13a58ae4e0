/**
 * Aadhaar number structure. Source: UIDAI, "A UID Numbering Scheme" (working paper, 2010):
 * 12 decimal digits, 11 random digits plus a check digit computed with the Verhoeff scheme
 * (J. Verhoeff, "Error Detecting Decimal Codes", Mathematical Centre Tract 29, Amsterdam 1969);
 * numbers never begin with 0 or 1 (those are reserved; Virtual IDs are 16 digits).
 *
 * The number itself must never be stored (Aadhaar (Sharing of Information) Regulations 2016;
 * Aadhaar Act 2016 s. 29): validate it in memory, then keep only `aadhaarLast4()`. No check in
 * the catalog takes the full number as input.
 */

/** Verhoeff multiplication table: the dihedral group D5. */
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
] as const;

/** Verhoeff permutation table: row i is the permutation (1 5 7 6 2 8 3 0 9 4) applied i times. */
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
] as const;

/** Verhoeff inverse table. */
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9] as const;

/** Runs the Verhoeff checksum over `digits` (rightmost first); `offset` 1 leaves room for a check digit. */
function verhoeffState(digits: string, offset: 0 | 1): number {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = D[c]![P[(i + offset) % 8]![digit]!]!;
  }
  return c;
}

/**
 * The Verhoeff check digit to append to a string of decimal digits (`"236"` -> `3`).
 * @throws Error when `digits` holds anything but 0-9.
 */
export function verhoeffCheckDigit(digits: string): number {
  if (!/^[0-9]+$/.test(digits)) throw new Error("verhoeffCheckDigit takes decimal digits only");
  return INV[verhoeffState(digits, 1)]!;
}

/** True when the last digit of `digits` is its Verhoeff check digit (`"2363"`); false for non-digits. */
export function verhoeffValid(digits: string): boolean {
  return /^[0-9]+$/.test(digits) && verhoeffState(digits, 0) === 0;
}

export const AADHAAR_PATTERN = /^[2-9][0-9]{11}$/;

export type AadhaarProblem = "aadhaar_format_invalid" | "aadhaar_checksum_invalid";

/** Strips spaces and hyphens, as Aadhaar numbers are printed `2341 2341 2346`. */
export function normalizeAadhaar(raw: string): string {
  return raw.replace(/[\s-]+/g, "");
}

/**
 * Validates a normalized Aadhaar number.
 * @returns null when valid; `aadhaar_format_invalid` unless 12 digits starting 2-9;
 *   `aadhaar_checksum_invalid` when the Verhoeff check digit is wrong.
 */
export function aadhaarProblem(aadhaar: string): AadhaarProblem | null {
  if (!AADHAAR_PATTERN.test(aadhaar)) return "aadhaar_format_invalid";
  if (!verhoeffValid(aadhaar)) return "aadhaar_checksum_invalid";
  return null;
}

/**
 * The only part of an Aadhaar number that may be kept: its last four digits. Takes the number
 * as typed (spaces and hyphens allowed) and returns `"2346"` for `"2341 2341 2346"`.
 * @returns null when the input is not a valid Aadhaar number (nothing of it is returned then).
 */
export function aadhaarLast4(raw: string): string | null {
  const aadhaar = normalizeAadhaar(raw);
  return aadhaarProblem(aadhaar) ? null : aadhaar.slice(-4);
}
