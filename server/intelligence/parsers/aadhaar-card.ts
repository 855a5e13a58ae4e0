/**
 * Aadhaar card / e-Aadhaar letter (UIDAI), front and back: name, date of birth, gender, the last
 * four digits of the Aadhaar number, address. Read with `eng+hin`: Hindi prints in Devanagari,
 * English in Latin script.
 *
 * Layouts, top to bottom:
 * - front: `भारत सरकार / Government of India`, the photo, the name in Hindi, the name in English
 *   (the Latin-script line above the date: a value must read like a name, `personName`, so the
 *   Hindi name or a header is never taken), `जन्म तिथि / DOB: DD/MM/YYYY` (or `Year of Birth`),
 *   `पुरुष / MALE` (`महिला / FEMALE`, `TRANSGENDER`), the number `XXXX XXXX 1234` or in full, `मेरा
 *   आधार, मेरी पहचान`; a 16-digit VID may follow.
 * - back: `पता:` and the address in Hindi, then `Address:` and the address in English up to the
 *   6-digit PIN code (the English label is found anywhere on its line), the number again.
 *
 * The full number is never returned (Aadhaar (Sharing of Information) Regulations 2016): a
 * 12-digit number read from the card is checked with the checks engine's Verhoeff validator
 * (server/checks/validators/aadhaar.ts), which proves the read, and only its last 4 digits are
 * kept; masked numbers (`XXXX XXXX 1234`) give their 4 visible digits, proven by nothing but
 * OCR's confidence. A 16-digit VID is not an Aadhaar number and is skipped.
 *
 * The layouts with their sources, the zone templates and the rules all parsers share:
 * LAYOUTS.md beside this file.
 */
import { aadhaarProblem } from "../../checks/validators/aadhaar";
import {
  allLines,
  cleanText,
  field,
  findLine,
  labelValue,
  nameField,
  type OcrPage,
  type ParsedDocument,
  parseDayFirstDate,
  personName,
  put,
} from "./parse-common";

const NOT_NAME = /GOVERNMENT|INDIA|UNIQUE|IDENTIFICATION|AUTHORITY|ADDRESS|AADHAAR|DOB|BIRTH|MALE|FEMALE|ENROL|VID|HELP|WWW/i;

/** Parses the OCR of an Aadhaar card's sides (any order). */
export function parseAadhaarCard(pages: OcrPage[]): ParsedDocument {
  const lines = allLines(pages);
  const fields: ParsedDocument["fields"] = {};

  const dob = findLine(lines, /(?:DOB|Date\s+of\s+Birth|जन्म\s*तिथि)\s*[:/]?\s*.*?(\d{1,2}\s*[/\-.]\s*\d{1,2}\s*[/\-.]\s*\d{4})/i);
  const iso = dob ? parseDayFirstDate(dob.match[1]!) : null;
  if (dob && iso) put(fields, "date_of_birth", field(iso, dob.line.confidence));

  // the name is the Latin-script line just above the date of birth (the Hindi name may sit in between)
  const anchor = dob ?? findLine(lines, /\b(?:DOB|Date\s+of\s+Birth|Year\s+of\s+Birth|YOB)\b|जन्म/i);
  if (anchor) {
    for (let i = anchor.index - 1; i >= Math.max(0, anchor.index - 3); i--) {
      const l = lines[i]!;
      if (NOT_NAME.test(l.text) || !personName(l.text)) continue;
      put(fields, "name", nameField(l.text, l.confidence));
      break;
    }
  }

  const gender = findLine(lines, /\b(FEMALE|MALE|TRANSGENDER)\b/i);
  if (gender) put(fields, "gender", field(gender.match[1]!.toLowerCase(), gender.line.confidence));

  for (const l of lines) {
    for (const m of l.text.matchAll(/(?<![0-9X]\s?)([0-9X]{4}) ?([0-9X]{4}) ?([0-9]{4})(?! ?[0-9]{4})(?![0-9])/gi)) {
      const digits = `${m[1]}${m[2]}${m[3]}`.toUpperCase();
      if (/^[0-9]{12}$/.test(digits)) put(fields, "aadhaar_last4", field(m[3]!, l.confidence, aadhaarProblem(digits), "ocr", "checksum"));
      else if (/^X{8}[0-9]{4}$/.test(digits)) put(fields, "aadhaar_last4", field(m[3]!, l.confidence * 0.95, null, "ocr", "format"));
    }
  }

  const address = labelValue(lines, /address/);
  if (address) {
    const parts = [address.text];
    let confidence = address.confidence;
    // continuation lines up to and including the one with the 6-digit PIN code
    for (let i = address.index + 1; i < lines.length && !/\b[1-9][0-9]{5}\b/.test(parts.join(" ")); i++) {
      if (/[0-9X]{4} [0-9X]{4} [0-9]{4}/.test(lines[i]!.text)) break;
      parts.push(lines[i]!.text);
      confidence = Math.min(confidence, lines[i]!.confidence);
    }
    const v = cleanText(parts.join(" "));
    if (v) put(fields, "address", field(v, confidence));
  }
  return { fields, signals: [] };
}
