/**
 * PAN card (Income Tax Department): PAN, name, father's name, date of birth / incorporation.
 * The PAN must pass the checks engine's structure check (server/checks/pan.ts: 5 letters, 4
 * digits, 1 letter, a known holder type in the 4th position). Cards since 2018 label each field
 * ("Name", "Father's Name", "Date of Birth"); older cards print the name lines without labels
 * under the header, which the fallback reads.
 */
import { panProblem } from "../../checks/pan";
import {
  allLines,
  cleanName,
  correctedConfidence,
  field,
  findCode,
  findLine,
  labelValue,
  type OcrPage,
  type ParsedDocument,
  parseDayFirstDate,
  put,
} from "./parse-common";

const HEADER = /INCOME|TAX|DEPARTMENT|GOVT|INDIA|PERMANENT|ACCOUNT|NUMBER|CARD|SIGNATURE|DATE OF|NAME$/i;

/** Parses the OCR of a PAN card's front. */
export function parsePanCard(pages: OcrPage[]): ParsedDocument {
  const lines = allLines(pages);
  const fields: ParsedDocument["fields"] = {};
  const pan = findCode(lines, "AAAAA9999A");
  if (pan) put(fields, "pan", field(pan.text, correctedConfidence(pan.confidence, pan.corrected), panProblem(pan.text)));

  const name = labelValue(lines, /name/, { nextLineOnly: true });
  const father = labelValue(lines, /father'?\s*'?s\s*name/, { nextLineOnly: true });
  if (name) put(fields, "name", nameField(name.text, name.confidence));
  if (father) put(fields, "father_name", nameField(father.text, father.confidence));
  if (!name || !father) {
    // older cards: the holder's and the father's names are the first name-like lines under the header
    const names = lines.filter((l) => !HEADER.test(l.text) && /^[A-Z][A-Z .']+$/.test(l.text) && l.text.includes(" ") && !(pan && l.text.includes(pan.text)));
    if (!name && names[0]) put(fields, "name", nameField(names[0].text, names[0].confidence));
    if (!father && names[1]) put(fields, "father_name", nameField(names[1].text, names[1].confidence));
  }

  const dobLine = labelValue(lines, /date\s+of\s+(?:birth|incorporation)(?:\s*\/\s*\S+)?/, {}) ?? null;
  const dob =
    dobLine && parseDayFirstDate(dobLine.text)
      ? dobLine
      : (() => {
          const l = findLine(lines, /\d{1,2}\s*[/\-.]\s*\d{1,2}\s*[/\-.]\s*\d{4}/);
          return l ? { text: l.line.text, confidence: l.line.confidence } : null;
        })();
  const iso = dob ? parseDayFirstDate(dob.text) : null;
  if (dob && iso) put(fields, "date_of_birth", field(iso, dob.confidence));
  return { fields, signals: [] };
}

function nameField(text: string, confidence: number) {
  const v = cleanName(text);
  return v ? field(v, confidence) : null;
}
