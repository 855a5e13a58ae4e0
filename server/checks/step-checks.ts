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
 * | `documents` | `{ document_type, files: [file_...], fields }` | `in.document.review` (provider `manual`: a reviewer decides) |
 * | `consent`, `selfie`, `review`, others | | none |
 */
import { ZPanSettings } from "../workflows/workflow.schemas";

export interface PlannedCheck {
  /** Country check key of the catalog. */
  key: string;
  input: Record<string, unknown>;
}

/** Aadhaar methods and the check each one runs. */
const AADHAAR_CHECKS: Record<string, string> = { offline_ekyc: "in.aadhaar.offline_ekyc", secure_qr: "in.aadhaar.secure_qr" };

/**
 * The checks of one submitted step, in order.
 * @param type the step's type (`ZStepType`).
 * @param settings the step's settings in the workflow version.
 * @param data the step data the hosted flow stored (shapes in the table above).
 * @param method the step's recorded `method`, used for `aadhaar` when the data has none.
 * @returns the planned checks; empty for step types without checks. An Aadhaar step with an
 *   unknown method plans `in.aadhaar.offline_ekyc` with the data as stored, which fails its
 *   input schema, so the step is never passed unverified.
 * @throws ZodError when a `pan` step's settings are invalid (a published workflow's are not).
 */
export function checksForStep(type: string, settings: Record<string, unknown>, data: unknown, method?: string | null): PlannedCheck[] {
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
    default:
      return [];
  }
}
