/**
 * The face checks' domain logic (issue 9), used by the `face` provider (server/providers/face.ts):
 * - face match: the selfie against the photo of an identity document, or against the photo
 *   inside a UIDAI-signed offline e-KYC (stored as evidence `aadhaar_photo` by the Aadhaar check);
 *   a similarity score (server/intelligence/face/similarity.ts) against a per-workflow threshold;
 *   the selfie's embedding is stored and searched 1:N within the project for duplicates;
 * - liveness: the anti-spoofing and liveness models' scores on the selfie (passive) and, when the
 *   workflow asks for an active challenge, the head turn or blink seen in the frames the flow took
 *   during it (verified here, on the server: a verdict of the browser could be forged).
 * Pure scoring (`scoreFaceMatch`, `scoreLiveness`) is separate from loading and storing, so the
 * bench and tests run it on fixture bytes.
 */
import type { Db } from "../../db";
import type { Tenant } from "../../tenant";
import { loadEvidenceBytes } from "../evidence-bytes";
import { asImage } from "../pdf-page";
import { analyzeFaces, type DetectedFace, FACE_MODEL, type FaceAnalysis, FaceImageUnreadableError } from "./face-engine";
import { type FaceDuplicate, findFaceDuplicates, type FaceSource, storeFaceEmbedding } from "./face-embeddings.queries";
import { type FaceQualityIssue, faceQualityIssue } from "./face-quality";
import { DEFAULT_FACE_MATCH_THRESHOLD, DEFAULT_LIVENESS_THRESHOLD, FACE_DUPLICATE_THRESHOLD, FACE_MATCH_REVIEW_BAND } from "./face-thresholds";
import { faceSimilarity } from "./similarity";

/** Error codes of the face checks (`check.error_code`). */
export type FaceErrorCode =
  | "face_not_found"
  | "document_face_not_found"
  | "multiple_faces"
  | "face_mismatch"
  | "face_quality_low"
  | "face_duplicate"
  | "face_image_unreadable"
  | "reference_photo_missing"
  | "liveness_low"
  | "liveness_challenge_failed"
  | "liveness_face_changed";

/** Which image a quality problem was found on, and what it is (`face_quality_low`). */
export interface FaceQualityFinding {
  image: "selfie" | "document";
  reason: FaceQualityIssue;
}

export interface FaceMatchScore {
  status: "passed" | "failed" | "needs_review";
  errorCode: FaceErrorCode | null;
  /** faceSimilarity of the selfie's largest face and the document's largest face (0..1); null when a face is missing. */
  similarity: number | null;
  threshold: number;
  /** Set with `face_quality_low`: the face that failed the quality gate and why. */
  quality: FaceQualityFinding | null;
  selfieFaces: number;
  documentFaces: number;
  /** The embedding of the selfie's face (stored for the duplicate search). */
  selfieEmbedding: Float32Array | null;
  documentEmbedding: Float32Array | null;
}

async function analyze(bytes: Uint8Array): Promise<FaceAnalysis | "unreadable"> {
  try {
    return await analyzeFaces(bytes);
  } catch (err) {
    if (err instanceof FaceImageUnreadableError) return "unreadable";
    throw err;
  }
}

/**
 * The face match verdict for two faces already found (pure; the bench runs it on cached faces):
 * - similarity >= `thresholds.pass` -> `passed`, unless the selfie shows more than one face
 *   (`needs_review` `multiple_faces`: a held-up photo, or a helper);
 * - a face that fails the quality gate (face-quality.ts) and does not pass -> `needs_review`
 *   `face_quality_low` with the reason (its low score says nothing about the person);
 * - >= `thresholds.review` -> `needs_review` `face_mismatch`; lower -> `failed` `face_mismatch`.
 * @param thresholds similarity thresholds (FACE_MATCH_THRESHOLDS: FMR 0.1 % and 1 % of the bench).
 * @param selfieFaces how many faces the selfie shows.
 */
