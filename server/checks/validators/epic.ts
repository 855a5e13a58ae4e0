/**
 * EPIC number (Electors Photo Identity Card, Election Commission of India): three letters (the
 * series, a code of the assembly constituency's issuing office) and seven digits, `XYZ1234567`,
 * as printed since the nationwide series of the 2000s; older state-specific numbers
 * (`AP/01/001/012345`) fail `epic_format_invalid`. The number has no check digit.
 */

export const EPIC_PATTERN = /^[A-Z]{3}[0-9]{7}$/;

/** @returns null for a well-formed EPIC number (upper case, no spaces), else `epic_format_invalid`. */
export function epicProblem(epic: string): "epic_format_invalid" | null {
  return EPIC_PATTERN.test(epic) ? null : "epic_format_invalid";
}
