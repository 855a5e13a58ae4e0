/** PII erasure of issue 9's tables: face embeddings (biometric) and document extractions. */
import type { Tx } from "../db";

/**
 * Deletes a session's face embeddings and document extractions; called by
 * server/sessions/session-actions.ts `eraseSessionPii` inside its transaction.
 */
export async function eraseIntelligencePii(tx: Tx, sessionId: string): Promise<void> {
  await tx.faceEmbedding.deleteMany({ where: { sessionId } });
  await tx.documentExtraction.deleteMany({ where: { sessionId } });
}
