/**
 * The verdict on a liveness challenge (issue 15): the frames bound to it (liveness-challenge.ts)
 * through the face models (face-engine.ts: mesh, eye openness, embedding, passive scores), then
 * the pure judge (liveness-judge.ts). Stored on the challenge: judged once.
 */
import type { Db } from "../../../db";
import { DomainError } from "../../../errors";
import type { Tenant } from "../../../tenant";
import { loadEvidenceBytes } from "../../evidence-bytes";
import { analyzeFaces, type DetectedFace, FaceImageUnreadableError, TEXTURE_SIZE } from "../face-engine";
import { faceSimilarity } from "../similarity";
import { type ChallengeFacts, judgeLiveness, type LivenessAction, type LivenessVerdict, type ObservedFrame } from "./liveness-judge";
import { textureSimilarity } from "./texture";

async function facesOf(bytes: Uint8Array): Promise<DetectedFace[]> {
  try {
    return (await analyzeFaces(bytes)).faces;
  } catch (err) {
    if (err instanceof FaceImageUnreadableError) return [];
    throw err;
  }
}

const passiveOf = (f: DetectedFace) => {
  const parts = [f.antispoof, f.liveness].filter((v): v is number => v !== null);
  return parts.length ? parts.reduce((a, b) => a + b, 0) / parts.length : null;
};

/**
 * What the face models see in the frames (in capture order), for the judge: the largest face's
 * mesh, eye openness, similarity to the selfie's face and to the previous frame's face, its
 * texture's correlation with the first face frame's (as it is and mirrored).
 */
export async function observeFrames(selfie: DetectedFace | null, frames: readonly { bytes: Uint8Array; capturedMs: number }[]): Promise<ObservedFrame[]> {
  const out: ObservedFrame[] = [];
  let previous: DetectedFace | null = null;
  let first: DetectedFace | null = null;
  for (const frame of [...frames].sort((a, b) => a.capturedMs - b.capturedMs)) {
    const faces = await facesOf(frame.bytes);
    const f = faces[0];
    if (f) first ??= f;
    out.push({
      capturedMs: frame.capturedMs,
      faces: faces.length,
      face: f
        ? {
            mesh: f.mesh,
            eyeOpenness: f.eyeOpenness,
            similarityToSelfie: selfie ? faceSimilarity(selfie.embedding, f.embedding) : 0,
            similarityToPrevious: previous ? faceSimilarity(previous.embedding, f.embedding) : 1,
            passive: passiveOf(f),
            textureToFirst: textureSimilarity(f.texture, first!.texture, TEXTURE_SIZE),
          }
        : null,
    });
    if (f) previous = f;
  }
  return out;
}

/** The stored verdict of a judged challenge, with its id and actions. */
export type StoredVerdict = LivenessVerdict & { challenge_id: string; attempt: number };

/**
 * Judges a challenge of the tenant's session on its frames and the selfie (once: a judged
 * challenge answers its stored verdict) and closes it to new frames.
 * @throws DomainError resource_missing when the challenge or the selfie is not the tenant's.
 */
export async function judgeChallenge(
  db: Db,
  tenant: Tenant,
  input: { challengeId: string; selfieFileId: string; passiveThreshold: number; now?: Date },
): Promise<StoredVerdict> {
  const row = await db.livenessChallenge.findFirst({
    where: { id: input.challengeId, session: { projectId: tenant.projectId, mode: tenant.mode } },
    include: { frames: { orderBy: { capturedMs: "asc" } } },
  });
  if (!row) throw new DomainError("resource_missing", `No such liveness challenge: '${input.challengeId}'`, { param: "challenge_id" });
  if (row.verdict) return row.verdict as unknown as StoredVerdict;
  const [selfie, ...frames] = await loadEvidenceBytes(db, tenant, [input.selfieFileId, ...row.frames.map((f) => f.evidenceFileId)], row.sessionId);
  const selfieFace = (await facesOf(selfie!.bytes))[0] ?? null;
  const observed = await observeFrames(
    selfieFace,
    frames.map((f, i) => ({ bytes: f.bytes, capturedMs: row.frames[i]!.capturedMs })),
  );
  const facts: ChallengeFacts = {
    actions: row.actions as LivenessAction[],
    frames: observed,
    replayedFrames: row.replayedFrames,
    expired: row.frames.some((f) => f.receivedAt > row.expiresAt),
    passiveThreshold: input.passiveThreshold,
  };
  const verdict: StoredVerdict = { ...judgeLiveness(facts), challenge_id: row.id, attempt: row.attempt };
  await db.livenessChallenge.update({
    where: { id: row.id },
    data: { status: row.status === "open" ? "judged" : row.status, verdict: verdict as never, judgedAt: input.now ?? new Date() },
  });
  return verdict;
}
