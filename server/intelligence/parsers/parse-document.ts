/**
 * The document types whose fields are extracted by OCR, and their parsers. Keys are the
 * document-type catalog's (server/documents/document-types.ts); the OCR languages are what is
 * printed on the document (Aadhaar and voter ID cards are bilingual English / Hindi).
 */
import type { OcrLanguage } from "../ocr/tesseract-ocr";
import { parseAadhaarCard } from "./aadhaar-card";
import { parseDrivingLicence } from "./driving-licence";
import { parseGstCertificate } from "./gst-certificate";
import type { OcrPage, ParsedDocument } from "./parse-common";
import { parsePanCard } from "./pan-card";
import { parsePassport } from "./passport";
import { parseVoterId } from "./voter-id";

export interface DocumentParser {
  languages: OcrLanguage[];
  /** Whether a second OCR pass reads the MRZ with the MRZ alphabet only (passports). */
  mrz: boolean;
  /** Whether the document is a card or a booklet page found in a photo and straightened before OCR (server/intelligence/ocr/card-bounds.ts); not A4 certificates. */
  card: boolean;
  parse(pages: OcrPage[], mrzLines?: string[][]): ParsedDocument;
}

export const DOCUMENT_PARSERS: Readonly<Record<string, DocumentParser>> = {
  pan_card: { languages: ["eng"], mrz: false, card: true, parse: parsePanCard },
  aadhaar_card: { languages: ["eng", "hin"], mrz: false, card: true, parse: parseAadhaarCard },
  passport: { languages: ["eng"], mrz: true, card: true, parse: (pages, mrz) => parsePassport(pages, mrz) },
  voter_id: { languages: ["eng", "hin"], mrz: false, card: true, parse: parseVoterId },
  driving_licence: { languages: ["eng"], mrz: false, card: true, parse: parseDrivingLicence },
  gst_certificate: { languages: ["eng"], mrz: false, card: false, parse: parseGstCertificate },
};

/** Document type keys with OCR extraction. */
export const EXTRACTABLE_DOCUMENT_TYPES = Object.keys(DOCUMENT_PARSERS);
