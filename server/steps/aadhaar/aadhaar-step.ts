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
  async submit({ input, runCheck }) {
    if (input.method !== "offline_ekyc") return { data: input, method: input.method };
    const { zip_base64, share_code } = input;
    const check = await runCheck(AADHAAR_CHECKS.offline_ekyc!, { zip_base64, share_code });
    return { data: { method: input.method, check_id: check.id }, method: input.method, submittedAt: check.createdAt };
  },
  /**
   * By the data's `method`, else the step's recorded method. An unknown method plans
   * `in.aadhaar.offline_ekyc` with the data as stored, which fails its input schema
   * (input_invalid), so the step is never passed unverified; so does an Offline e-KYC step
   * without its check (verified at submission, so only when that check was deleted).
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
