/**
 * Document extraction as the hosted flow's applicant sees it (the `flow.extractDocument` and
 * `flow.documentExtraction` procedures): the documents step asks for the OCR of the images it
 * just uploaded and polls for the result to pre-fill its form. The applicant only ever gets the
 * values of the fields the step asks for and whether each deserves a second look; the
 * confidences, signals and other fields stay with the reviewer.
 */
import type { Db } from "../db";
import { type FlowContext, loadEditableSession, openStep, stepSettings } from "../flow/flow-session";
import { resolveDocumentsSettings } from "../steps/documents/documents-config";
import { ZDocumentsSettings } from "../steps/documents/documents.schemas";
import { type DocumentExtractionDto, getDocumentExtraction, requestDocumentExtraction } from "./document-extractions";
import type { TFlowDocumentExtraction } from "./extraction.schemas";
import { isExtractable } from "./extract-document-fields";
import { LOW_CONFIDENCE } from "./parsers/parse-common";

async function documentsStep(db: Db, ctx: FlowContext, stepName: string) {
  const s = await loadEditableSession(db, ctx);
  const step = openStep(s, stepName, ["documents"]);
  return { s, config: resolveDocumentsSettings(ZDocumentsSettings.parse(await stepSettings(db, s, step.name)), s.country) };
}

function toFlow(dto: DocumentExtractionDto, askedKeys: readonly string[]): TFlowDocumentExtraction {
  const fields: TFlowDocumentExtraction["fields"] = {};
  for (const key of askedKeys) {
    const f = dto.fields?.[key];
    if (f?.value) fields[key] = { value: f.value, attention: !f.valid || f.confidence < LOW_CONFIDENCE };
  }
  return { id: dto.id, status: dto.status, fields };
}

/**
 * Queues the OCR of a document the applicant uploaded in step `step` (Inngest, off the request).
 * @param input.files the document's files in side order (as the step will submit them).
 * @returns the pending extraction, or null when the step does not offer `document_type` or the
 *   type has no field extraction (the form just stays empty).
 * @throws DomainError session_not_editable, step_not_available, resource_missing (a file not of
 *   this session), parameter_invalid (no files or more than 10), client_token_invalid.
 */
export async function requestFlowDocumentExtraction(
  db: Db,
  ctx: FlowContext,
  input: { step: string; document_type: string; files: string[] },
): Promise<TFlowDocumentExtraction | null> {
  const { s, config } = await documentsStep(db, ctx, input.step);
  const type = config.types.find((t) => t.key === input.document_type);
  if (!type || !isExtractable(type.key)) return null;
  const dto = await requestDocumentExtraction(
    db,
    { projectId: s.projectId, mode: s.mode },
    { sessionId: s.id, step: input.step, documentType: type.key, fileIds: input.files },
  );
  return toFlow(
    dto,
    type.fields.map((f) => f.key),
  );
}

/**
 * An extraction of this session's step, for polling until it is no longer `pending`.
 * @throws DomainError resource_missing (another session's extraction), session_not_editable,
 *   step_not_available, client_token_invalid.
 */
export async function getFlowDocumentExtraction(db: Db, ctx: FlowContext, input: { step: string; extraction_id: string }): Promise<TFlowDocumentExtraction> {
  const { s, config } = await documentsStep(db, ctx, input.step);
  const dto = await getDocumentExtraction(db, { projectId: s.projectId, mode: s.mode }, s.id, input.extraction_id);
  const type = config.types.find((t) => t.key === dto.document_type);
  return toFlow(dto, type?.fields.map((f) => f.key) ?? []);
}
