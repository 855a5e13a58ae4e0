/**
 * Indian passport number, as the Ministry of External Affairs (Passport Seva) prints it on the
 * data page and in the MRZ document-number field (ICAO Doc 9303 part 4: 9 characters, here 8 and
 * a filler): one letter (the series) and seven digits, `J8369854`. The number has no check
 * digit of its own; the MRZ's check digit (server/intelligence/mrz.ts) protects it on a scan.
 */

export const INDIAN_PASSPORT_PATTERN = /^[A-Z][0-9]{7}$/;

/** @returns null for a well-formed Indian passport number (upper case, no spaces), else `passport_number_format_invalid`. */
export function passportNumberProblem(passportNumber: string): "passport_number_format_invalid" | null {
  return INDIAN_PASSPORT_PATTERN.test(passportNumber) ? null : "passport_number_format_invalid";
}
