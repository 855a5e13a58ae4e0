/**
 * `in.document.extract` (issue 16 item 2): answered by the service's own OCR
 * (server/intelligence/document-extract-check.ts, Tesseract in WASM), in test and live mode
 * alike: no third party sees the document. The files are read within the check's project and
 * mode; the engine is imported on first use, so loading the registry never loads it.
 * `verified_by: source` as for the other checks the service answers itself (face, OTP).
 */
import type { TDocumentExtractInput } from "../checks/catalog";
import { getDb } from "../db";
import { DomainError } from "../errors";
import type { CheckProvider, ProviderResult } from "./provider";

export const documentExtractProvider: CheckProvider = {
  name: "ocr",
  supports: (key) => key === "in.document.extract",
  async verify(_key, input, context): Promise<ProviderResult> {
    if (!context) throw new Error("in.document.extract needs the check's project and mode");
    const i = input as TDocumentExtractInput;
    const { extractTenantDocument } = await import("../intelligence/document-extract-check");
    try {
      const r = await extractTenantDocument(
        await getDb(),
        { projectId: context.projectId, mode: context.mode },
        { fileIds: i.file_ids, documentType: i.document_type },
      );
      return { status: r.status, errorCode: r.errorCode, score: r.score, verifiedBy: "source", result: r.result };
    } catch (err) {
      // a file deleted since the check was requested is an answer about the input, not an outage
      if (err instanceof DomainError && err.code === "resource_missing") {
        return { status: "failed", errorCode: "evidence_not_found", score: null, verifiedBy: "source", result: { param: err.param ?? null } };
      }
      throw err;
    }
  },
};
