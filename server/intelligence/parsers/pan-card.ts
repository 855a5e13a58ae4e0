/**
 * PAN card (Income Tax Department): PAN, name, father's name, date of birth / incorporation.
 * Read with English OCR only, so the Hindi half of the card comes out as Latin garbage (at a low
 * confidence).
 *
 * Layouts, top to bottom:
 * - since 2018: `आयकर विभाग INCOME TAX DEPARTMENT` / `भारत सरकार GOVT. OF INDIA`, `स्थायी लेखा
 *   संख्या कार्ड / Permanent Account Number Card`, the PAN, then label rows, each value on the next
 *   line: `नाम / Name`, the holder's name; `पिता का नाम / Father's Name`, the father's name;
 *   `जन्म की तारीख / Date of Birth`, the date (`DD/MM/YYYY`); `हस्ताक्षर / Signature`. English OCR
 *   reads a label row as `ATH / Name` or `fiat at ATH / Father's Name`: labels are found anywhere
 *   on their line, `Name` not inside `Father's Name`, and a value is the first of the next two
 *   lines that reads like a name (`personName`), so Hindi garbage is never taken for one.
 * - before 2018: the header, then without labels the holder's name, the father's name, the
 *   date of birth, `Permanent Account Number` and the PAN: names missing from the labels are the
 *   first name-like lines after the header and before the date, the holder's first, read at
 *   `GARBAGE_CONFIDENCE` or more.
 * - companies and firms: the name and the date of incorporation / formation, no father's name.
 *
 * The PAN must pass the checks engine's structure check (server/checks/pan.ts: 5 letters, 4
 * digits, 1 letter, a known holder type in the 4th position); its last letter is a check
 * character whose rule is not public, so a PAN read below `IDENTIFIER_CONFIDENCE`, or with a
 * corrected character, needs review.
 *
 * The layouts with their sources, the zone templates and the rules all parsers share:
 * LAYOUTS.md beside this file.
 */
import { panProblem } from "../../checks/pan";
import {
  allDates,
  allLines,
  correctedConfidence,
  field,
  findCode,
  findLine,
  labelValue,
  nameField,
  type OcrPage,
  type ParsedDocument,
  personName,
  put,
} from "./parse-common";

/** Words of the card's printed header and labels: never a name. */
const HEADER = /INCOME|TAX|DEPARTMENT|GOVT|INDIA|PERMANENT|ACCOUNT|NUMBER|CARD|SIGNATURE|DATE|BIRTH|NAME/i;
const NAME_LABEL = /(?<!(?:father|mother|husband)\W{0,3}s?\W{0,3})name/;
const FATHER_LABEL = /father\W{0,3}s?\W{0,3}name/;
const DATE_LABEL = /date\s+of\s+(?:birth|incorporation|formation)/;

const isName = (text: string) => personName(text) !== null && !HEADER.test(text);

/**
 * Below this, a line is taken for English OCR's reading of Hindi text, never for a name: on a
 * rendered bilingual card (scan and phone-style photo) the Hindi lines read at 0.22-0.35, the
 * label rows at 0.52-0.76 and the names at 0.94-0.96.
 */
const GARBAGE_CONFIDENCE = 0.5;

/** Parses the OCR of a PAN card's front. */
export function parsePanCard(pages: OcrPage[]): ParsedDocument {
  const lines = allLines(pages);
  const fields: ParsedDocument["fields"] = {};
  const pan = findCode(lines, "AAAAA9999A");
  if (pan) put(fields, "pan", field(pan.text, correctedConfidence(pan.confidence, pan.corrected), panProblem(pan.text), "ocr", "format"));

  const dobLabel = labelValue(lines, DATE_LABEL, { within: 2, accept: (t) => allDates(t).length > 0 });
  const dob =
    dobLabel ??
    (() => {
      const l = findLine(lines, /\d{1,2}\s*[/\-.]\s*\d{1,2}\s*[/\-.]\s*\d{4}/);
      return l ? { text: l.line.text, confidence: l.line.confidence, index: l.index } : null;
    })();
  const iso = dob ? allDates(dob.text)[0] : undefined;
  if (dob && iso) put(fields, "date_of_birth", field(iso, dob.confidence));

  let name = labelValue(lines, NAME_LABEL, { nextLineOnly: true, within: 2, accept: isName });
  let father = labelValue(lines, FATHER_LABEL, { nextLineOnly: true, within: 2, accept: isName });
  if (!name || !father) {
    // before 2018: the name-like lines after the header and before the date, the holder's first
    const header = lines.findIndex((l) => /INCOME|GOVT|DEPARTMENT/i.test(l.text));
    const end = dob?.index ?? lines.length;
    const taken = new Set([name?.index, father?.index]);
    const names = lines.flatMap((l, i) =>
      i > header && i < end && !taken.has(i) && l.confidence >= GARBAGE_CONFIDENCE && isName(l.text)
        ? [{ text: l.text, confidence: l.confidence, index: i }]
        : [],
    );
    name ??= names.find((n) => !father || n.index < father.index) ?? null;
    father ??= names.find((n) => name && n.index > name.index) ?? null;
  }
  if (name) put(fields, "name", nameField(name.text, name.confidence));
  if (father) put(fields, "father_name", nameField(father.text, father.confidence));
  return { fields, signals: [] };
}
