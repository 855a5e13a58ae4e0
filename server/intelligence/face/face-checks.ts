/**
 * The face checks' domain logic (issue 9), used by the `face` provider (server/providers/face.ts):
 * - face match: the selfie against the photo of an identity document, or against the photo
 *   inside a UIDAI-signed offline e-KYC (stored as evidence `aadhaar_photo` by the Aadhaar check);
 *   a similarity score (server/intelligence/face/similarity.ts) against a per-workflow threshold;
 *   the selfie's embedding is stored and searched 1:N within the project for duplicates;
 * - passive liveness: the anti-spoofing and liveness models' scores on the selfie, a signal for
 *   `in.liveness.check`, which rests on the server's active challenge (./liveness/).
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
  | "liveness_low";

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
