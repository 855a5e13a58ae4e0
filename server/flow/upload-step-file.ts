/**
 * A file of the `documents` or `selfie` step, uploaded by the applicant through the flow's
 * upload route (app/flow/[sessionId]/upload/route.ts): checked against the step, then handed to
 * acceptUpload (size, virus scan, type by content, display copy, storage, evidence row).
 */
import type { Db } from "../db";
import { DomainError } from "../errors";
import { businessDocumentKind } from "../kyb/business-documents";
import { sessionDocumentSlots } from "../kyb/kyb-submit";
import { acceptUpload } from "../uploads/accept-upload";
import { getWorkflowVersionDefinition } from "../workflows/workflow.queries";
import { ZDocumentsSettings, ZSelfieSettings } from "../workflows/workflow.schemas";
import { documentKind, type ResolvedDocumentsSettings, resolveDocumentsSettings } from "./documents-config";
import { type FlowContext, type FlowSessionRow, loadEditableSession, openStep } from "./flow-session";

/** Upload kind of a frame taken during the selfie step's active liveness challenge. */
export const SELFIE_FRAME_KIND = "selfie_frame";

/** The settings of step `stepName` in the session's workflow version (`{}` when it has none). */
export async function stepSettings(db: Db, s: FlowSessionRow, stepName: string): Promise<Record<string, unknown>> {
  const definition = await getWorkflowVersionDefinition(db, s.workflowVersionId);
  return definition.steps.find((st) => st.name === stepName)?.settings ?? {};
}

/** The `documents` step's settings resolved against the document-type catalog of the session's country. */
export async function stepDocumentsConfig(db: Db, s: FlowSessionRow, stepName: string): Promise<ResolvedDocumentsSettings> {
  return resolveDocumentsSettings(ZDocumentsSettings.parse(await stepSettings(db, s, stepName)), s.country);
}

export interface UploadedFlowFile {
  id: string;
  kind: string;
  content_type: string;
  size: number;
}

/**
 * Stores one upload of `stepName` as evidence of kind `kind` (`<document_type>_<side>` for a
 * document step; `selfie` for a selfie step, and `selfie_frame` for the frames of its active
 * liveness challenge when the step has one; `<document_type>_document` for a
 * `business_documents` step, server/kyb/business-documents.ts).
 * @throws DomainError parameter_invalid (`param: "kind"`) for a kind the step does not take;
 *   acceptUpload's file_too_large (413), file_infected (422), file_type_not_allowed (415),
 *   file_unreadable (422), scanner_unavailable (503); session_not_editable, step_not_available,
 *   client_token_invalid.
 */
export async function uploadStepFile(db: Db, ctx: FlowContext, input: { step: string; kind: string; bytes: Uint8Array }): Promise<UploadedFlowFile> {
  const s = await loadEditableSession(db, ctx);
  const step = openStep(s, input.step, ["documents", "selfie", "business_documents"]);
  let kinds: string[];
  if (step.type === "documents") {
    const config = await stepDocumentsConfig(db, s, step.name);
    kinds = config.types.flatMap((t) => t.sides.map((side) => documentKind(t.key, side)));
  } else if (step.type === "business_documents") {
    kinds = sessionDocumentSlots(s, await stepSettings(db, s, step.name)).map((slot) => businessDocumentKind(slot.type));
  } else {
    const settings = ZSelfieSettings.parse(await stepSettings(db, s, step.name));
    kinds = settings.liveness.active === "none" ? ["selfie"] : ["selfie", SELFIE_FRAME_KIND];
  }
  if (!kinds.includes(input.kind)) throw new DomainError("parameter_invalid", `This step does not take files of kind '${input.kind}'.`, { param: "kind" });
  const row = await acceptUpload({
    db,
    projectId: s.projectId,
    sessionId: s.id,
    mode: s.mode,
    step: step.name,
    kind: input.kind,
    bytes: input.bytes,
    actor: { type: "applicant", id: s.id, ip: ctx.ip },
  });
  return { id: row.id, kind: row.kind, content_type: row.contentType, size: row.size };
}
