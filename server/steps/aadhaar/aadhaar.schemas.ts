/**
 * The `aadhaar` step's schemas: its settings (which UIDAI offline artefacts are offered) and what
 * the applicant submits (never the Aadhaar number itself).
 * Error messages of the applicant's input are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { OFFLINE_EKYC_MAX_BYTES, SECURE_QR_MAX_DIGITS, SECURE_QR_MIN_DIGITS, secureQrProblem } from "../../checks/validators/aadhaar-offline";

export const AADHAAR_METHODS = ["offline_ekyc", "secure_qr"] as const;

/** `aadhaar`: which UIDAI offline artefacts the applicant may share (never the number itself). */
export const ZAadhaarSettings = z.strictObject({
  /** In the order offered; the first is preselected. */
  methods: z
    .array(z.enum(AADHAAR_METHODS))
    .min(1, "Offer at least one method.")
    .default([...AADHAAR_METHODS])
    .meta({ title: "Methods", description: "Offered in this order; the first is preselected." }),
});

/** Bytes of a base64 string (no whitespace), without decoding it. */
export function base64Bytes(b64: string): number {
  return Math.floor((b64.length * 3) / 4) - (b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0);
}

/** True when the base64 string starts with a ZIP local file header (`PK\x03\x04`). Browser and Node. */
function looksLikeZip(b64: string): boolean {
  try {
    return atob(b64.slice(0, 8)).startsWith("PK\x03\x04");
  } catch {
    return false;
  }
}

/** The Offline e-KYC ZIP and its share code, as the applicant gives them (also the `digilocker` step's fallback). */
export const ZOfflineEkycStepInput = z.strictObject({
  method: z.literal("offline_ekyc"),
  zip_base64: z
    .string({ error: "aadhaar_zip_required" })
    .transform((s) => s.replace(/\s+/g, ""))
    .superRefine((b64, ctx) => {
      if (!b64) ctx.addIssue({ code: "custom", message: "aadhaar_zip_required" });
      else if (base64Bytes(b64) > OFFLINE_EKYC_MAX_BYTES) ctx.addIssue({ code: "custom", message: "aadhaar_zip_too_large" });
      else if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || !looksLikeZip(b64)) ctx.addIssue({ code: "custom", message: "aadhaar_zip_invalid" });
    }),
  // case-sensitive: the ZIP password the resident chose on the UIDAI site
  share_code: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{4}$/, { error: "share_code_invalid" }),
});

/** The Secure QR's digits, as the applicant gives them (also the `digilocker` step's fallback). */
export const ZSecureQrStepInput = z.strictObject({
  method: z.literal("secure_qr"),
  qr_payload: z
    .string({ error: "aadhaar_qr_invalid" })
    .transform((s) => s.trim())
    .superRefine((payload, ctx) => {
      // the old (pre-2019) Aadhaar QR is XML that prints the full number: never accepted, never sent on
      if (payload.startsWith("<") || payload.includes("PrintLetterBarcodeData")) {
        ctx.addIssue({ code: "custom", message: "aadhaar_qr_old" });
        return;
      }
      const digits = payload.replace(/\s+/g, "");
      if (!/^[0-9]+$/.test(digits) || digits.length < SECURE_QR_MIN_DIGITS || digits.length > SECURE_QR_MAX_DIGITS || secureQrProblem(digits)) {
        ctx.addIssue({ code: "custom", message: "aadhaar_qr_invalid" });
      }
    })
    .transform((s) => s.replace(/\s+/g, "")),
});

/** `{ method: "offline_ekyc", zip_base64, share_code } | { method: "secure_qr", qr_payload }` (never an Aadhaar number). */
export const ZAadhaarStepInput = z.discriminatedUnion("method", [ZOfflineEkycStepInput, ZSecureQrStepInput], { error: "aadhaar_method_required" });
export type TAadhaarStepInput = z.infer<typeof ZAadhaarStepInput>;
