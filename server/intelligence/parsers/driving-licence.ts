/**
 * Driving licence (Indian Union, Sarathi format), front and back: licence number, name, date of
 * birth, non-transport validity, address. Read with English OCR; some states print a regional
 * language first, which comes out as Latin garbage.
 *
 * Layout of the uniform card, top to bottom: `Indian Union Driving Licence`, `Issued by
 * <State>`, `DL No. MH12 20110012345` (a space or hyphen inside, and `DOI: 12-05-2011` or other
 * words often after it on the same line), `Valid Till: 11-05-2031 (NT)` (and `(TR)` for
 * transport), `Name: <value>`, `S/D/W of: <value>`, `DOB: DD-MM-YYYY`, `Blood Group`, `Address:`
 * and the address up to the PIN code. Labels are found anywhere on their line; the number is
 * joined across one space or hyphen and never glued to the word after it (`findCode`).
 *
 * The number must fit the Sarathi format (server/checks/validators/driving-licence.ts: state
 * code, RTO code, year, serial); it has no check digit, so read below `IDENTIFIER_CONFIDENCE` or
 * with a corrected character it needs review.
 *
 * The layouts with their sources, the zone templates and the rules all parsers share:
 * LAYOUTS.md beside this file.
 */
import { DL_STATE_CODES, drivingLicenceProblem } from "../../checks/validators/driving-licence";
import {
  allLines,
  allDates,
  cleanText,
  correctedConfidence,
  field,
  findCode,
  labelValue,
  nameField,
  type OcrPage,
  type ParsedDocument,
  parseDayFirstDate,
  personName,
  put,
} from "./parse-common";

const NAME_LABEL = /(?<!(?:father|husband|mother|guardian)\W{0,3}s?\W{0,3})name/;

/** Parses the OCR of a driving licence's sides (any order). */
export function parseDrivingLicence(pages: OcrPage[]): ParsedDocument {
  const lines = allLines(pages);
  const fields: ParsedDocument["fields"] = {};
  // a number the validator takes (state, RTO, year) wins over one that only starts with a state code
  const dl =
    findCode(lines, "AA9999999999999", { joinSpaces: true, accept: (v) => drivingLicenceProblem(v) === null }) ??
    findCode(lines, "AA9999999999999", { joinSpaces: true, accept: (v) => DL_STATE_CODES.has(v.slice(0, 2)) });
  if (dl) put(fields, "dl_number", field(dl.text, correctedConfidence(dl.confidence, dl.corrected), drivingLicenceProblem(dl.text), "ocr", "format"));

  const name = labelValue(lines, NAME_LABEL, { accept: (t) => personName(t) !== null });
  if (name) put(fields, "name", nameField(name.text, name.confidence));
  const dob = labelValue(lines, /DOB|date\s+of\s+birth/, { accept: (t) => parseDayFirstDate(t) !== null });
  const dobIso = dob ? parseDayFirstDate(dob.text) : null;
  if (dob && dobIso) put(fields, "date_of_birth", field(dobIso, dob.confidence));

  const valid = labelValue(lines, /valid\s*(?:t\w{1,3}|upto|up to)(?:\s*\(NT\))?|validity\s*\(NT\)/, { accept: (t) => allDates(t).length > 0 });
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
