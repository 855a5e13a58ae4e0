/**
 * Queues the CKYC upload of an approved session (server/ckyc/ckyc-upload.ts does the upload):
 * called by server/sessions/session-state.ts in the approval's transaction. Kept apart from the
 * upload itself so that the session state machine does not depend on the providers.
 */
import type { Tx } from "../db";
import { ckycUploadRequested } from "../events/internal-events";
import { enqueue } from "../events/outbox";
import type { Mode } from "../generated/prisma/enums";
import { newId } from "../ids";

/** The RBI window: the record is uploaded within 7 days of onboarding (the approval). */
export const CKYC_UPLOAD_WINDOW_MS = 7 * 24 * 3600 * 1000;
/**
 * Queues the CKYC upload of a session that was just approved, in the approval's transaction,
 * when its workflow has a `ckyc` step (the project took the CKYC route). Once per session.
 */
export async function queueCkycUpload(tx: Tx, session: { id: string; projectId: string; mode: Mode }, approvedAt: Date): Promise<void> {
  const ckycStep = await tx.sessionStep.findFirst({ where: { sessionId: session.id, type: "ckyc" }, select: { name: true } });
  if (!ckycStep) return;
  const exists = await tx.ckycUpload.findUnique({ where: { sessionId: session.id }, select: { id: true } });
  if (exists) return;
  const id = newId("ckycUpload");
  await tx.ckycUpload.create({
    data: { id, projectId: session.projectId, mode: session.mode, sessionId: session.id, deadlineAt: new Date(approvedAt.getTime() + CKYC_UPLOAD_WINDOW_MS) },
  });
  await enqueue(tx, ckycUploadRequested, { uploadId: id, projectId: session.projectId, mode: session.mode });
}
