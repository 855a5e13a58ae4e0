/**
 * `aadhaar`: the UIDAI-signed Offline e-KYC ZIP with its share code, or the Secure QR payload;
 * the Aadhaar number itself is never collected. Checks: `in.aadhaar.offline_ekyc` or
 * `in.aadhaar.secure_qr` by the method given. The page never gets the ZIP, the share code or
 * the QR payload back, only the method.
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
  submit: async ({ input }) => ({ data: input, method: input.method }),
  plannedChecks: ({ data, method, steps }) => [offlineAadhaarCheck(data, method, steps)],
  publicValues: (d) => ({ method: d.method ?? null }),
});
