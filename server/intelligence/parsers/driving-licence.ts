/**
 * Driving licence (Indian Union, Sarathi format): licence number `SS RR YYYY NNNNNNN` (state code,
 * RTO code, year of issue, serial; printed with or without spaces or a hyphen, kept as 15
 * characters), name, date of birth, non-transport validity, address.
 */
import {
  allLines,
  allDates,
  cleanName,
  cleanText,
  correctedConfidence,
  field,
  findCode,
  labelValue,
  type OcrPage,
  type ParsedDocument,
  parseDayFirstDate,
  put,
} from "./parse-common";

/** State and union territory codes of Indian registration / licence numbers. */
const STATE_CODES = new Set("AN AP AR AS BR CG CH DD DL DN GA GJ HP HR JH JK KA KL LA LD MH ML MN MP MZ NL OD OR PB PY RJ SK TN TR TS UK UA UP WB".split(" "));

/** Null when the licence number is plausible, else an error code. */
export function drivingLicenceProblem(dl: string, now = new Date()): string | null {
  if (!/^[A-Z]{2}[0-9]{13}$/.test(dl)) return "dl_number_format_invalid";
  if (!STATE_CODES.has(dl.slice(0, 2))) return "dl_state_code_invalid";
  const year = Number(dl.slice(4, 8));
  if (year < 1950 || year > now.getUTCFullYear()) return "dl_year_invalid";
  return null;
}

/** Parses the OCR of a driving licence's sides (any order). */
export function parseDrivingLicence(pages: OcrPage[]): ParsedDocument {
  const lines = allLines(pages);
  const fields: ParsedDocument["fields"] = {};
  const dl = findCode(lines, "AA9999999999999", { joinSpaces: true, accept: (v) => STATE_CODES.has(v.slice(0, 2)) });
  if (dl) put(fields, "dl_number", field(dl.text, correctedConfidence(dl.confidence, dl.corrected), drivingLicenceProblem(dl.text)));

  const name = labelValue(lines, /name/);
  if (name) {
    const v = cleanName(name.text);
    if (v) put(fields, "name", field(v, name.confidence));
  }
  const dob = labelValue(lines, /DOB|date\s+of\s+birth/);
  const dobIso = dob ? parseDayFirstDate(dob.text) : null;
  if (dob && dobIso) put(fields, "date_of_birth", field(dobIso, dob.confidence));

  const valid = labelValue(lines, /valid\s*(?:t\w{1,3}|upto|up to)(?:\s*\(NT\))?|validity\s*\(NT\)/);
  const validIso = valid ? allDates(valid.text).at(-1) : undefined;
  if (valid && validIso) put(fields, "valid_till", field(validIso, valid.confidence));

  const address = labelValue(lines, /address/);
  if (address) {
    const parts = [address.text];
    for (let i = address.index + 1; i < lines.length && !/\b[1-9][0-9]{5}\b/.test(parts.join(" ")) && parts.length < 4; i++) parts.push(lines[i]!.text);
    put(fields, "address", field(cleanText(parts.join(" ")), address.confidence));
  }
  return { fields, signals: [] };
}
