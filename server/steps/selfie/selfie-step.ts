/**
 * `selfie`: a live photo from the front camera and, with the active liveness challenge (the
 * default), the challenge the server issued for it (server/intelligence/face/liveness/; the flow
 * posts its frames to it). Checks: `in.face.match` when enabled (see `faceMatchEnabled`), then
 * `in.liveness.check` when the active challenge is on (`liveness.active: none` plans no liveness
 * check: passive scores alone prove nothing); thresholds come from the settings.
 *
 * The selfie's reference photo: the first side of the session's identity document with a photo
 * (`document_file_id`) and, with `compare_with: "aadhaar" | "any"`, the photo inside the
 * UIDAI-signed offline e-KYC, which only exists once the Aadhaar check ran; so the face provider
 * resolves it when it runs (server/intelligence/face/face-checks.ts `matchSessionFaces`).
 */
import { DomainError } from "../../errors";
import { takeChallenge } from "../../intelligence/face/liveness/liveness-challenge";
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
   * @throws DomainError parameter_invalid: `file_required` unless the file is this step's
   *   `selfie` upload; `liveness_challenge_required` (`param: "challenge_id"`) when the settings
   *   ask for the active challenge and no challenge of this step that is still unused came.
   */
  async submit({ db, session, step, settings, input, checkFiles }) {
    await checkFiles(input.files, ["selfie"]);
    if (settings.liveness.active === "none") return { data: { files: input.files }, method: "camera" };
    if (!input.challenge_id) throw new DomainError("parameter_invalid", "liveness_challenge_required", { param: "challenge_id" });
    await takeChallenge(db, { sessionId: session.id, step: step.name, challengeId: input.challenge_id });
    return { data: { files: input.files, challenge_id: input.challenge_id }, method: "camera" };
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
    // liveness rests on the challenge (issue 15): without one there is nothing a check could prove
    // (a passive score alone is never `passed`), so none is planned; `passive` adds the models'
    // score as a signal that can lower a held challenge to needs_review (threshold 0: recorded only)
    if (active !== "none") {
      checks.push({ key: "in.liveness.check", input: { selfie_file_id: selfie, threshold: passive ? threshold : 0, challenge_id: d.challenge_id } });
    }
    return checks;
  },
  uploadKinds: (settings) => (settings.liveness.active === "none" ? ["selfie"] : ["selfie", SELFIE_FRAME_KIND]),
});