export function decideFaceMatch(
  selfie: Pick<DetectedFace, "embedding" | "quality" | "pose">,
  document: Pick<DetectedFace, "embedding" | "quality" | "pose">,
  thresholds: { pass: number; review: number },
  selfieFaces: number,
): { status: FaceMatchScore["status"]; errorCode: FaceErrorCode | null; similarity: number; quality: FaceQualityFinding | null } {
  const similarity = Math.round(faceSimilarity(selfie.embedding, document.embedding) * 1000) / 1000;
  if (similarity >= thresholds.pass) {
    return selfieFaces > 1
      ? { status: "needs_review", errorCode: "multiple_faces", similarity, quality: null }
      : { status: "passed", errorCode: null, similarity, quality: null };
  }
  const selfieIssue = faceQualityIssue(selfie);
  const documentIssue = faceQualityIssue(document);
  const quality: FaceQualityFinding | null = selfieIssue
    ? { image: "selfie", reason: selfieIssue }
    : documentIssue
      ? { image: "document", reason: documentIssue }
      : null;
  if (quality) return { status: "needs_review", errorCode: "face_quality_low", similarity, quality };
  return { status: similarity >= thresholds.review ? "needs_review" : "failed", errorCode: "face_mismatch", similarity, quality: null };
}

/**
 * Scores a selfie against a document photo.
 * - either image undecodable -> `failed` `face_image_unreadable` (JPEG 2000 decodes: the photo
 *   of an Aadhaar Secure QR or offline e-KYC);
 * - no face in the selfie -> `failed` `face_not_found`; none on the document -> `failed`
 *   `document_face_not_found`;
 * - then `decideFaceMatch` with `threshold` as the pass threshold and FACE_MATCH_REVIEW_BAND below
 *   it as the review threshold.
 * @param threshold 0..1, default DEFAULT_FACE_MATCH_THRESHOLD.
 */
export async function scoreFaceMatch(selfie: Uint8Array, document: Uint8Array, threshold = DEFAULT_FACE_MATCH_THRESHOLD): Promise<FaceMatchScore> {
  const [s, d] = [await analyze(selfie), await analyze(document)];
  const base = { threshold, similarity: null, quality: null, selfieEmbedding: null, documentEmbedding: null };
  if (s === "unreadable" || d === "unreadable") return { ...base, status: "failed", errorCode: "face_image_unreadable", selfieFaces: 0, documentFaces: 0 };
  const counts = { selfieFaces: s.faces.length, documentFaces: d.faces.length };
  const sf = s.faces[0];
  const df = d.faces[0];
  if (!sf) return { ...base, ...counts, status: "failed", errorCode: "face_not_found", documentEmbedding: df?.embedding ?? null };
  if (!df) return { ...base, ...counts, status: "failed", errorCode: "document_face_not_found", selfieEmbedding: sf.embedding };
  const verdict = decideFaceMatch(sf, df, { pass: threshold, review: threshold - FACE_MATCH_REVIEW_BAND }, s.faces.length);
  return { ...counts, threshold, ...verdict, selfieEmbedding: sf.embedding, documentEmbedding: df.embedding };
}

export interface LivenessScore {
  status: "passed" | "failed" | "needs_review";
  errorCode: FaceErrorCode | null;
  /** Mean of `antispoof` and `liveness`, 0..1; null without a face. */
  score: number | null;
  antispoof: number | null;
  liveness: number | null;
  threshold: number;
  faces: number;
}

/**
 * Passive liveness of a selfie: the `antispoof` (real face vs. photo/screen) and `liveness`
 * models of @vladmandic/human on the largest face; the score is their mean.
 * - no face -> `failed` `face_not_found`; undecodable -> `failed` `face_image_unreadable`;
 * - score >= threshold -> `passed`; below -> `needs_review` `liveness_low` (a still image alone is
 *   weak evidence either way: a reviewer looks, or the flow asks for the active challenge).
 */
export async function scoreLiveness(selfie: Uint8Array, threshold = DEFAULT_LIVENESS_THRESHOLD): Promise<LivenessScore> {
  return livenessOf(await analyze(selfie), threshold);
}

