/**
 * PAN (Permanent Account Number) structure, per the Income Tax Department's PAN format
 * (Income-tax Rules 1962, rule 114; see incometaxindia.gov.in "PAN" FAQ): 10 characters,
 * `AAAAA9999A`: 3 letters (series), the 4th letter the holder type, the 5th letter the
 * initial of the surname / name, 4 digits, and an alphabetic check character.
 */

/** 4th-letter holder types. */
export const PAN_HOLDER_TYPES = {
  P: "individual",
  C: "company",
  H: "hindu_undivided_family",
  F: "firm",
  A: "association_of_persons",
  T: "trust",
  B: "body_of_individuals",
  L: "local_authority",
  J: "artificial_juridical_person",
  G: "government",
} as const;

export type PanHolderType = (typeof PAN_HOLDER_TYPES)[keyof typeof PAN_HOLDER_TYPES];

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

export type PanProblem = "pan_format_invalid" | "pan_holder_type_invalid" | "pan_not_individual" | "pan_not_business";

/** Upper-cases and strips spaces, as applicants type PANs (`abcpe 1234 f`). */
export function normalizePan(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/**
 * Validates a normalized PAN. `holder` restricts the 4th letter: `individual` needs `P`,
 * `business` needs anything but `P`.
 * @returns null when valid, else the problem code (also used as the check's error_code).
 */
export function panProblem(pan: string, holder?: "individual" | "business"): PanProblem | null {
  if (!PAN_PATTERN.test(pan)) return "pan_format_invalid";
  const type = pan[3] as keyof typeof PAN_HOLDER_TYPES;
  if (!(type in PAN_HOLDER_TYPES)) return "pan_holder_type_invalid";
  if (holder === "individual" && type !== "P") return "pan_not_individual";
  if (holder === "business" && type === "P") return "pan_not_business";
  return null;
}

/** Holder type named by the 4th letter of a valid PAN. */
export function panHolderType(pan: string): PanHolderType | null {
  return PAN_HOLDER_TYPES[pan[3] as keyof typeof PAN_HOLDER_TYPES] ?? null;
}

/** Name comparison used by registry checks: case, punctuation and spacing ignored. */
export function namesMatch(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .toUpperCase()
      .replace(/[^A-Z ]/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  return norm(a) === norm(b);
}
