/**
 * `selfie`: a live photo from the front camera and, with an active liveness challenge, the frames
 * taken during it. Checks: `in.face.match` when enabled (see `faceMatchEnabled`), then
 * `in.liveness.check` when passive or active liveness is on; thresholds and the challenge come
 * from the settings.
 *
 * The selfie's reference photo: the first side of the session's identity document with a photo
 * (`document_file_id`) and, with `compare_with: "aadhaar" | "any"`, the photo inside the
 * UIDAI-signed offline e-KYC, which only exists once the Aadhaar check ran; so the face provider
 * resolves it when it runs (server/intelligence/face/face-checks.ts `matchSessionFaces`).
 */
import { DomainError } from "../../errors";
import { defineStep, type PlannedCheck, type StoredStep } from "../step-type";
import { SELFIE_FRAME_KIND, type TSelfieSettings, ZSelfieSettings, ZSelfieStepInput } from "./selfie.schemas";

/** Document types that carry the holder's photo, on their first side (front / data page). */
const DOCUMENTS_WITH_PHOTO = new Set(["pan_card", "aadhaar_card", "passport", "voter_id", "driving_licence"]);

/**
 * Whether the selfie is compared with a reference photo: the step's `face_match.enabled`, or
 * when unset, whether the workflow has a step that yields one (`documents`, `aadhaar`, `digilocker` or `ckyc`).
 */
export function faceMatchEnabled(settings: TSelfieSettings, stepTypes: readonly string[]): boolean {
  return settings.face_match.enabled ?? stepTypes.some((t) => t === "documents" || t === "aadhaar" || t === "digilocker" || t === "ckyc");
}

/** The photo side of the session's first submitted identity document with a photo, or undefined. */
function documentPhotoFile(steps: readonly StoredStep[]): string | undefined {
  for (const st of steps) {
    const d = (st.data ?? {}) as { document_type?: unknown; files?: unknown };
    if (st.type === "documents" && typeof d.document_type === "string" && DOCUMENTS_WITH_PHOTO.has(d.document_type) && Array.isArray(d.files)) {
      const first: unknown = d.files[0];
      if (typeof first === "string") return first;
    }
  }
  return undefined;
}

export const selfieStep = defineStep({
  type: "selfie",
  label: "Selfie",
  description: "A live photo from the front camera, compared with the documents.",
  for: ["kyc"],
  settings: ZSelfieSettings,
  input: () => ZSelfieStepInput,
  /**
   * @throws DomainError parameter_invalid: `file_required` unless the files are this step's
   *   uploads (`selfie`, then `selfie_frame` each), `liveness_frames_required` (`param: "frames"`)
   *   when the settings ask an active challenge and no frames came.
   */
  async submit({ settings, input, checkFiles }) {
    await checkFiles(input.files, ["selfie"]);
    const challenge = settings.liveness.active;
    if (challenge === "none") return { data: { files: input.files }, method: "camera" };
    const frames = input.frames ?? [];
    if (!frames.length) throw new DomainError("parameter_invalid", "liveness_frames_required", { param: "frames" });
    await checkFiles(
      frames,
      frames.map(() => SELFIE_FRAME_KIND),
    );
    return { data: { files: input.files, frames, challenge }, method: "camera" };
  },
  plannedChecks({ settings: cfg, data: d, steps }) {
    const selfie = Array.isArray(d.files) ? (d.files[0] as unknown) : undefined;
    const checks: PlannedCheck[] = [];
    if (
      faceMatchEnabled(
        cfg,
        steps.map((st) => st.type),
      )
    ) {
      const documentFile = cfg.face_match.compare_with === "aadhaar" ? undefined : documentPhotoFile(steps);
      checks.push({
        key: "in.face.match",
        input: {
          selfie_file_id: selfie,
          ...(documentFile ? { document_file_id: documentFile } : {}),
          compare_with: cfg.face_match.compare_with,
          threshold: cfg.face_match.threshold,
        },
      });
    }
    const { passive, active, threshold } = cfg.liveness;
    if (passive || active !== "none") {
      // active only: the passive score is recorded but never decides (threshold 0)
      checks.push({
        key: "in.liveness.check",
        input: {
          selfie_file_id: selfie,
          threshold: passive ? threshold : 0,
          ...(active !== "none" ? { challenge: active, frame_file_ids: d.frames ?? [] } : {}),
        },
      });
    }
    return checks;
  },
  uploadKinds: (settings) => (settings.liveness.active === "none" ? ["selfie"] : ["selfie", SELFIE_FRAME_KIND]),
});