/** `scoreLiveness` of a selfie already analysed. */
function livenessOf(a: FaceAnalysis | "unreadable", threshold = DEFAULT_LIVENESS_THRESHOLD): LivenessScore {
  if (a === "unreadable") return { status: "failed", errorCode: "face_image_unreadable", score: null, antispoof: null, liveness: null, threshold, faces: 0 };
  const f = a.faces[0];
  if (!f) return { status: "failed", errorCode: "face_not_found", score: null, antispoof: null, liveness: null, threshold, faces: 0 };
  const parts = [f.antispoof, f.liveness].filter((v): v is number => v !== null);
  const score = parts.length ? Math.round((parts.reduce((x, y) => x + y, 0) / parts.length) * 1000) / 1000 : null;
  const base = { score, antispoof: f.antispoof, liveness: f.liveness, threshold, faces: a.faces.length };
  if (score === null || score < threshold) return { ...base, status: "needs_review", errorCode: "liveness_low" };
  return { ...base, status: "passed", errorCode: null };
}

/** What the face match check answers (`check.result`). No embeddings, no image data. */
export interface FaceMatchOutcome extends Omit<FaceMatchScore, "selfieEmbedding" | "documentEmbedding"> {
  /** Other sessions of the project with a face at or above the threshold (1:N). */
  duplicates: FaceDuplicate[];
  /** What the selfie was compared with: `document` or `aadhaar_photo`; null when there was nothing to compare with. */
  reference: FaceSource | null;
}

const sourceOf = (kind: string): FaceSource => (kind === "aadhaar_photo" || kind === "ckyc_photo" ? kind : kind.includes("selfie") ? "selfie" : "document");

/** Reference failures that let `compare_with: "any"` try the next reference photo. */
const TRY_NEXT: readonly (FaceErrorCode | null)[] = ["face_image_unreadable", "document_face_not_found"];

/**
 * Runs the face match of a selfie against reference photos (evidence files of the tenant), in
 * order: the first reference that decodes and shows a face decides. Stores the embeddings
 * (FACE_MODEL) and searches the project's other sessions' embeddings of the same model for the
 * selfie's face, at the match threshold or FACE_DUPLICATE_THRESHOLD, whichever is higher; a
 * passing match with duplicates becomes `needs_review` `face_duplicate`. No reference ->
 * `failed` `reference_photo_missing`.
 * @throws DomainError resource_missing when a file is not the tenant's.
 */
export async function matchEvidenceFaces(
  db: Db,
  tenant: Tenant,
  input: { selfieFileId: string; referenceFileIds: readonly string[]; threshold?: number },
): Promise<FaceMatchOutcome> {
  const threshold = input.threshold ?? DEFAULT_FACE_MATCH_THRESHOLD;
  const [selfie, ...references] = await loadEvidenceBytes(db, tenant, [input.selfieFileId, ...input.referenceFileIds]);
  let score: FaceMatchScore | null = null;
  let reference: (typeof references)[number] | null = null;
  for (const candidate of references) {
    reference = candidate;
    score = await scoreFaceMatch(selfie!.bytes, await documentImage(candidate.bytes), threshold);
    if (!TRY_NEXT.includes(score.errorCode)) break;
  }
  if (!score || !reference) {
    return {
      status: "failed",
      errorCode: "reference_photo_missing",
      similarity: null,
      threshold,
      quality: null,
      selfieFaces: 0,
      documentFaces: 0,
      duplicates: [],
      reference: null,
    };
  }
  const { selfieEmbedding, documentEmbedding, ...answer } = score;
  for (const [file, embedding, source] of [
    [selfie!, selfieEmbedding, "selfie"],
    [reference, documentEmbedding, sourceOf(reference.kind)],
  ] as const) {
    // embeddings are kept per session (erased with it); a Files API upload of no session keeps none
    if (embedding && file.sessionId)
      await storeFaceEmbedding(db, tenant, { sessionId: file.sessionId, evidenceFileId: file.id, source, model: FACE_MODEL, embedding });
  }
  const duplicates = selfieEmbedding
    ? await findFaceDuplicates(db, tenant, selfieEmbedding, {
        model: FACE_MODEL,
        excludeSessionId: selfie!.sessionId,
        threshold: Math.max(score.threshold, FACE_DUPLICATE_THRESHOLD),
      })
    : [];
  const outcome: FaceMatchOutcome = { ...answer, duplicates, reference: sourceOf(reference.kind) };
  if (outcome.status === "passed" && duplicates.length > 0) return { ...outcome, status: "needs_review", errorCode: "face_duplicate" };
  return outcome;
}

