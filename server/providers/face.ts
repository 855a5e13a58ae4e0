/**
 * `in.face.match` / `in.liveness.check` (issues 9 and 15): answered by the service's own face models
 * (server/intelligence/face/: @vladmandic/human and dlib's ResNet-34 from @vladmandic/face-api on
 * TensorFlow.js WASM), in test and live mode
 * alike: no third party sees a face. The evidence files are read within the check's project and
 * mode. The engine is imported on first use, so loading the registry never loads the models.
 * `verified_by: source` as for the other checks the service answers itself (OTP).
 *
 * The face match's reference photo follows `compare_with` (server/intelligence/face/face-checks.ts
 * `sessionReferencePhotos`); while the session's Aadhaar check, which stores the UIDAI photo, has
 * not finished, the provider answers "unavailable" so that the pipeline retries it with backoff.
 */
import type { TFaceMatchInput, TLivenessCheckInput } from "../checks/catalog";
import { getDb } from "../db";
import { DomainError } from "../errors";
import { type CheckProvider, ProviderUnavailableError, type ProviderResult } from "./provider";

const KEYS = new Set(["in.face.match", "in.liveness.check"]);

export const faceProvider: CheckProvider = {
  name: "face",
  supports: (key) => KEYS.has(key),
  async verify(key, input, context): Promise<ProviderResult> {
    if (!context) throw new Error("in.face.match / in.liveness.check need the check's project and mode");
    const tenant = { projectId: context.projectId, mode: context.mode };
    const { matchEvidenceFaces, sessionReferencePhotos } = await import("../intelligence/face/face-checks");
    const db = await getDb();
    try {
      if (key === "in.face.match") {
        const i = input as TFaceMatchInput;
        const refs = await sessionReferencePhotos(db, tenant, {
          sessionId: context.sessionId,
          compareWith: i.compare_with ?? "document",
          documentFileId: i.document_file_id,
        });
        // the Aadhaar check runs in parallel and stores the UIDAI photo when it finishes: ask again shortly
        if (refs.waiting) throw new ProviderUnavailableError("provider_unavailable", "waiting for the session's Aadhaar check (its photo is the reference)");
        const r = await matchEvidenceFaces(db, tenant, { selfieFileId: i.selfie_file_id, referenceFileIds: refs.fileIds, threshold: i.threshold });
        const result = {
          similarity: r.similarity,
          threshold: r.threshold,
          reference: r.reference,
          // with face_quality_low: which image's face is unfit to compare, and why
          quality: r.quality,
          selfie_faces: r.selfieFaces,
          document_faces: r.documentFaces,
          duplicates: r.duplicates.map((d) => ({ session_id: d.session_id, similarity: Math.round(d.similarity * 1000) / 1000 })),
        };
        return { status: r.status, errorCode: r.errorCode, score: r.similarity, verifiedBy: "source", result };
      }
      const i = input as TLivenessCheckInput;
      const { checkLiveness } = await import("../intelligence/face/liveness/liveness-check");
      // frames a backend sends without a server-issued challenge prove nothing: challenge_required
      const r = await checkLiveness(db, tenant, { selfieFileId: i.selfie_file_id, threshold: i.threshold, challengeId: i.challenge_id });
      const result = {
        score: r.score,
        antispoof: r.antispoof,
        liveness: r.liveness,
        threshold: r.threshold,
        faces: r.faces,
        method: r.challenge ? "active" : "passive",
        // the judge's verdict in the API's snake_case
        challenge: r.challenge && (({ errorCode, ...verdict }) => ({ ...verdict, error_code: errorCode }))(r.challenge),
      };
      return { status: r.status, errorCode: r.errorCode, score: r.score, verifiedBy: "source", result };
    } catch (err) {
      // a file id that is not the tenant's is an answer about the input, not an outage
      if (err instanceof DomainError && err.code === "resource_missing") {
        return { status: "failed", errorCode: "evidence_not_found", score: null, verifiedBy: "source", result: { param: err.param ?? null } };
      }
      throw err;
    }
  },
};
