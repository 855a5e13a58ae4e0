/**
 * `in.face.match` / `in.liveness.check` (issue 9): answered by the service's own face models
 * (server/intelligence/face/, @vladmandic/human on TensorFlow.js WASM), in test and live mode
 * alike: no third party sees a face. The evidence files are read within the check's project and
 * mode. The engine is imported on first use, so loading the registry never loads the models.
 * `verified_by: source` as for the other checks the service answers itself (OTP).
 */
import type { TFaceMatchInput, TLivenessCheckInput } from "../checks/catalog";
import { getDb } from "../db";
import { DomainError } from "../errors";
import type { CheckProvider, ProviderResult } from "./provider";

const KEYS = new Set(["in.face.match", "in.liveness.check"]);

export const faceProvider: CheckProvider = {
  name: "face",
  supports: (key) => KEYS.has(key),
  async verify(key, input, context): Promise<ProviderResult> {
    if (!context) throw new Error("in.face.match / in.liveness.check need the check's project and mode");
    const tenant = { projectId: context.projectId, mode: context.mode };
    const { checkEvidenceLiveness, matchEvidenceFaces } = await import("../intelligence/face/face-checks");
    const db = await getDb();
    try {
      if (key === "in.face.match") {
        const i = input as TFaceMatchInput;
        const r = await matchEvidenceFaces(db, tenant, { selfieFileId: i.selfie_file_id, documentFileId: i.document_file_id, threshold: i.threshold });
        const result = {
          similarity: r.similarity,
          threshold: r.threshold,
          selfie_faces: r.selfieFaces,
          document_faces: r.documentFaces,
          duplicates: r.duplicates.map((d) => ({ session_id: d.session_id, similarity: Math.round(d.similarity * 1000) / 1000 })),
        };
        return { status: r.status, errorCode: r.errorCode, score: r.similarity, verifiedBy: "source", result };
      }
      const i = input as TLivenessCheckInput;
      const r = await checkEvidenceLiveness(db, tenant, { selfieFileId: i.selfie_file_id, threshold: i.threshold });
      const result = { score: r.score, antispoof: r.antispoof, liveness: r.liveness, threshold: r.threshold, faces: r.faces, method: "passive" };
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
