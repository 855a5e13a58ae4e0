/**
 * The applicant confirms or corrects the fields pre-filled from OCR; both values are kept, and
 * every difference becomes a review signal. How strong the signal is depends on what changed:
 * - an identifier (PAN, GSTIN, passport / EPIC / licence number, Aadhaar last 4) or a date
 *   changed: `field_corrected`, severity `review`, always: the applicant typed something else than
 *   the document shows;
 * - a name or text field changed: `review`, unless OCR was unsure of it (confidence < 0.8) and the
 *   two are close (names: the checks engine's name matcher >= 0.8; text: edit similarity >= 0.85),
 *   i.e. the applicant fixed a misread: `info`;
 * - an extracted value was cleared: `field_removed` (review);
 * - a value typed where OCR found none: `field_not_extracted` (info);
 * - a value OCR was unsure of (confidence < LOW_CONFIDENCE) that the applicant kept as read:
 *   `field_low_confidence` (info: shown to the reviewer; a rule may route on it).
 * Values are compared after normalization (upper case, whitespace collapsed; `aadhaar_last4` and
 * identifiers without spaces), so re-typing the same value is not a difference.
 */
import { nameMatchScore } from "../checks/name-match";
import { type ExtractedFields, LOW_CONFIDENCE, type ReviewSignal } from "./parsers/parse-common";

const IDENTIFIERS = new Set(["pan", "gstin", "passport_number", "epic_number", "dl_number", "aadhaar_last4", "cin", "ifsc", "account_number", "mrz"]);
const DATES = new Set(["date_of_birth", "date_of_expiry", "valid_till", "date_of_incorporation"]);
const NAMES = new Set(["name", "father_name", "relative_name", "surname", "given_names", "legal_name", "trade_name", "account_holder"]);

/** A field value as compared: NFKC, upper case, whitespace collapsed; identifiers (`IDENTIFIERS`) without spaces and hyphens. */
export const normalizeFieldValue = (key: string, v: string) => {
  const up = v.normalize("NFKC").toUpperCase().replace(/\s+/g, " ").trim();
  return IDENTIFIERS.has(key) ? up.replace(/[\s\-]/g, "") : up;
};

/** Levenshtein similarity 1 - distance / longer length, 0..1. */
export function editSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const m = a.length;
  const n = b.length;
  if (!m || !n) return 0;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return 1 - prev[n]! / Math.max(m, n);
}

/**
 * Review signals for the differences between extracted and confirmed fields.
 * @param extracted the fields as OCR read them (`extractDocumentFields().fields`).
 * @param confirmed the values the applicant submitted, keyed like `extracted`; null or `""` = cleared.
 * @returns one signal per changed or unsure field (codes `field_corrected`, `field_removed`,
 *   `field_not_extracted`, `field_low_confidence`), with `detail: { extracted, confirmed, similarity, extracted_confidence }`.
 */
export function compareConfirmedFields(extracted: ExtractedFields, confirmed: Record<string, string | null | undefined>): ReviewSignal[] {
  const signals: ReviewSignal[] = [];
  const keys = [...new Set([...Object.keys(extracted), ...Object.keys(confirmed)])].filter((k) => k !== "mrz");
  for (const key of keys) {
    const e = extracted[key];
    const raw = confirmed[key];
    const c = raw === null || raw === undefined ? "" : normalizeFieldValue(key, raw);
    if (!e || !e.value) {
      if (c) signals.push({ code: "field_not_extracted", field: key, severity: "info", detail: { confirmed: raw } });
      continue;
    }
    if (!(key in confirmed)) continue;
    const x = normalizeFieldValue(key, e.value);
    if (x === c) {
      if (e.confidence < LOW_CONFIDENCE)
        signals.push({ code: "field_low_confidence", field: key, severity: "info", detail: { extracted_confidence: e.confidence } });
      continue;
    }
    if (!c) {
      signals.push({ code: "field_removed", field: key, severity: "review", detail: { extracted: e.value, extracted_confidence: e.confidence } });
      continue;
    }
    const similarity = Math.round((NAMES.has(key) ? nameMatchScore(x, c) : editSimilarity(x, c)) * 1000) / 1000;
    const strict = IDENTIFIERS.has(key) || DATES.has(key);
    const misread = !strict && e.confidence < LOW_CONFIDENCE && similarity >= (NAMES.has(key) ? 0.8 : 0.85);
    signals.push({
      code: "field_corrected",
      field: key,
      severity: misread ? "info" : "review",
      detail: { extracted: e.value, confirmed: raw, similarity, extracted_confidence: e.confidence },
    });
  }
  return signals;
}
