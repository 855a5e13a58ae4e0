/**
 * Reads the original bytes of evidence files for the intelligence functions, scoped to one
 * tenant (and session when given): a file of another project or mode is "not found". The files
 * are hosted-flow evidence and Files API uploads alike (`POST /v1/files`, server/files/).
 */
import type { Db } from "../db";
import { notFound } from "../errors";
import { blobStore } from "../evidence/blob-store";
import type { Tenant } from "../tenant";

export interface EvidenceBytes {
  id: string;
  /** null for a Files API upload attached to no session. */
  sessionId: string | null;
  kind: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * @param ids evidence file ids (`file_...`), returned in this order.
 * @throws DomainError resource_missing (param `evidence_file_ids`) when a file does not exist
 *   for the tenant (or session), or its blob is gone (erased).
 */
export async function loadEvidenceBytes(db: Db, tenant: Tenant, ids: readonly string[], sessionId?: string | null): Promise<EvidenceBytes[]> {
  const rows = await db.evidenceFile.findMany({
    where: { id: { in: [...ids] }, projectId: tenant.projectId, mode: tenant.mode, ...(sessionId ? { sessionId } : {}) },
    select: { id: true, sessionId: true, kind: true, contentType: true, storageKey: true },
  });
  const store = blobStore();
  return Promise.all(
    ids.map(async (id) => {
      const row = rows.find((r) => r.id === id);
      const bytes = row ? await store.get(row.storageKey) : null;
      if (!row || !bytes) throw notFound("evidence file", id, "evidence_file_ids");
      return { id, sessionId: row.sessionId, kind: row.kind, contentType: row.contentType, bytes };
    }),
  );
}
