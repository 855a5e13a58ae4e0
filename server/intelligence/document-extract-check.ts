/**
 * `in.document.extract` (issue 16 item 2): the fields of an identity or business document read
 * from files of the tenant (Files API uploads or hosted-flow evidence), answered as a check.
 * The reading itself is the hosted flow's (server/intelligence/extract-document-fields.ts: OCR,
 * the document type's parser, the MRZ); this module adds what a direct check needs around it:
 * - the document type: declared, or detected from page 1 (server/intelligence/detect-document-type.ts);
 *   a declared type whose identifier is not read as valid, on a page another type's markers
 *   claim, is `failed` `document_type_mismatch`;
 * - each field with its `zone` (`visual` or `mrz`), the passport's MRZ parse (server/intelligence/mrz.ts:
 *   the accepted lines, each check digit's result, the names' confirmation by the visual zone);
 * - signals under the check's names: `mrz_check_digit_failed`, `mrz_visual_mismatch`,
 *   `mrz_not_found`, `expired`, `quality_low` (`pageQuality`: a photo too small or too dark, or
 *   a page OCR read with low confidence), and the parsers' other review signals as they are;
 * - the verdict: `passed` only when every field read is `valid` and no signal needs review;
 *   `needs_review` otherwise; `failed` for an unreadable file or a contradicted type.
 */
import sharp from "sharp";
import type { Db } from "../db";
import { DomainError } from "../errors";
import type { Tenant } from "../tenant";
import { detectDocumentType, type DocumentTypeDetection } from "./detect-document-type";
import { loadEvidenceBytes } from "./evidence-bytes";
import { type DocumentExtractionResult, extractFieldsFromImages } from "./extract-document-fields";
import { type MrzReading, readMrz } from "./mrz";
import type { ReviewSignal } from "./parsers/parse-common";
import { isPdf } from "./pdf-page";

/**
 * When a page is reported `quality_low`. Provisional thresholds, set on the synthetic fixtures
 * (tests/fixtures/intelligence/; no held-out set of real captures yet): their scans and
 * phone-style photos have a short side of 600-1500 px, a mean luminance of 189-250 and OCR page
 * confidences of 0.9 and more; a photo darkened to a third (mean 71) or shrunk to 500 x 315 px
 * loses its fields. Tesseract's confidence stays high on the few lines it still reads, so it only
 * catches pages it reads badly throughout.
 */
export const QUALITY_LOW = { minShortSidePx: 400, minMeanLuminance: 90, minOcrConfidence: 0.6 } as const;

/** The identifier whose absence means the page is probably not this type. */
const PRIMARY_FIELD: Record<string, string> = {
  pan_card: "pan",
  aadhaar_card: "aadhaar_last4",
  passport: "passport_number",
  driving_licence: "dl_number",
  voter_id: "epic_number",
  gst_certificate: "gstin",
};

/** The parsers' signal codes under the names the check answers with. */
const SIGNAL_NAMES: Record<string, string> = { mrz_check_digit_invalid: "mrz_check_digit_failed", document_expired: "expired" };

/** Expiry fields of the catalog's document types (ISO dates). */
const EXPIRY_FIELDS = ["date_of_expiry", "valid_till"];

export interface ExtractedDocumentField {
  value: string;
  confidence: number;
  /** Where it was read: `visual` (the printed zone, OCR) or `mrz` (the machine-readable zone, its check digit holds). */
  zone: "visual" | "mrz";
  valid: boolean;
  /** `valid` (format, check digit or checksum and a confident read), `needs_review` (OCR unsure, or nothing proves the read), `invalid` (fails its format or checksum). */
  validity: "valid" | "needs_review" | "invalid";
  /** Why it is not valid (validator error code, `ocr_low_confidence`, ...); null when valid. */
  problem: string | null;
}

export interface DocumentExtractOutcome {
  status: "passed" | "failed" | "needs_review";
  errorCode: string | null;
  /** Mean confidence of the fields read, 0..1; null when none was read. */
  score: number | null;
  result: {
    document_type: string | null;
    declared_type: string | null;
    /** The detection on page 1 when it ran (no declared type, or the declared type's identifier was not found). */
    detected: DocumentTypeDetection | null;
    fields: Record<string, ExtractedDocumentField>;
    mrz: MrzReading | null;
    signals: ReviewSignal[];
    pages: DocumentExtractionResult["pages"];
  };
}

type Image = { fileId: string; bytes: Uint8Array };

const unreadable = (declared: string | null, detected: DocumentTypeDetection | null = null): DocumentExtractOutcome => ({
  status: "failed",
  errorCode: "document_unreadable",
  score: null,
  result: { document_type: null, declared_type: declared, detected, fields: {}, mrz: null, signals: [], pages: [] },
});

async function detect(image: Image): Promise<DocumentTypeDetection | null> {
  try {
    return await detectDocumentType(image.bytes);
  } catch {
    return null;
  }
}

async function extract(images: Image[], documentType: string): Promise<DocumentExtractionResult | null> {
  try {
    return await extractFieldsFromImages(images, documentType);
  } catch (err) {
    if (err instanceof DomainError && err.code === "file_unreadable") return null;
    throw err;
  }
}

/**
 * Why a photographed page is too poor to read reliably (`quality_low`), or null: its short side
 * in pixels and its mean luminance (0-255) against QUALITY_LOW. PDFs are rendered at 216 dpi and
 * are not measured; bytes that do not decode are not this function's concern (null).
 */
