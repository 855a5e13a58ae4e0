/**
 * A file of the `documents` or `selfie` step, uploaded by the applicant through the flow's
 * upload route (app/flow/[sessionId]/upload/route.ts): checked against the step, then handed to
 * acceptUpload (size, virus scan, type by content, display copy, storage, evidence row).
 */
import type { Db } from "../db";
import { DomainError } from "../errors";
import { acceptUpload } from "../uploads/accept-upload";
import { getWorkflowVersionDefinition } from "../workflows/workflow.queries";
import { ZDocumentsSettings } from "../workflows/workflow.schemas";
import { documentKind, resolveDocumentsSettings } from "./documents-config";
import { type FlowContext, loadEditableSession, openStep } from "./flow-session";

export interface UploadedFlowFile {
  id: string;
  kind: string;
  content_type: string;
  size: number;
}

/**
 * Stores one upload of `stepName` as evidence of kind `kind` (`<document_type>_<side>` for a
 * document step, `selfie` for a selfie step).
 * @throws DomainError parameter_invalid (`param: "kind"`) for a kind the step does not take;
 *   acceptUpload's file_too_large (413), file_infected (422), file_type_not_allowed (415),
 *   file_unreadable (422), scanner_unavailable (503); session_not_editable, step_not_available,
 *   client_token_invalid.
 */
export async function uploadStepFile(db: Db, ctx: FlowContext, input: { step: string; kind: string; bytes: Uint8Array }): Promise<UploadedFlowFile> {
  const s = await loadEditableSession(db, ctx);
  const step = openStep(s, input.step, ["documents", "selfie"]);
  let kinds: string[] = ["selfie"];
  if (step.type === "documents") {
    const definition = await getWorkflowVersionDefinition(db, s.workflowVersionId);
    const settings = definition.steps.find((st) => st.name === step.name)?.settings ?? {};
    const config = resolveDocumentsSettings(ZDocumentsSettings.parse(settings), s.country);
    kinds = config.types.flatMap((t) => t.sides.map((side) => documentKind(t.key, side)));
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
