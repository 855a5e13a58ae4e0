/**
 * The only Prisma caller for face embeddings (`face_embeddings`): store one per evidence image
 * and model, and search a project's embeddings 1:N for duplicates (the same face in another
 * session). The search scans the project's embeddings of one mode and model in process
 * (~1 ms per 1,000 embeddings of 1024 floats); a project with millions of faces needs a vector
 * index (pgvector) instead.
 */
import type { Db } from "../../db";
import { randomBase62 } from "../../ids";
import type { Tenant } from "../../tenant";
import { decodeEmbedding, encodeEmbedding, faceSimilarity } from "./similarity";

export type FaceSource = "selfie" | "document" | "aadhaar_photo" | "ckyc_photo";

/** Stores (or replaces) the embedding of an evidence image. */
export async function storeFaceEmbedding(
  db: Db,
  tenant: Tenant,
  e: { sessionId: string; evidenceFileId: string; source: FaceSource; model: string; embedding: ArrayLike<number> },
): Promise<void> {
  const embedding = encodeEmbedding(e.embedding);
  await db.faceEmbedding.upsert({
    where: { evidenceFileId_model: { evidenceFileId: e.evidenceFileId, model: e.model } },
    create: {
      id: `fem_${randomBase62(24)}`,
      projectId: tenant.projectId,
      mode: tenant.mode,
      sessionId: e.sessionId,
      evidenceFileId: e.evidenceFileId,
      source: e.source,
      model: e.model,
      embedding,
    },
    update: { embedding, source: e.source },
  });
}

/** A face of another session that resembles the probe. */
export interface FaceDuplicate {
  session_id: string;
  evidence_file_id: string;
  source: string;
  /** `faceSimilarity`, 0..1. */
  similarity: number;
}

/**
 * 1:N search: the faces of the tenant's other sessions at or above `threshold`, the best per
 * session, most similar first.
 * @param excludeSessionId the probe's own session (its selfie and document photo match by design);
 *   null for a probe of no session (a Files API upload): every session is searched.
 */
export async function findFaceDuplicates(
  db: Db,
  tenant: Tenant,
  probe: ArrayLike<number>,
  opts: { model: string; excludeSessionId: string | null; threshold: number; limit?: number },
): Promise<FaceDuplicate[]> {
  const rows = await db.faceEmbedding.findMany({
    where: {
      projectId: tenant.projectId,
      mode: tenant.mode,
      model: opts.model,
      ...(opts.excludeSessionId ? { sessionId: { not: opts.excludeSessionId } } : {}),
    },
    select: { sessionId: true, evidenceFileId: true, source: true, embedding: true },
  });
  const best = new Map<string, FaceDuplicate>();
  for (const r of rows) {
    const e = decodeEmbedding(r.embedding);
    if (e.length !== probe.length) continue;
    const similarity = faceSimilarity(probe, e);
    if (similarity < opts.threshold) continue;
    const prev = best.get(r.sessionId);
    if (!prev || similarity > prev.similarity)
      best.set(r.sessionId, { session_id: r.sessionId, evidence_file_id: r.evidenceFileId, source: r.source, similarity });
  }
  return [...best.values()].sort((a, b) => b.similarity - a.similarity).slice(0, opts.limit ?? 10);
}
