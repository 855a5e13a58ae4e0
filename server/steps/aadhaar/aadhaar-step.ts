/**
 * `aadhaar`: the UIDAI-signed Offline e-KYC ZIP with its share code, or the Secure QR payload;
 * the Aadhaar number itself is never collected. Checks: `in.aadhaar.offline_ekyc` or
 * `in.aadhaar.secure_qr` by the method given. The page never gets the ZIP, the share code or
 * the QR payload back, only the method.
 */
import { defineStep } from "../step-type";
import { ZAadhaarSettings, ZAadhaarStepInput } from "./aadhaar.schemas";

/** Aadhaar methods and the check each one runs. */
const AADHAAR_CHECKS: Record<string, string> = { offline_ekyc: "in.aadhaar.offline_ekyc", secure_qr: "in.aadhaar.secure_qr" };

export const aadhaarStep = defineStep({
  type: "aadhaar",
  label: "Aadhaar",
  description: "UIDAI-signed Offline e-KYC or Secure QR; the Aadhaar number itself is never collected.",
  for: ["kyc"],
  settings: ZAadhaarSettings,
  input: () => ZAadhaarStepInput,
  submit: async ({ input }) => ({ data: input, method: input.method }),
  /**
   * By the data's `method`, else the step's recorded method. An unknown method plans
   * `in.aadhaar.offline_ekyc` with the data as stored, which fails its input schema
   * (input_invalid), so the step is never passed unverified.
   */
  plannedChecks({ data: d, method }) {
    const chosen = typeof d.method === "string" ? d.method : method;
    const key = chosen ? AADHAAR_CHECKS[chosen] : undefined;
    if (!key) return [{ key: "in.aadhaar.offline_ekyc", input: d }];
    const input = key === "in.aadhaar.offline_ekyc" ? { zip_base64: d.zip_base64, share_code: d.share_code } : { qr_payload: d.qr_payload };
    return [{ key, input }];
  },
  publicValues: (d) => ({ method: d.method ?? null }),
});
