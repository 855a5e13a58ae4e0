/**
 * GST registration certificate (Form GST REG-06): GSTIN (validated with the checks engine's
 * mod-36 check character, server/checks/validators/gstin.ts), legal name, trade name,
 * constitution of business, principal place of business. English only; labels are numbered rows
 * (`1. Legal Name : ...`), the value after the label on its line. The GSTIN's check character
 * proves the read, so it is valid down to `CHECKSUM_CONFIDENCE`.
 */
import { gstinProblem } from "../../checks/validators/gstin";
import { allLines, cleanName, cleanText, correctedConfidence, field, findCode, labelValue, type OcrPage, type ParsedDocument, put } from "./parse-common";

/** Parses the OCR of a GST certificate's pages. */
export function parseGstCertificate(pages: OcrPage[]): ParsedDocument {
  const lines = allLines(pages);
  const fields: ParsedDocument["fields"] = {};
  const gstin = findCode(lines, "99AAAAA9999A*Z*");
  if (gstin) put(fields, "gstin", field(gstin.text, correctedConfidence(gstin.confidence, gstin.corrected), gstinProblem(gstin.text), "ocr", "checksum"));

  for (const [key, label] of [
    ["legal_name", /legal\s+name(?:\s+of\s+business)?/],
    ["trade_name", /trade\s+name(?:\s*,?\s*if\s+any)?/],
  ] as const) {
    const f = labelValue(lines, label);
    const v = f ? cleanName(f.text) : null;
    if (f && v) put(fields, key, field(v, f.confidence));
  }
  const constitution = labelValue(lines, /constitution\s+of\s+business/);
  if (constitution) put(fields, "constitution", field(cleanText(constitution.text), constitution.confidence));

  const address = labelValue(lines, /address\s+of\s+principal\s+place\s+of\s+business/);
  if (address) {
    const parts = [address.text];
    let confidence = address.confidence;
    for (let i = address.index + 1; i < lines.length && !/^\d+\.\s/.test(lines[i]!.text) && parts.length < 4; i++) {
      parts.push(lines[i]!.text);
      confidence = Math.min(confidence, lines[i]!.confidence);
    }
    put(fields, "address", field(cleanText(parts.join(" ")), confidence));
  }
  return { fields, signals: [] };
}
