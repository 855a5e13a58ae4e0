/**
 * What the applicant submits for each step type. One schema per step, used by the flow's
 * tRPC procedures and by the step's form (STYLE.md 1.4), so a message the user sees while
 * typing is the one the server enforces. Error messages are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`), so both languages show them. Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { normalizePan, panProblem } from "../checks/pan";
import { OFFLINE_EKYC_MAX_BYTES, SECURE_QR_MAX_DIGITS, SECURE_QR_MIN_DIGITS, secureQrProblem } from "../checks/validators/aadhaar-offline";
import type { ResolvedDocumentField, ResolvedDocumentsSettings } from "./documents-config";

export const ZConsentStepInput = z.strictObject({
  accepted: z.literal(true, { error: "consent_required" }),
  notice_version: z.string().min(1),
});
export type TConsentStepInput = z.infer<typeof ZConsentStepInput>;

export function panStepInput(holder: "individual" | "business") {
  return z.strictObject({
    pan: z
      .string()
      .transform(normalizePan)
      .superRefine((pan, ctx) => {
        const problem = panProblem(pan, holder);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    name: z
      .string()
      .trim()
      .min(2, { error: "name_required" })
      .max(100, { error: "name_too_long" })
      .regex(/^[\p{L} .'-]+$/u, { error: "name_invalid" }),
    dob: z.iso.date({ error: "dob_invalid" }).refine((d) => d >= "1900-01-01" && d <= new Date().toISOString().slice(0, 10), { error: "dob_invalid" }),
  });
}
export type TPanStepInput = z.infer<ReturnType<typeof panStepInput>>;

// --- phone / email (OTP) -----------------------------------------------------------------------

/**
 * An Indian mobile number as typed (`98765 43210`, `+91 98765-43210`, `09876543210`),
 * normalized to `+91XXXXXXXXXX`: the same rule as server/otp's ZIndianMobile, with an i18n key.
 */
export const ZFlowPhone = z
  .string()
  .max(32, { error: "phone_invalid" })
  .transform((v) => v.replace(/[\s\-().]/g, ""))
  .pipe(z.string().regex(/^(?:\+?91|0)?[6-9]\d{9}$/, { error: "phone_invalid" }))
  .transform((v) => `+91${v.slice(-10)}`);

/** An email address (domain lower-cased, like server/otp's ZEmailAddress). */
export const ZFlowEmail = z
  .string()
  .trim()
  .min(1, { error: "email_required" })
  .max(254, { error: "email_invalid" })
  .pipe(z.email({ error: "email_invalid" }))
  .transform((v) => {
    const at = v.lastIndexOf("@");
    return v.slice(0, at) + v.slice(at).toLowerCase();
  });

/** The destination form of a `phone` or `email` step. */
export function otpDestinationInput(channel: "phone" | "email") {
  return z.strictObject({ destination: channel === "phone" ? ZFlowPhone : ZFlowEmail });
}

/** A code as typed: exactly 6 digits (spaces ignored). */
export const ZOtpCodeInput = z.strictObject({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, { error: "code_invalid" })),
});

// --- aadhaar -----------------------------------------------------------------------------------

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

const ZOfflineEkycStepInput = z.strictObject({
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

const ZSecureQrStepInput = z.strictObject({
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

// --- documents / selfie / review ---------------------------------------------------------------

/** An evidence file id as returned by the upload route. */
export const ZFileId = z.string().regex(/^file_[0-9A-Za-z]{20,40}$/, { error: "file_required" });

/** An identifier as printed (PAN, passport number...): upper case, no spaces. */
const normalizeCode = (v: string) => v.toUpperCase().replace(/\s+/g, "");

/** The value rules of one document field; messages are i18n keys. Fields with a pattern are normalized with normalizeCode. */
export function documentFieldSchema(field: ResolvedDocumentField) {
  const max = field.max_length ?? 200;
  return z
    .string({ error: "field_required" })
    .default("")
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      if (!v) {
        if (field.required) ctx.addIssue({ code: "custom", message: "field_required" });
        return;
      }
      if (v.length > max) ctx.addIssue({ code: "custom", message: "field_too_long" });
      else if (field.type === "date") {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v)) || v < "1900-01-01") ctx.addIssue({ code: "custom", message: "date_invalid" });
      } else if (field.type === "enum" && field.values && !field.values.includes(v)) ctx.addIssue({ code: "custom", message: "value_invalid" });
      else if (field.pattern && !new RegExp(field.pattern).test(normalizeCode(v))) ctx.addIssue({ code: "custom", message: "field_format" });
    })
    .transform((v) => (field.pattern && field.type === "string" ? normalizeCode(v) : v));
}

/** The fields form of one document type: `{ <key>: string }` (keys of other types are dropped). */
export function documentFieldsInput(fields: readonly ResolvedDocumentField[]) {
  return z.object(Object.fromEntries(fields.map((f) => [f.key, documentFieldSchema(f)])));
}

/** A document extraction id (`dex_...`) as returned by `flow.extractDocument`. */
const ZExtractionId = z.string().regex(/^dex_[0-9A-Za-z]{20,40}$/, { error: "file_required" });

/**
 * `{ document_type, files: [file_...], fields, extraction_id? }` for the step's resolved
 * settings: a type the workflow offers, one file per side in the type's order, and the type's
 * fields; `extraction_id` names the OCR pre-fill the fields were confirmed from.
 */
export function documentsStepInput(config: ResolvedDocumentsSettings) {
  return z
    .strictObject({
      document_type: z.string({ error: "document_type_required" }),
      files: z.array(ZFileId).min(1, { error: "file_required" }).max(10),
      fields: z.record(z.string(), z.string()).default({}),
      extraction_id: ZExtractionId.optional(),
    })
    .transform((input, ctx) => {
      const type = config.types.find((t) => t.key === input.document_type);
      if (!type) {
        ctx.addIssue({ code: "custom", path: ["document_type"], message: "document_type_required" });
        return z.NEVER;
      }
      if (input.files.length !== type.sides.length) {
        ctx.addIssue({ code: "custom", path: ["files"], message: "file_required" });
        return z.NEVER;
      }
      const fields = documentFieldsInput(type.fields).safeParse(input.fields);
      if (!fields.success) {
        for (const issue of fields.error.issues) ctx.addIssue({ code: "custom", path: ["fields", ...issue.path.map(String)], message: issue.message });
        return z.NEVER;
      }
      return {
        document_type: type.key,
        files: input.files,
        fields: fields.data as Record<string, string>,
        ...(input.extraction_id ? { extraction_id: input.extraction_id } : {}),
      };
    });
}
export type TDocumentsStepInput = z.output<ReturnType<typeof documentsStepInput>>;

/** Fewest and most frames of an active liveness challenge (burst taken in the browser, checked on the server). */
export const LIVENESS_FRAMES_MIN = 3;
export const LIVENESS_FRAMES_MAX = 12;

/** `{ files: [selfie], frames?: [selfie_frame...] }`: `frames` are the active liveness challenge's burst, in order. */
export const ZSelfieStepInput = z.strictObject({
  files: z.array(ZFileId).length(1, { error: "file_required" }),
  frames: z.array(ZFileId).min(LIVENESS_FRAMES_MIN, { error: "liveness_frames_required" }).max(LIVENESS_FRAMES_MAX).optional(),
});

export const ZReviewStepInput = z.strictObject({ confirmed: z.literal(true, { error: "review_confirm_required" }) });
