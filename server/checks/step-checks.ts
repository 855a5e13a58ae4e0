/**
 * Which checks a submitted step produces: the session pipeline's map from workflow step types to
 * catalog checks (server/checks/catalog.ts). The step data is what the hosted flow stored for the
 * step (server/flow/step-inputs.ts); each planned input is parsed again by the check's own input
 * schema when the check is prepared (server/checks/run-check.ts).
 *
 * | step type | data | checks |
 * |---|---|---|
 * | `pan` | `{ pan, name, dob }` | `in.pan.verify`; plus `in.pan.aadhaar_link` when the step's settings say `aadhaar_link: true` and the holder is an individual |
 * | `aadhaar` | `{ method: "offline_ekyc", zip_base64, share_code }` or `{ method: "secure_qr", qr_payload }` | `in.aadhaar.offline_ekyc` or `in.aadhaar.secure_qr` |
 * | `phone` | `{ phone, challenge_id }` | `in.phone.verify` |
 * | `email` | `{ email, challenge_id }` | `in.email.verify` |
 * | `documents` | `{ document_type, files: [file_...], fields, extraction_id? }` | `in.document.review` (provider `manual`: a reviewer decides) |
 * | `selfie` | `{ files: [file_...], frames?: [file_...] }` | `in.face.match` when enabled (see `faceMatchEnabled`), then `in.liveness.check` when passive or active liveness is on |
 * | KYB steps (`business_details`, `business_documents`, `key_people`, `bank_account`) | | server/kyb/kyb-checks.ts |
 * | `consent`, `review`, others | | none |
 *
 * The selfie's reference photo: the first side of the session's identity document with a photo
 * (`document_file_id`) and, with `compare_with: "aadhaar" | "any"`, the photo inside the
 * UIDAI-signed offline e-KYC, which only exists once the Aadhaar check ran; so the face provider
 * resolves it when it runs (server/intelligence/face/face-checks.ts `matchSessionFaces`).
 */
import { kybChecksForStep } from "../kyb/kyb-checks";
import { type TSelfieSettings, ZPanSettings, ZSelfieSettings } from "../workflows/workflow.schemas";

export interface PlannedCheck {
  /** Country check key of the catalog. */
  key: string;
  input: Record<string, unknown>;
}

/** The other steps of the session, for checks that compare across steps (the selfie with the document photo). */
export interface SessionStepsContext {
  steps: readonly { type: string; data: unknown }[];
}

/** Document types that carry the holder's photo, on their first side (front / data page). */
const DOCUMENTS_WITH_PHOTO = new Set(["pan_card", "aadhaar_card", "passport", "voter_id", "driving_licence"]);

/**
 * Whether the selfie is compared with a reference photo: the step's `face_match.enabled`, or
 * when unset, whether the workflow has a step that yields one (`documents` or `aadhaar`).
 */
export function faceMatchEnabled(settings: TSelfieSettings, stepTypes: readonly string[]): boolean {
  return settings.face_match.enabled ?? stepTypes.some((t) => t === "documents" || t === "aadhaar");
}

/** The photo side of the session's first submitted identity document with a photo, or undefined. */
function documentPhotoFile(steps: SessionStepsContext["steps"]): string | undefined {
  for (const st of steps) {
    const d = (st.data ?? {}) as { document_type?: unknown; files?: unknown };
    if (st.type === "documents" && typeof d.document_type === "string" && DOCUMENTS_WITH_PHOTO.has(d.document_type) && Array.isArray(d.files)) {
      const first: unknown = d.files[0];
      if (typeof first === "string") return first;
    }
  }
  return undefined;
}

/** The selfie step's checks (table above); thresholds and the challenge come from the step's settings. */
function selfieChecks(settings: Record<string, unknown>, d: Record<string, unknown>, session: SessionStepsContext): PlannedCheck[] {
  const cfg = ZSelfieSettings.parse(settings);
  const selfie = Array.isArray(d.files) ? (d.files[0] as unknown) : undefined;
  const checks: PlannedCheck[] = [];
  if (faceMatchEnabled(cfg, session.steps.map((st) => st.type))) {
    const documentFile = cfg.face_match.compare_with === "aadhaar" ? undefined : documentPhotoFile(session.steps);
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
      input: { selfie_file_id: selfie, threshold: passive ? threshold : 0, ...(active !== "none" ? { challenge: active, frame_file_ids: d.frames ?? [] } : {}) },
    });
  }
  return checks;
}

/** Aadhaar methods and the check each one runs. */
const AADHAAR_CHECKS: Record<string, string> = { offline_ekyc: "in.aadhaar.offline_ekyc", secure_qr: "in.aadhaar.secure_qr" };

/**
 * The checks of one submitted step, in order.
 * @param type the step's type (`ZStepType`).
 * @param settings the step's settings in the workflow version.
 * @param data the step data the hosted flow stored (shapes in the table above).
 * @param method the step's recorded `method`, used for `aadhaar` when the data has none.
 * @param session every step of the session with its stored data (the selfie's reference photo).
 * @returns the planned checks; empty for step types without checks. An Aadhaar step with an
 *   unknown method plans `in.aadhaar.offline_ekyc` with the data as stored, which fails its
 *   input schema, so the step is never passed unverified.
 * @throws ZodError when a `pan` or `selfie` step's settings are invalid (a published workflow's are not).
 */
export function checksForStep(
  type: string,
  settings: Record<string, unknown>,
  data: unknown,
  method?: string | null,
  session: SessionStepsContext = { steps: [] },
): PlannedCheck[] {
  const d = (data ?? {}) as Record<string, unknown>;
  switch (type) {
    case "pan": {
      const { holder, aadhaar_link } = ZPanSettings.parse(settings);
      const checks: PlannedCheck[] = [{ key: "in.pan.verify", input: { pan: d.pan, name: d.name, dob: d.dob, holder } }];
      if (aadhaar_link && holder === "individual") checks.push({ key: "in.pan.aadhaar_link", input: { pan: d.pan } });
      return checks;
    }
    case "aadhaar": {
      const chosen = typeof d.method === "string" ? d.method : method;
      const key = chosen ? AADHAAR_CHECKS[chosen] : undefined;
      // an unknown method is never skipped: the data as stored fails the check's input schema (input_invalid)
      if (!key) return [{ key: "in.aadhaar.offline_ekyc", input: d }];
      const input = key === "in.aadhaar.offline_ekyc" ? { zip_base64: d.zip_base64, share_code: d.share_code } : { qr_payload: d.qr_payload };
      return [{ key, input }];
    }
    case "phone":
      return [{ key: "in.phone.verify", input: { phone: d.phone, challenge_id: d.challenge_id } }];
    case "email":
      return [{ key: "in.email.verify", input: { email: d.email, challenge_id: d.challenge_id } }];
    case "documents":
      return [{ key: "in.document.review", input: { document_type: d.document_type, files: d.files, fields: d.fields ?? {} } }];
    case "selfie":
      return selfieChecks(settings, d, session);
    default:
      return kybChecksForStep(type, settings, d) ?? [];
  }
}
