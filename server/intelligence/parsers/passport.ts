/**
 * Passport data page (ICAO 9303 TD3; the Indian passport's layout): passport number, surname,
 * given names, nationality, date of birth, date of expiry, read from the visual zone and from
 * the MRZ. Read with English OCR: the Hindi half of each label comes out as Latin garbage.
 *
 * Layout of the Indian data page, top to bottom: `भारत गणराज्य / REPUBLIC OF INDIA`; a label row
 * `प्रकार / Type`, `कोड / Country Code`, `पासपोर्ट नं. / Passport No.` over `P IND J8369854`;
 * `उपनाम / Surname` over the surname; `दिया गया नाम / Given Name(s)` over the given names;
 * `राष्ट्रीयता / Nationality`, `लिंग / Sex`, `जन्मतिथि / Date of Birth` over `INDIAN F
 * 12/04/1985`; place of birth, place and date of issue, `समाप्ति की तिथि / Date of Expiry` (the
 * later date of its row); then the two MRZ lines. Labels are found anywhere on their line (after
 * the Hindi garbage: `STATA / Surname`, OCR drifts: `Surrame`, `Gove Names)`), and a name value
 * is the first of the next two lines that reads like a name (`personName`).
 *
 * MRZ values whose check digits hold win (confidence 0.99, `source: "mrz"`); the visual zone
 * fills the rest. MRZ vs visual differences and failed check digits are review signals
 * (server/intelligence/mrz.ts), and so is an expired passport. The passport number has no check
 * digit of its own: read from the visual zone alone it needs review
 * (`passport_number_unverified`), only the MRZ's check digit proves it.
 *
 * Names have no check digit: the visual zone's name is `valid` when the MRZ's agrees with it
 * (two reads of one name, `readMrz` with the visual names), `needs_review` with the signal
 * `mrz_visual_mismatch` when it does not; without a visual name the MRZ's is given with a lower
 * confidence (0.6) as `needs_review` (`mrz_name_unverified`). The `mrz` field (the lines as
 * accepted) is `valid` only when the whole text is proven (`MrzReading.valid`): `invalid`
 * (`mrz_check_digit_invalid`) when a check digit fails, else `needs_review` while a name is not
 * confirmed (`mrz_visual_mismatch`, `mrz_name_unverified`) or the document code's second
 * character is a letter OCR makes of a filler and the printed `Type` does not say `P`
 * (`mrz_document_code_unverified`).
 *
 * The layouts with their sources, the zone templates and the rules all parsers share:
 * LAYOUTS.md beside this file.
 */
import { passportNumberProblem } from "../../checks/validators/passport";
import { findMrzLines, type MrzReading, mrzVisualSignals, readMrz } from "../mrz";
import {
  allDates,
  allLines,
  correctedConfidence,
  type ExtractedFields,
  field,
  findCode,
  findLine,
  labelValue,
  nameField,
  needsReview,
  type OcrPage,
  type ParsedDocument,
  personName,
  put,
} from "./parse-common";

/**
 * True when an MRZ name holds a long run of the letters OCR makes of `<` fillers (C, E, K, L, S,
 * Z, O): the filler run was misread, so the name is not to be trusted.
 */
export function noisyMrzName(name: string): boolean {
  return name.split(/\s+/).some((t) => t.length >= 6 && /^[CEKLSZO]+$/.test(t)) || /[CEKLSZO]{8,}$/.test(name.replace(/\s+/g, ""));
}

/** The lines of the data page's visual zone (MRZ-like lines left out). */
const visualLines = (pages: OcrPage[]) => allLines(pages).filter((l) => !(l.text.replace(/\s/g, "").length >= 28 && l.text.includes("<<")));

