/**
 * Machine-readable zones of travel documents (ICAO Doc 9303, 8th ed., part 3: check digits with
 * weights 7-3-1; part 4: TD3 passports, two lines of 44 characters; parts 5-6: TD1/TD2 cards),
 * parsed and check-digit verified by the `mrz` package (cheminfo/zakodium, MIT).
 *
 * `findMrzLines` picks the MRZ out of OCR text (OCR turns `<` into `«`, `‹`, `K` or spaces and
 * drops trailing fillers); `readMrz` parses it; `mrzVisualSignals` compares it with the fields
 * read from the visual zone: a difference is a review signal (a tampered visual zone, or a
 * misread).
 */
import { parse } from "mrz";
import { type ExtractedField, type ReviewSignal, isoDate } from "./parsers/parse-common";

/** The MRZ fields mapped to document-type field keys, with their validity. */
export interface MrzReading {
  /** `TD3` (passport), `TD2`, `TD1`. */
  format: string;
  /** True when every check digit (and the composite) holds. */
  valid: boolean;
  lines: string[];
  /** Field key (`passport_number`, `surname`, `given_names`, `nationality`, `date_of_birth`, `date_of_expiry`, `sex`, `issuing_state`) -> value and check. */
  fields: Record<string, { value: string; valid: boolean }>;
  /** The `mrz` package's labels of the fields whose check failed. */
  invalid: string[];
}

const LENGTHS: Record<number, number> = { 44: 2, 36: 2, 30: 3 };

/** Normalizes one OCR line to MRZ characters: upper case, filler variants to `<`, spaces removed. */
function mrzChars(line: string): string {
  return line
    .toUpperCase()
    .replace(/[«‹<]/g, "<")
    .replace(/\s+/g, "")
    .replace(/[^A-Z0-9<]/g, "<");
}

/**
 * The MRZ lines in OCR text: consecutive lines that, normalized, are 44 (TD3), 36 (TD2) or 30
 * (TD1) characters long (±2, padded or cut with fillers) and contain fillers.
 * @returns the lines, or null when no MRZ was found.
 */
export function findMrzLines(lines: string[]): string[] | null {
  const norm = lines.map(mrzChars);
  for (const [len, count] of Object.entries(LENGTHS).map(([l, c]) => [Number(l), c] as const)) {
    for (let i = 0; i + count <= norm.length; i++) {
      const group = norm.slice(i, i + count);
      if (!group.every((l) => Math.abs(l.length - len) <= 2 && l.includes("<"))) continue;
      // TD3 line 1 starts with the document code P; fillers fill the end of a short read
      return group.map((l) => (l.length >= len ? l.slice(0, len) : l.padEnd(len, "<")));
    }
  }
  return null;
}

/** `YYMMDD` to ISO: birth dates in the future are of the previous century; expiry dates are 20YY. */
function mrzDate(yymmdd: string, kind: "birth" | "expiry", now = new Date()): string | null {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(yymmdd);
  if (!m) return null;
  const yy = Number(m[1]);
  const thisYY = now.getUTCFullYear() % 100;
  const year = kind === "expiry" ? 2000 + yy : yy > thisYY ? 1900 + yy : 2000 + yy;
  return isoDate(year, Number(m[2]), Number(m[3]));
}

/**
 * Parses and verifies an MRZ.
 * @param lines the MRZ lines (from `findMrzLines`).
 * @returns the reading, or null when the `mrz` package does not recognize the format.
 */
export function readMrz(lines: string[], now = new Date()): MrzReading | null {
  let result: ReturnType<typeof parse>;
  try {
    result = parse(lines, { autocorrect: true });
  } catch {
    return null;
  }
  const ok = (name: string) => result.details.filter((d) => d.field === name || d.field === `${name}CheckDigit`).every((d) => d.valid);
  const f = result.fields as Record<string, string | null>;
  const fields: MrzReading["fields"] = {};
  const add = (key: string, value: string | null | undefined, valid: boolean) => {
    if (value) fields[key] = { value, valid };
  };
  add("passport_number", f.documentNumber, ok("documentNumber"));
  add("surname", f.lastName?.toUpperCase(), ok("lastName"));
  add("given_names", f.firstName?.toUpperCase(), ok("firstName"));
  add("nationality", f.nationality, ok("nationality"));
  add("issuing_state", f.issuingState, ok("issuingState"));
  add("sex", f.sex, ok("sex"));
  add("date_of_birth", f.birthDate ? mrzDate(f.birthDate, "birth", now) : null, ok("birthDate"));
  add("date_of_expiry", f.expirationDate ? mrzDate(f.expirationDate, "expiry", now) : null, ok("expirationDate"));
  return {
    format: result.format,
    valid: result.valid,
    lines,
    fields,
    invalid: result.details.filter((d) => !d.valid).map((d) => d.label),
  };
}

/** Letters only, for comparing names printed with different separators. */
const letters = (s: string) => s.toUpperCase().replace(/[^A-Z]/g, "");

/**
 * Review signals from an MRZ and the visual zone of the same page:
 * - `mrz_check_digit_invalid` (review) when a check digit fails (`detail.fields`: the labels);
 * - `mrz_visual_mismatch` (review) per field present in both that differs (names compared on
 *   letters only: the MRZ has no spaces, hyphens or apostrophes, and truncates long names).
 */
export function mrzVisualSignals(
  mrz: MrzReading,
  visual: Record<string, ExtractedField | undefined>,
  /** Names OCR garbled in the MRZ (filler runs read as letters) are not compared. */
  unreadableName: (name: string) => boolean = () => false,
): ReviewSignal[] {
  const signals: ReviewSignal[] = [];
  if (!mrz.valid) signals.push({ code: "mrz_check_digit_invalid", severity: "review", detail: { fields: mrz.invalid } });
  for (const key of ["passport_number", "surname", "given_names", "date_of_birth", "date_of_expiry"]) {
    const m = mrz.fields[key];
    const v = visual[key];
    if (!m || !v || !m.valid) continue;
    if ((key === "surname" || key === "given_names") && unreadableName(m.value)) continue;
    const same =
      key === "surname" || key === "given_names" ? letters(v.value).startsWith(letters(m.value)) && letters(m.value).length > 0 : v.value === m.value;
    if (!same) signals.push({ code: "mrz_visual_mismatch", field: key, severity: "review", detail: { mrz: m.value, visual: v.value } });
  }
  return signals;
}
