/**
 * A file of a step that takes uploads (`StepType.uploadKinds`: `documents`, `selfie`,
 * `business_documents`), uploaded by the applicant through the flow's upload route
 * (app/flow/[sessionId]/upload/route.ts): checked against the step, then handed to acceptUpload
 * (size, virus scan, type by content, Aadhaar masking, display copy, storage, evidence row).
 */
import type { Db } from "../db";
import { DomainError } from "../errors";
import { stepType, stepTypesWith } from "../steps/registry";
import { acceptUpload } from "../uploads/accept-upload";
import { bindFrame, openChallengeFor } from "../intelligence/face/liveness/liveness-challenge";
import { SELFIE_FRAME_KIND } from "../steps/selfie/selfie.schemas";
import { applicantActor, type FlowContext, loadEditableSession, openStep, stepSettings } from "./flow-session";

/** The step types that take uploads. */
const UPLOAD_STEP_TYPES = stepTypesWith("uploadKinds");

export interface UploadedFlowFile {
  id: string;
  kind: string;
  content_type: string;
  size: number;
}

/**
 * Stores one upload of `stepName` as evidence of kind `kind`, one of the kinds its type takes
 * (`<document_type>_<side>` for a `documents` step; `selfie` for a `selfie` step, and
 * `selfie_frame` for the frames of its active liveness challenge when the step has one;
 * `<document_type>_document` for a `business_documents` step).
 * A `selfie_frame` comes with `liveness`: the nonce of the step's open liveness challenge and
 * when the browser took it (ms since the challenge was shown); it is bound to that challenge.
 * @throws DomainError parameter_invalid (`param: "kind"`) for a kind the step does not take;
 *   parameter_missing (`param: "challenge"`) for a frame without `liveness`;
 *   liveness_challenge_invalid (no such open challenge), liveness_frame_replayed (bytes seen before);
 *   acceptUpload's file_too_large (413), file_infected (422), file_type_not_allowed (415),
 *   file_unreadable (422), aadhaar_unreadable (422: an Aadhaar card whose number could not be
 *   masked), scanner_unavailable (503); session_not_editable, step_not_available,
 *   client_token_invalid.
 */
export async function uploadStepFile(
  db: Db,
  ctx: FlowContext,
  input: { step: string; kind: string; bytes: Uint8Array; liveness?: { nonce: string; capturedMs: number } },
): Promise<UploadedFlowFile> {
  const s = await loadEditableSession(db, ctx);
  const step = openStep(s, input.step, UPLOAD_STEP_TYPES);
  const type = stepType(step.type)!;
  const kinds = type.uploadKinds!(type.settings.parse(await stepSettings(db, s, step.name)), s);
  if (!kinds.includes(input.kind)) throw new DomainError("parameter_invalid", `This step does not take files of kind '${input.kind}'.`, { param: "kind" });
  const frame = input.kind === SELFIE_FRAME_KIND;
  if (frame && !input.liveness) throw new DomainError("parameter_missing", "A frame needs its liveness challenge and capture time.", { param: "challenge" });
  const challenge = frame ? await openChallengeFor(db, { sessionId: s.id, step: step.name, nonce: input.liveness!.nonce }) : null;
  const row = await acceptUpload({
    db,
    projectId: s.projectId,
    sessionId: s.id,
    mode: s.mode,
    step: step.name,
    kind: input.kind,
    bytes: input.bytes,
    actor: applicantActor(ctx),
  });
  if (challenge) await bindFrame(db, { challengeId: challenge.id, evidenceFileId: row.id, sha256: row.sha256, capturedMs: input.liveness!.capturedMs });
  return { id: row.id, kind: row.kind, content_type: row.contentType, size: row.size };
}
