/**
 * Voter ID / Electors Photo Identity Card (Election Commission of India), front and back: EPIC
 * number, elector's name, father's / husband's / mother's name, date of birth, address (back).
 * Read with `eng+hin`: Hindi prints in Devanagari, English in Latin script.
 *
 * Layouts, top to bottom:
 * - laminated card (before 2015): `भारत निर्वाचन आयोग / ELECTION COMMISSION OF INDIA`, `पहचान पत्र /
 *   IDENTITY CARD`, the EPIC number, then each field twice, the Hindi line first: `निर्वाचक का नाम
 *   : <Hindi>` and `Elector's Name : <English>`, `पिता का नाम : ...` and `Father's Name : ...`,
 *   `लिंग / Sex : पुरुष / Male`, `जन्म तिथि / Date of Birth : DD/MM/YYYY`; the back holds `पता` /
 *   `Address :` and the address up to the PIN code.
 * - PVC card (since 2015): bilingual labels on one line, `नाम / Name : <value>`, `पिता का नाम /
 *   Father's Name : <value>`, the value after the label or on the next line.
 * Labels are found anywhere on their line (`Name` not inside `Father's Name`), and a name value
 * must read like a Latin-script name (`personName`), so a Hindi value is never taken.
 *
 * The EPIC number (`[A-Z]{3}[0-9]{7}`, server/checks/validators/epic.ts) has no check digit: read
 * below `IDENTIFIER_CONFIDENCE` or with a corrected character, it needs review.
 *
 * The layouts with their sources, the zone templates and the rules all parsers share:
 * LAYOUTS.md beside this file.
 */
import { epicProblem } from "../../checks/validators/epic";
import {
  allLines,
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

const RELATIVE = /(?:father|husband|mother|relation)\W{0,3}s?\W{0,3}name/;
const NAME_LABEL = /(?<!(?:father|husband|mother|relation)\W{0,3}s?\W{0,3})(?:elector\W{0,3}s?\W{0,3})?name/;

const isName = (text: string) => personName(text) !== null;

/** Parses the OCR of a voter ID's sides (any order). */
export function parseVoterId(pages: OcrPage[]): ParsedDocument {
  const lines = allLines(pages);
  const fields: ParsedDocument["fields"] = {};
  const epic = findCode(lines, "AAA9999999");
  if (epic) put(fields, "epic_number", field(epic.text, correctedConfidence(epic.confidence, epic.corrected), epicProblem(epic.text), "ocr", "format"));

  const name = labelValue(lines, NAME_LABEL, { accept: isName });
  if (name) put(fields, "name", nameField(name.text, name.confidence));
  const relative = labelValue(lines, RELATIVE, { accept: isName });
  if (relative) put(fields, "relative_name", nameField(relative.text, relative.confidence));

  const dob = labelValue(lines, /date\s+of\s+birth(?:\s*\/\s*age)?/, { accept: (t) => parseDayFirstDate(t) !== null });
  const iso = dob ? parseDayFirstDate(dob.text) : null;
  if (dob && iso) put(fields, "date_of_birth", field(iso, dob.confidence));

  const address = labelValue(lines, /address/);
  if (address) {
    const parts = [address.text];
    for (let i = address.index + 1; i < lines.length && !/\b[1-9][0-9]{5}\b/.test(parts.join(" ")) && parts.length < 4; i++) parts.push(lines[i]!.text);
    put(fields, "address", field(cleanText(parts.join(" ")), address.confidence));
  }
  return { fields, signals: [] };
}