export async function pageQuality(bytes: Uint8Array): Promise<{ short_side_px: number; mean_luminance: number } | null> {
  if (isPdf(bytes)) return null;
  try {
    const image = sharp(bytes, { failOn: "none" }).autoOrient();
    const [meta, stats] = await Promise.all([image.clone().metadata(), image.clone().grayscale().stats()]);
    const shortSide = Math.min(meta.width ?? 0, meta.height ?? 0);
    const mean = Math.round(stats.channels[0]?.mean ?? 0);
    return shortSide < QUALITY_LOW.minShortSidePx || mean < QUALITY_LOW.minMeanLuminance ? { short_side_px: shortSide, mean_luminance: mean } : null;
  } catch {
    return null;
  }
}

/**
 * The passport's MRZ as the check answers it (`result.mrz`): the lines the parser accepted, read
 * again with the visual zone's names (the name fields whose source is the visual zone), so the
 * names' validity is the parser's.
 */
function answerMrz(extraction: DocumentExtractionResult, now: Date): MrzReading | null {
  const lines = extraction.fields.mrz?.value.split("\n");
  if (!lines) return null;
  const visualName = (key: string) => (extraction.fields[key]?.source === "ocr" ? extraction.fields[key].value : null);
  return readMrz(lines, now, { surname: visualName("surname"), given_names: visualName("given_names") });
}

/** The check's signals from the extraction's (renamed), plus `mrz_check_digit_failed`, `expired` and `quality_low`. */
async function checkSignals(images: Image[], extraction: DocumentExtractionResult, mrz: MrzReading | null, now: Date): Promise<ReviewSignal[]> {
  const signals = extraction.signals.map((s) => ({ ...s, code: SIGNAL_NAMES[s.code] ?? s.code }));
  if (mrz && !mrz.check_digits_valid && !signals.some((s) => s.code === "mrz_check_digit_failed")) {
    signals.push({ code: "mrz_check_digit_failed", field: "mrz", severity: "review" });
  }
  const today = now.toISOString().slice(0, 10);
  for (const key of EXPIRY_FIELDS) {
    const value = extraction.fields[key]?.value;
    if (value && value < today && !signals.some((s) => s.code === "expired"))
      signals.push({ code: "expired", field: key, severity: "review", detail: { [key]: value } });
  }
  for (const [i, page] of extraction.pages.entries()) {
    const poor = await pageQuality(images[i]!.bytes);
    if (poor || page.ocr_confidence < QUALITY_LOW.minOcrConfidence) {
      signals.push({ code: "quality_low", severity: "review", detail: { file_id: page.file_id, ocr_confidence: page.ocr_confidence, ...poor } });
    }
  }
  return signals;
}

/**
 * Reads one document from images already loaded (tests and the bench call this directly).
 * @param images the document's images or PDFs, one per side or page (page 1 of a PDF is read).
 * @param declared a document type key with a parser, or null to detect it.
 */
export async function extractDocumentCheck(images: Image[], declared: string | null, now = new Date()): Promise<DocumentExtractOutcome> {
  let detected: DocumentTypeDetection | null = null;
  if (!declared) {
    detected = await detect(images[0]!);
    if (!detected) return unreadable(null);
    if (!detected.type) {
      return {
        status: "needs_review",
        errorCode: "document_type_unknown",
        score: null,
        result: { document_type: null, declared_type: null, detected, fields: {}, mrz: null, signals: [], pages: [] },
      };
    }
  }
  const type = declared ?? detected!.type!;
  const extraction = await extract(images, type);
  if (!extraction) return unreadable(declared, detected);

  const primary = PRIMARY_FIELD[type];
  if (declared && primary && !extraction.fields[primary]?.valid) {
    // the declared type's identifier was not read for sure: another type's markers may say what the pages are
    detected = await detect(images[0]!);
    if (detected?.type && detected.type !== declared) {
      return {
        status: "failed",
        errorCode: "document_type_mismatch",
        score: null,
        result: { document_type: null, declared_type: declared, detected, fields: {}, mrz: null, signals: [], pages: extraction.pages },
      };
    }
  }

  const fields: Record<string, ExtractedDocumentField> = {};
  for (const [key, f] of Object.entries(extraction.fields)) {
    fields[key] = {
      value: f.value,
      confidence: f.confidence,
      zone: f.source === "mrz" ? "mrz" : "visual",
      valid: f.valid,
      validity: f.validity,
      problem: f.problem,
    };
  }
  const mrz = answerMrz(extraction, now);
  const signals = await checkSignals(images, extraction, mrz, now);
  const values = Object.values(fields);
  const score = values.length ? Math.round((values.reduce((s, f) => s + f.confidence, 0) / values.length) * 100) / 100 : null;
  const result = { document_type: type, declared_type: declared, detected, fields, mrz, signals, pages: extraction.pages };

  const review = signals.find((s) => s.severity === "review");
  const unsure = values.find((f) => f.validity !== "valid");
  if (!values.length) return { status: "needs_review", errorCode: review?.code === "quality_low" ? "quality_low" : "fields_not_found", score, result };
  if (review || unsure) {
    return { status: "needs_review", errorCode: review?.code ?? (unsure!.validity === "invalid" ? "field_invalid" : "field_unverified"), score, result };
  }
  return { status: "passed", errorCode: null, score, result };
}

/**
 * `in.document.extract` on files of the tenant.
 * @param input `fileIds` (`file_...`, in order) and the declared `documentType` (or none).
 * @throws DomainError resource_missing when a file is not the tenant's (or was deleted).
 */
export async function extractTenantDocument(
  db: Db,
  tenant: Tenant,
  input: { fileIds: readonly string[]; documentType?: string | null },
): Promise<DocumentExtractOutcome> {
  const files = await loadEvidenceBytes(db, tenant, input.fileIds);
  return extractDocumentCheck(
    files.map((f) => ({ fileId: f.id, bytes: f.bytes })),
    input.documentType ?? null,
  );
}
