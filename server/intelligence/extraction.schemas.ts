/**
 * The shape of what document extraction reads (`document_extractions.extracted` and
 * `.signals`): the parsers write it (server/intelligence/parsers/parse-common.ts takes its types
 * from here) and the dashboard's case view returns it; and the hosted flow's narrower view of
 * an extraction (server/intelligence/flow-document-extraction.ts).
 */
import { z } from "zod";

/** One field read from a document. */
export const ZExtractedField = z.object({
  /** Normalized value: names and text upper case, dates ISO 8601 `YYYY-MM-DD`, identifiers without spaces. */
  value: z.string(),
  /** 0..1: the OCR confidence of the line it came from, lowered when characters had to be corrected; 0.99 for MRZ fields whose check digit holds. */
  confidence: z.number(),
  /** `ocr` (visual zone) or `mrz` (machine-readable zone, ICAO 9303). */
  source: z.enum(["ocr", "mrz"]),
  /** True only when `validity` is `valid`. */
  valid: z.boolean(),
  /**
   * How far the value can be trusted (server/intelligence/parsers/parse-common.ts `FieldValidity`):
   * `valid` (validator passes and a checksum or confident OCR backs it), `needs_review` (passes
   * its validator but OCR was unsure or nothing on the page proves it), `invalid`.
   */
  validity: z.enum(["valid", "needs_review", "invalid"]),
  /** Why it is not valid: the validator's error code (`pan_holder_type_invalid`, ...) or `ocr_low_confidence`, `passport_number_unverified`, `mrz_visual_mismatch`, `mrz_name_unverified`, `mrz_document_code_unverified`; null when valid. */
  problem: z.string().nullable(),
});

/** Field key -> field, keyed like the document type's catalog fields (server/documents/document-types.ts). */
export const ZExtractedFields = z.record(z.string(), ZExtractedField);

/** A review signal: something a reviewer should look at. No decision is taken on it here. */
export const ZReviewSignal = z.object({
  /** Stable snake_case code, e.g. `mrz_visual_mismatch`, `field_corrected`, `document_expired`. */
  code: z.string(),
  /** The field concerned, when there is one. */
  field: z.string().optional(),
  /** `review`: send to a reviewer; `info`: shown, not routed. */
  severity: z.enum(["review", "info"]),
  /** Values and scores behind the signal (PII: kept with the extraction, erased with the session). */
  detail: z.record(z.string(), z.unknown()).optional(),
});

/** An extraction as the hosted flow's documents step sees it (flow.extractDocument, flow.documentExtraction). */
export const ZFlowDocumentExtraction = z.strictObject({
  /** `dex_...`: submitted with the step (`extraction_id`) so that the confirmation is kept next to it. */
  id: z.string(),
  /** `pending`: still reading; `completed`: `fields` holds what was read; `failed`: nothing was read. */
  status: z.enum(["pending", "completed", "failed"]),
  /**
   * Field key -> the value as the form takes it (names upper case, dates `YYYY-MM-DD`) and
   * `attention`: the OCR was unsure (confidence < 0.8) or the value fails its validator, so the
   * form asks the applicant to check it. Only keys of fields the step asks for.
   */
  fields: z.record(z.string(), z.strictObject({ value: z.string(), attention: z.boolean() })),
});
export type TFlowDocumentExtraction = z.infer<typeof ZFlowDocumentExtraction>;
