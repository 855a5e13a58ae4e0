/**
 * Voter ID / Electors Photo Identity Card (Election Commission of India), front and back: EPIC
 * number (3 letters, 7 digits), elector's name, father's / husband's / mother's name, date of
 * birth, address (back).
 */
import {
  allLines,
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

/** Parses the OCR of a voter ID's sides (any order). */
export function parseVoterId(pages: OcrPage[]): ParsedDocument {
  const lines = allLines(pages);
  const fields: ParsedDocument["fields"] = {};
  const epic = findCode(lines, "AAA9999999");
  if (epic) put(fields, "epic_number", field(epic.text, correctedConfidence(epic.confidence, epic.corrected)));

  const name = labelValue(lines, /elector'?s?\s*name|name/);
  if (name) put(fields, "name", nameField(name.text, name.confidence));
  const relative = labelValue(lines, /(?:father|husband|mother|relation)'?s?\s*name/);
  if (relative) put(fields, "relative_name", nameField(relative.text, relative.confidence));

  const dob = labelValue(lines, /date\s+of\s+birth(?:\s*\/\s*age)?/);
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

function nameField(text: string, confidence: number) {
  const v = cleanName(text);
  return v ? field(v, confidence) : null;
}