/** The data page's visual zone. */
function visualZone(pages: OcrPage[]): ExtractedFields {
  const lines = visualLines(pages);
  const fields: ExtractedFields = {};
  const number = findCode(lines, "A9999999");
  if (number) {
    const f = field(number.text, correctedConfidence(number.confidence, number.corrected), passportNumberProblem(number.text), "ocr", "format");
    put(fields, "passport_number", needsReview(f, "passport_number_unverified"));
  }
  for (const [key, label] of [
    // OCR of small labels drifts ("Surrame", "Sumame", "Gove Names)"): match loosely
    ["surname", /su\w{1,2}a\w{0,2}e/],
    ["given_names", /g\w{2,3}n?\s+name\(?s?\)?/],
  ] as const) {
    const f = labelValue(lines, label, { nextLineOnly: true, within: 2, accept: (t) => personName(t) !== null });
    if (f) put(fields, key, nameField(f.text, f.confidence));
  }
  if (findLine(lines, /\bINDIAN\b/)) put(fields, "nationality", field("IND", findLine(lines, /\bINDIAN\b/)!.line.confidence));
  // labels sit in a row above their values: the date under "Date of Birth", the later date under "Date of Expiry"
  const dobLabel = findLine(lines, /date\s+of\s+birth/i);
  const dob = dobLabel ? lines.slice(dobLabel.index, dobLabel.index + 2).flatMap((l) => allDates(l.text).map((d) => ({ d, c: l.confidence })))[0] : undefined;
  if (dob) put(fields, "date_of_birth", field(dob.d, dob.c));
  const expLabel = findLine(lines, /date\s+of\s+expiry/i);
  const exp = expLabel ? lines.slice(expLabel.index, expLabel.index + 2).flatMap((l) => allDates(l.text).map((d) => ({ d, c: l.confidence }))) : [];
  const latest = exp.sort((a, b) => b.d.localeCompare(a.d))[0];
  if (latest) put(fields, "date_of_expiry", field(latest.d, latest.c));
  return fields;
}

/**
 * Parses the OCR of a passport's data page.
 * @param mrzLines MRZ lines from a dedicated OCR pass (whitelisted alphabet), run when the
 *   page's own lines hold no MRZ marked valid; the first valid reading wins, then one whose
 *   check digits hold.
 */
export function parsePassport(pages: OcrPage[], mrzLines?: string[][], now = new Date()): ParsedDocument {
  const visual = visualZone(pages);
  // the row under `Type`, `Country Code`, `Passport No.`: `P IND J8369854`
  const type = findLine(visualLines(pages), /(?:^|\s)(P[A-Z]?)\s+IND\b/)?.match[1];
  const names = { surname: visual.surname?.value, given_names: visual.given_names?.value, document_code: type };
  const candidates = [findMrzLines(allLines(pages).map((l) => l.text)), ...(mrzLines ?? []).map((l) => findMrzLines(l))].filter((c): c is string[] => !!c);
  const readings = candidates.map((c) => readMrz(c, now, names)).filter((r) => r !== null);
  const clean = (r: MrzReading) => !noisyMrzName(r.fields.surname?.value ?? "") && !noisyMrzName(r.fields.given_names?.value ?? "");
  const mrz =
    readings.find((r) => r.valid) ??
    readings.find((r) => r.check_digits_valid && clean(r)) ??
    readings.find((r) => r.check_digits_valid) ??
    readings[0] ??
    null;

  const fields: ExtractedFields = {};
  if (mrz) {
    // check digits protect the number and the dates (ICAO 9303 part 3), not the names: a name is
    // proven by the visual zone and the MRZ agreeing (readMrz), and stays the visual zone's
    for (const key of ["passport_number", "nationality", "date_of_birth", "date_of_expiry"]) {
      const m = mrz.fields[key];
      if (m?.valid) fields[key] = field(m.value, 0.99, null, "mrz", "checksum");
    }
    for (const key of ["surname", "given_names"]) {
      const m = mrz.fields[key];
      const v = visual[key];
      if (v && m?.valid) fields[key] = field(v.value, Math.max(v.confidence, 0.95));
      else if (v && m && !noisyMrzName(m.value)) fields[key] = needsReview(v, "mrz_visual_mismatch");
      else if (!v && m && !noisyMrzName(m.value)) fields[key] = needsReview(field(m.value, 0.6, null, "mrz"), "mrz_name_unverified");
    }
    const lines = field(
      mrz.lines.join("\n"),
      mrz.check_digits_valid ? 0.99 : 0.5,
      mrz.check_digits_valid ? null : "mrz_check_digit_invalid",
      "mrz",
      "checksum",
    );
    const unproven = { mismatch: "mrz_visual_mismatch", unverified: "mrz_name_unverified", verified: "mrz_document_code_unverified" }[mrz.names];
    fields.mrz = mrz.valid ? lines : needsReview(lines, unproven);
  }
  for (const [key, f] of Object.entries(visual)) if (!fields[key]) fields[key] = f;

  const signals = mrz ? mrzVisualSignals(mrz, visual, noisyMrzName) : [{ code: "mrz_not_found", severity: "review" as const }];
  const expiry = fields.date_of_expiry?.value;
  if (expiry && expiry < now.toISOString().slice(0, 10))
    signals.push({ code: "document_expired", field: "date_of_expiry", severity: "review", detail: { date_of_expiry: expiry } });
  return { fields, signals };
}
