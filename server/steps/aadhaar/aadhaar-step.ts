/**
 * `aadhaar`: the UIDAI-signed Offline e-KYC ZIP with its share code, or the Secure QR payload;
 * the Aadhaar number itself is never collected. Checks: `in.aadhaar.offline_ekyc` or
 * `in.aadhaar.secure_qr` by the method given. The page never gets the ZIP, the share code or
 * the QR payload back, only the method.
 *
 * The Offline e-KYC is verified when the step is submitted: the share code opens the ZIP once,
 * in that request, and neither is stored (not in the step data, not in the check's input); the
 * step data is `{ method: "offline_ekyc", check_id }` and the check (its verified result, the
 * photo as evidence) counts for the session as if the pipeline had run it (the step's
 * submission time is the check's creation, server/checks/current-checks.ts).
 */
import { verifiedPhone } from "../otp/otp-step";
import { defineStep, type PlannedCheck, type StoredStep } from "../step-type";
import { ZAadhaarSettings, ZAadhaarStepInput } from "./aadhaar.schemas";

/** Aadhaar methods and the check each one runs. */
const AADHAAR_CHECKS: Record<string, string> = { offline_ekyc: "in.aadhaar.offline_ekyc", secure_qr: "in.aadhaar.secure_qr" };

/**
 * The check of an offline Aadhaar artefact the applicant gave (`data` as the `aadhaar` step
 * stores it), by the data's `method`, else `method`. An Offline e-KYC also gets the session's
 * OTP-verified phone, compared with the file's mobile hash (`mobile_matches`). An unknown method
 * plans `in.aadhaar.offline_ekyc` with the data as stored, which fails its input schema
 * (input_invalid), so the step is never passed unverified. Also the `digilocker` step's fallback.
 */
export function offlineAadhaarCheck(d: Record<string, unknown>, method: string | null | undefined, steps: readonly StoredStep[]): PlannedCheck {
  const chosen = typeof d.method === "string" ? d.method : method;
  const key = chosen ? AADHAAR_CHECKS[chosen] : undefined;
  if (!key) return { key: "in.aadhaar.offline_ekyc", input: d };
  if (key === "in.aadhaar.secure_qr") return { key, input: { qr_payload: d.qr_payload } };
  const mobile = verifiedPhone(steps);
  return { key, input: { zip_base64: d.zip_base64, share_code: d.share_code, ...(mobile ? { mobile } : {}) } };
}

export const aadhaarStep = defineStep({
  type: "aadhaar",
  label: "Aadhaar",
  description: "UIDAI-signed Offline e-KYC or Secure QR; the Aadhaar number itself is never collected.",
  for: ["kyc"],
  settings: ZAadhaarSettings,
  input: () => ZAadhaarStepInput,
  /**
   * An Offline e-KYC is verified here, in the request that carries it (with the session's
   * OTP-verified phone for the mobile hash): neither the ZIP nor the share code is stored; the step
   * keeps the check's id. A Secure QR is stored and checked by the pipeline.
   */
  async submit({ input, runCheck, session }) {
    if (input.method !== "offline_ekyc") return { data: input, method: input.method };
    const planned = offlineAadhaarCheck(input, input.method, session.steps as readonly StoredStep[]);
    const check = await runCheck(planned.key, planned.input);
    return { data: { method: input.method, check_id: check.id }, method: input.method, submittedAt: check.createdAt };
  },
  /**
   * By the data's `method`, else the step's recorded method (offlineAadhaarCheck). A stored
   * Offline e-KYC step has no ZIP: its check ran at submission and the pipeline adopts it (only a
   * deleted check leaves it unverified, and then its input fails: input_invalid).
   */
  plannedChecks: ({ data, method, steps }) => [offlineAadhaarCheck(data, method, steps)],
  publicValues: (d) => ({ method: d.method ?? null }),
});
