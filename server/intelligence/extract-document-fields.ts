/**
 * Field extraction from document images (issue 9): OCR each image (server/intelligence/ocr/),
 * parse it with the document type's parser (server/intelligence/parsers/), and for passports
 * read and verify the MRZ. Runs in Inngest steps (inngest/functions/extract-document.ts), never in
 * a request: a page takes ~0.2-2 s of CPU.
 */
import type { Db } from "../db";
import { DomainError } from "../errors";
import type { Tenant } from "../tenant";
import { loadEvidenceBytes } from "./evidence-bytes";
import { measureImageQuality, qualitySignal } from "./image-quality";
import { bottomBand, prepareForOcr } from "./ocr/preprocess";
import { asImage } from "./pdf-page";
import { recognizeText } from "./ocr/tesseract-ocr";
import { DOCUMENT_PARSERS, EXTRACTABLE_DOCUMENT_TYPES } from "./parsers/parse-document";
import type { ExtractedFields, OcrPage, ReviewSignal } from "./parsers/parse-common";
import { noisyMrzName } from "./parsers/passport";

/** The MRZ alphabet (ICAO 9303 part 3). */
const MRZ_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";

/** What an extraction returns (and `document_extractions.extracted` / `signals` store). */
export interface DocumentExtractionResult {
  document_type: string;
  /** Field key -> value, confidence (0..1), source, `valid` / `validity` (`valid`, `needs_review`: OCR unsure or nothing proves the read, `invalid`) and `problem`; keys of the document type's catalog fields. */
  fields: ExtractedFields;
  /** Review signals of the document itself (MRZ vs visual zone, failed check digits, expiry) and `quality_low` per image with capture problems (server/intelligence/image-quality.ts). */
  signals: ReviewSignal[];
  /** Per image: mean OCR confidence (0..1) and OCR wall time in ms. */
  pages: { file_id: string | null; ocr_confidence: number; ms: number }[];
}

/** True when `documentType` has an OCR parser. */
export const isExtractable = (documentType: string) => EXTRACTABLE_DOCUMENT_TYPES.includes(documentType);

/**
 * Extracts the fields of one document from its images, without the database.
 * @param images encoded images (JPEG, PNG, WebP, ...) or PDFs (page 1), one per side or page, any order.
 * @param documentType a key of `DOCUMENT_PARSERS` (`pan_card`, `aadhaar_card`, `passport`,
 *   `voter_id`, `driving_licence`, `gst_certificate`).
 * @throws DomainError parameter_invalid (`document_type`) for a type without a parser;
 *   file_unreadable for an image that does not decode (of a PDF, page 1 is rendered and read).
 */
export async function extractFieldsFromImages(images: { fileId?: string; bytes: Uint8Array }[], documentType: string): Promise<DocumentExtractionResult> {
  const parser = DOCUMENT_PARSERS[documentType];
  if (!parser) {
    throw new DomainError("parameter_invalid", `No field extraction for document type '${documentType}' (one of ${EXTRACTABLE_DOCUMENT_TYPES.join(", ")}).`, {
      param: "document_type",
    });
  }
  const prepared: Buffer[] = [];
  const qualitySignals: ReviewSignal[] = [];
  for (const img of images) {
    try {
      const image = await asImage(img.bytes);
      const quality = qualitySignal(img.fileId ?? null, await measureImageQuality(image));
      if (quality) qualitySignals.push(quality);
      prepared.push(await prepareForOcr(image));
    } catch {
      throw new DomainError("file_unreadable", "A document image could not be read (JPEG, PNG, WebP, or the first page of a PDF).", {
        param: "evidence_file_ids",
      });
    }
  }
  const pages: OcrPage[] = [];
  const stats: DocumentExtractionResult["pages"] = [];
  for (const [i, page] of prepared.entries()) {
    const ocr = await recognizeText(page, { languages: parser.languages });
    pages.push({ lines: ocr.lines });
    stats.push({ file_id: images[i]!.fileId ?? null, ocr_confidence: Math.round(ocr.confidence * 100) / 100, ms: Math.round(ocr.ms) });
  }
  let parsed = parser.parse(pages);
  if (parser.mrz && (!(parsed.fields.mrz?.valid ?? false) || noisyMrzName(parsed.fields.mrz?.value.split("\n")[0] ?? ""))) {
    // second pass over the bottom band with the MRZ alphabet only: OCR of `<` runs is the weak spot
    const mrzLines: string[][] = [];
    for (const page of prepared) {
      const ocr = await recognizeText(await bottomBand(page), { languages: ["eng"], whitelist: MRZ_ALPHABET, pageSegMode: 6 });
      mrzLines.push(ocr.lines.map((l) => l.text));
    }
    parsed = parser.parse(pages, mrzLines);
  }
  return { document_type: documentType, fields: parsed.fields, signals: [...parsed.signals, ...qualitySignals], pages: stats };
}

/**
 * Extracts the fields of one document from evidence files of the tenant.
 * @param evidenceFileIds the document's images (`file_...`), one per side or page.
 * @param documentType see `extractFieldsFromImages`.
 * @throws DomainError resource_missing when a file is not the tenant's; see `extractFieldsFromImages`.
 */
export async function extractDocumentFields(
  db: Db,
  tenant: Tenant,
  evidenceFileIds: readonly string[],
  documentType: string,
): Promise<DocumentExtractionResult> {
  if (!isExtractable(documentType)) return extractFieldsFromImages([], documentType);
  const files = await loadEvidenceBytes(db, tenant, evidenceFileIds);
  return extractFieldsFromImages(
    files.map((f) => ({ fileId: f.id, bytes: f.bytes })),
    documentType,
  );
}