/** A document image for face detection: page 1 of a PDF, else the bytes (undecodable bytes fail in `scoreFaceMatch`). */
async function documentImage(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    return await asImage(bytes);
  } catch {
    return bytes;
  }
}

/**
 * The reference photos of a session's selfie, in the order to try them (`compare_with`):
 * `aadhaar` the photo of the session's UIDAI-signed offline e-KYC (evidence `aadhaar_photo`
 * stored by a passed Aadhaar check) or of its CKYC record (evidence `ckyc_photo` stored by a passed
 * `in.ckyc.download`); `document` the given document image; `any` both, the registry photo first.
 * @returns the file ids, and `waiting: true` when the Aadhaar photo may still come (an Aadhaar
 *   check of the session has not finished): the caller retries later.
 */
export async function sessionReferencePhotos(
  db: Db,
  tenant: Tenant,
  input: { sessionId: string | null; compareWith: "document" | "aadhaar" | "any"; documentFileId?: string },
): Promise<{ fileIds: string[]; waiting: boolean }> {
  const document = input.compareWith !== "aadhaar" && input.documentFileId ? [input.documentFileId] : [];
  if (input.compareWith === "document" || !input.sessionId) return { fileIds: document, waiting: false };
  const photo = await db.evidenceFile.findFirst({
    where: { sessionId: input.sessionId, projectId: tenant.projectId, session: { mode: tenant.mode }, kind: { in: ["aadhaar_photo", "ckyc_photo"] } },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  const open = photo
    ? 0
    : await db.check.count({
        where: {
          sessionId: input.sessionId,
          projectId: tenant.projectId,
          mode: tenant.mode,
          OR: [{ checkKey: { startsWith: "in.aadhaar." } }, { checkKey: "in.ckyc.download" }],
          status: { in: ["pending", "running"] },
        },
      });
  return { fileIds: [...(photo ? [photo.id] : []), ...document], waiting: open > 0 };
}

/** Fewest frames showing a face for an active challenge to count. */
export const CHALLENGE_MIN_FACE_FRAMES = 3;
/** A head turn: the yaw of the frames spans at least this many degrees (left to right). */
export const HEAD_TURN_MIN_DEGREES = 20;
/** A blink: some frame's eye openness is below CLOSED and another's above OPEN (Human's blink gesture: < 0.2). */
export const EYES_CLOSED_BELOW = 0.2;
export const EYES_OPEN_ABOVE = 0.28;

/** What one challenge frame showed (its largest face). */
export interface ChallengeFrame {
  yaw: number | null;
  eyeOpenness: number | null;
  /** faceSimilarity with the selfie's face, 0..1. */
  similarity: number;
}

export interface ChallengeVerdict {
  passed: boolean;
  /** `liveness_challenge_failed` (not enough faces or no movement), `liveness_face_changed` (another face in the frames); null when passed. */
  errorCode: "liveness_challenge_failed" | "liveness_face_changed" | null;
  face_frames: number;
  /** turn_head: max - min yaw in degrees. */
  yaw_range: number | null;
  /** blink: lowest and highest eye openness. */
  eye_openness: { min: number; max: number } | null;
}

/**
 * Judges an active challenge from the frames' faces (pure; server-side, since a browser-only
 * verdict could be forged). Every frame's face must be the selfie's (similarity >= the face
 * match threshold); `turn_head` needs a yaw span of HEAD_TURN_MIN_DEGREES, `blink` closed and
 * open eyes among the frames.
 * @param frames one entry per frame in which a face was found.
 */
export function judgeChallenge(
  challenge: "turn_head" | "blink",
  frames: readonly ChallengeFrame[],
  sameFaceThreshold = DEFAULT_FACE_MATCH_THRESHOLD,
): ChallengeVerdict {
  const yaws = frames.map((f) => f.yaw).filter((v): v is number => v !== null);
  const eyes = frames.map((f) => f.eyeOpenness).filter((v): v is number => v !== null);
  const yaw_range = yaws.length ? Math.round((Math.max(...yaws) - Math.min(...yaws)) * 10) / 10 : null;
  const eye_openness = eyes.length ? { min: Math.min(...eyes), max: Math.max(...eyes) } : null;
  const base = {
    face_frames: frames.length,
    yaw_range: challenge === "turn_head" ? yaw_range : null,
    eye_openness: challenge === "blink" ? eye_openness : null,
  };
  if (frames.length < CHALLENGE_MIN_FACE_FRAMES) return { ...base, passed: false, errorCode: "liveness_challenge_failed" };
  if (frames.some((f) => f.similarity < sameFaceThreshold)) return { ...base, passed: false, errorCode: "liveness_face_changed" };
  const moved =
    challenge === "turn_head"
      ? yaw_range !== null && yaw_range >= HEAD_TURN_MIN_DEGREES
      : eye_openness !== null && eye_openness.min < EYES_CLOSED_BELOW && eye_openness.max > EYES_OPEN_ABOVE;
  return { ...base, passed: moved, errorCode: moved ? null : "liveness_challenge_failed" };
}

/**
 * Judges an active challenge on the frames' images (`judgeChallenge`): each frame's largest face,
 * compared with `reference` (the embedding of the selfie's face); frames without a readable face
 * are left out. Without a reference no frame counts (`liveness_challenge_failed`).
 */
export async function judgeChallengeFrames(
  challenge: "turn_head" | "blink",
  reference: Float32Array | null,
  frames: readonly Uint8Array[],
): Promise<ChallengeVerdict> {
  const seen: ChallengeFrame[] = [];
  if (!reference) return judgeChallenge(challenge, seen);
  for (const frame of frames) {
    const a = await analyze(frame);
    const f = a === "unreadable" ? undefined : a.faces[0];
    if (f) seen.push({ yaw: f.pose?.yaw ?? null, eyeOpenness: f.eyeOpenness, similarity: faceSimilarity(reference, f.embedding) });
  }
  return judgeChallenge(challenge, seen);
}

/** The liveness check's answer: the passive score, and the active challenge's verdict when there was one. */
export interface LivenessOutcome extends LivenessScore {
  challenge: ({ type: "turn_head" | "blink"; frames: number } & ChallengeVerdict) | null;
}

/**
 * Liveness of a selfie evidence file of the tenant: the passive score (`scoreLiveness`) and,
 * with `challenge`, the verdict on the challenge's frames (`judgeChallenge`). A failed challenge
 * turns a passing selfie into `needs_review` with the challenge's error code (a reviewer sees
 * the frames); a failing passive result keeps its own status and code.
 * @throws DomainError resource_missing when a file is not the tenant's.
 */
export async function checkEvidenceLiveness(
  db: Db,
  tenant: Tenant,
  input: { selfieFileId: string; threshold?: number; challenge?: "turn_head" | "blink"; frameFileIds?: readonly string[] },
): Promise<LivenessOutcome> {
  const [selfie, ...frames] = await loadEvidenceBytes(db, tenant, [input.selfieFileId, ...(input.frameFileIds ?? [])]);
  // the selfie is analysed once: for the passive score and as the challenge frames' reference face
  const selfieFaces = await analyze(selfie!.bytes);
  const passive = livenessOf(selfieFaces, input.threshold);
  if (!input.challenge) return { ...passive, challenge: null };
  const reference = selfieFaces === "unreadable" ? null : (selfieFaces.faces[0]?.embedding ?? null);
  const verdict = await judgeChallengeFrames(
    input.challenge,
    reference,
    frames.map((f) => f.bytes),
  );
  const challenge = { type: input.challenge, frames: frames.length, ...verdict };
  if (passive.status === "passed" && !verdict.passed) return { ...passive, status: "needs_review", errorCode: verdict.errorCode, challenge };
  return { ...passive, challenge };
}
