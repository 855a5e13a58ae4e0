/**
 * Which Indian document a page shows, from the words printed on it (OCR, English): the headers
 * and labels every issuer prints in English (the Income Tax Department's "Permanent Account
 * Number", UIDAI's name on the Aadhaar back, "REPUBLIC OF INDIA PASSPORT" and the MRZ's `P<IND`,
 * "DRIVING LICENCE", "ELECTION COMMISSION OF INDIA", "Form GST REG-06") and the shape of each
 * identifier. Used by `in.document.extract` when no `document_type` is declared, and to tell a
 * declared type that the page contradicts (server/intelligence/document-extract-check.ts).
 */
import { straightenCard } from "./ocr/card-bounds";
import { prepareForOcr } from "./ocr/preprocess";
import { type OcrLine, recognizeText } from "./ocr/tesseract-ocr";
import { asImage } from "./pdf-page";

/** A marker of a document type: a pattern over the page's upper-cased text and its weight (2: what only that document prints; 1: an identifier's shape other text can have, or a shared label). */
interface Marker {
  pattern: RegExp;
  weight: 1 | 2;
}

const MARKERS: Record<string, Marker[]> = {
  pan_card: [
    { pattern: /INCOME\s*TAX\s*DEPARTMENT/, weight: 2 },
    { pattern: /PERMANENT\s*ACCOUNT\s*NUMBER/, weight: 2 },
    { pattern: /(^|[^A-Z0-9])[A-Z]{5}[0-9]{4}[A-Z]($|[^A-Z0-9])/, weight: 1 },
  ],
  aadhaar_card: [
    { pattern: /UNIQUE\s*IDENTIFICATION\s*AUTHORITY/, weight: 2 },
    { pattern: /UIDAI|AADHAAR/, weight: 2 },
    // the number in groups of four, masked (`XXXX XXXX 4821`) or not: printed only on Aadhaar (and its 16-digit VID)
    { pattern: /(^|[^0-9X])[0-9X]{4} [0-9X]{4} [0-9]{4}($|[^0-9])/, weight: 2 },
  ],
  passport: [
    { pattern: /REPUBLIC\s*OF\s*INDIA/, weight: 1 },
    { pattern: /PASSPORT/, weight: 1 },
    { pattern: /P[<KL]IND[A-Z<]{5,}/, weight: 2 },
  ],
  driving_licence: [
    { pattern: /DRIVING\s*LICEN[CS]E/, weight: 2 },
    { pattern: /(^|[^A-Z])DL\s*NO/, weight: 1 },
  ],
  voter_id: [
    { pattern: /ELECTION\s*COMMISSION/, weight: 2 },
    { pattern: /ELECTOR/, weight: 1 },
    { pattern: /(^|[^A-Z0-9])[A-Z]{3}[0-9]{7}($|[^A-Z0-9])/, weight: 1 },
  ],
  gst_certificate: [
    { pattern: /GST\s*REG/, weight: 2 },
    { pattern: /GOODS\s*AND\s*SERVICES\s*TAX/, weight: 2 },
    { pattern: /REGISTRATION\s*CERTIFICATE/, weight: 1 },
    { pattern: /[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][0-9A-Z]Z[0-9A-Z]/, weight: 1 },
  ],
};

/** Fewest marker points for a type to count as detected. */
export const DETECTION_MIN_SCORE = 2;

export interface DocumentTypeDetection {
  /** The detected document type key, or null when no type reaches DETECTION_MIN_SCORE or two tie. */
  type: string | null;
  /** For an Aadhaar card: `front` (photo side: date of birth, gender) or `back` (address side); null otherwise. */
  side: "front" | "back" | null;
  /** Marker points per document type that scored (for the check's result). */
  scores: Record<string, number>;
}

/**
 * Detects the document type of OCR lines (one page).
 * @returns the type with the most marker points (at least DETECTION_MIN_SCORE, no tie), else type null.
 */
export function detectDocumentTypeOfLines(lines: readonly Pick<OcrLine, "text">[]): DocumentTypeDetection {
  const text = lines.map((l) => l.text.toUpperCase()).join("\n");
  const scores: Record<string, number> = {};
  for (const [type, markers] of Object.entries(MARKERS)) {
    const score = markers.reduce((sum, m) => sum + (m.pattern.test(text) ? m.weight : 0), 0);
    if (score > 0) scores[type] = score;
  }
  const ranked = Object.entries(scores).sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  const type = best && best[1] >= DETECTION_MIN_SCORE && (!second || second[1] < best[1]) ? best[0] : null;
  const side =
    type !== "aadhaar_card" ? null : /ADDRESS|UNIQUE\s*IDENTIFICATION/.test(text) && !/DOB|DATE OF BIRTH|YEAR OF BIRTH/.test(text) ? "back" : "front";
  return { type, side, scores };
}

/**
 * Detects the document type of one image or PDF (page 1), by OCR in English of the card found
 * and straightened in it (the whole image when none is found).
 * @throws Error when the bytes do not decode as an image or PDF.
 */
export async function detectDocumentType(bytes: Uint8Array): Promise<DocumentTypeDetection> {
  // a photographed card is found and straightened first (server/intelligence/ocr/card-bounds.ts), as for extraction
  const { image } = await straightenCard(await asImage(bytes));
  const ocr = await recognizeText(await prepareForOcr(image), { languages: ["eng"] });
  return detectDocumentTypeOfLines(ocr.lines);
}
