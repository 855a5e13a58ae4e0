/**
 * Field extraction from document images (issue 9): find and straighten a photographed card
 * (server/intelligence/ocr/card-bounds.ts), OCR each image (server/intelligence/ocr/), parse it
 * with the document type's parser (server/intelligence/parsers/, layouts in LAYOUTS.md there),
 * re-read the zones of fixed-place fields the first pass missed (parsers/zones.ts), and for
 * passports read and verify the MRZ. Runs in Inngest steps (inngest/functions/extract-document.ts),
 * never in a request: a page takes ~0.2-2 s of CPU.
 */
import type { Db } from "../db";
import { DomainError } from "../errors";
import type { Tenant } from "../tenant";
import { loadEvidenceBytes } from "./evidence-bytes";
import { measureImageQuality, qualitySignal } from "./image-quality";
import sharp from "sharp";
import { straightenCard } from "./ocr/card-bounds";
import { bottomBand, prepareForOcr } from "./ocr/preprocess";
import { asImage } from "./pdf-page";
import { recognizeTextPaddle } from "./ocr/paddle-ocr";
import { type OcrBox, type OcrLanguage, recognizeText } from "./ocr/tesseract-ocr";
import { DOCUMENT_PARSERS, EXTRACTABLE_DOCUMENT_TYPES } from "./parsers/parse-document";
import type { ExtractedFields, OcrPage, ReviewSignal } from "./parsers/parse-common";
import { noisyMrzName } from "./parsers/passport";
import { isCardShaped, ZONE_TEMPLATES, zoneRect, zonesToReread } from "./parsers/zones";

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

/**
 * Which OCR engine reads the pages: `tesseract` (the app's: server/intelligence/ocr/tesseract-ocr.ts,
 * with zone re-reads and the MRZ pass), `paddle` (PaddleOCR alone, server/intelligence/ocr/paddle-ocr.ts,
 * no second pass) or `both` (the lines of both given to the parser, then Tesseract's second passes).
 * Only bench/ocr-engines.ts chooses another than `tesseract` (bench/README.md "OCR engines" says why).
 */
export type OcrEngine = "tesseract" | "paddle" | "both";

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
export async function extractFieldsFromImages(
  images: { fileId?: string; bytes: Uint8Array }[],
  documentType: string,
  options: { engine?: OcrEngine } = {},
): Promise<DocumentExtractionResult> {
  const engine = options.engine ?? "tesseract";
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
      prepared.push(await prepareForOcr(parser.card ? (await straightenCard(image)).image : image));
    } catch {
      throw new DomainError("file_unreadable", "A document image could not be read (JPEG, PNG, WebP, or the first page of a PDF).", {
        param: "evidence_file_ids",
      });
    }
  }
  const pages: OcrPage[] = [];
  const stats: DocumentExtractionResult["pages"] = [];
  const sizes: Pick<OcrPage, "width" | "height">[] = [];
  for (const [i, page] of prepared.entries()) {
    const { width, height } = await sharp(page).metadata();
    sizes.push({ width, height });
    const reads = [
      ...(engine === "paddle" ? [] : [await recognizeText(page, { languages: parser.languages })]),
      ...(engine === "tesseract" ? [] : [await recognizeTextPaddle(page)]),
    ];
    for (const ocr of reads) pages.push({ lines: ocr.lines, width, height });
    const confidence = reads.reduce((sum, r) => sum + r.confidence, 0) / reads.length;
    stats.push({
      file_id: images[i]!.fileId ?? null,
      ocr_confidence: Math.round(confidence * 100) / 100,
      ms: Math.round(reads.reduce((sum, r) => sum + r.ms, 0)),
    });
  }
  let parsed = parser.parse(pages);
  if (engine === "paddle") return { document_type: documentType, fields: parsed.fields, signals: [...parsed.signals, ...qualitySignals], pages: stats };
  const zonePages = await rereadZones(documentType, prepared, sizes, parsed.fields, parser.languages);
  if (zonePages.length > 0) {
    pages.push(...zonePages);
    parsed = parser.parse(pages);
  }
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
 * The second look of the zone templates (server/intelligence/parsers/zones.ts): on each card-shaped
 * page, the zones of the fields the first pass missed or did not read with confidence are cut out
 * and read alone (a block of text, PSM 6), each as one more page whose line boxes are in the
 * page's pixels.
 */
async function rereadZones(
  documentType: string,
  prepared: Buffer[],
  sizes: Pick<OcrPage, "width" | "height">[],
  fields: ExtractedFields,
  languages: OcrLanguage[],
): Promise<OcrPage[]> {
  const keys = [...new Set((ZONE_TEMPLATES[documentType] ?? []).flatMap((t) => Object.keys(t.zones)))];
  const zones = zonesToReread(
    documentType,
    keys.filter((k) => fields[k]?.validity !== "valid"),
  );
  const out: OcrPage[] = [];
  for (const [i, page] of sizes.entries()) {
    if (!isCardShaped(page)) continue;
    for (const zone of zones) {
      const rect = zoneRect(zone, page.width!, page.height!);
      const crop = await sharp(prepared[i]).extract(rect).png({ compressionLevel: 1 }).toBuffer();
      const ocr = await recognizeText(crop, { languages, pageSegMode: 6 });
      const shift = (b: OcrBox): OcrBox => [b[0] + rect.left, b[1] + rect.top, b[2] + rect.left, b[3] + rect.top];
      out.push({ lines: ocr.lines.map((l) => ({ ...l, bbox: shift(l.bbox) })), width: page.width, height: page.height });
    }
  }
  return out;
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
