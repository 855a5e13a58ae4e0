/**
 * The check catalog (decisions.md "Checks"): one entry per country check key, with its
 * generic key, input schema and who answers it. Data-driven: `GET /v1/capabilities`, the
 * dashboard and the session pipeline all read this table.
 *
 * Every input schema is strict (unknown fields are a 400) and normalizes what applicants type
 * (upper case, no spaces) so that offline validation and the answer cache see one spelling.
 * Structural problems that say something about the data (a bad check digit) come from
 * `validate()` as an `error_code` and are recorded as a `failed` check; inputs that must never
 * be stored (an Aadhaar number, the old unsigned Aadhaar QR) are refused by the schema instead.
 */
import { z } from "zod";
import { DOCUMENT_TYPES } from "../documents/document-types";
import { DomainError } from "../errors";
import type { CheckFileField } from "../files/check-files";
import { EXTRACTABLE_DOCUMENT_TYPES } from "../intelligence/parsers/parse-document";
import { DEFAULT_FACE_MATCH_THRESHOLD, FACE_MATCH_THRESHOLDS } from "../intelligence/face/face-thresholds";
import { ZEmailAddress, ZIndianMobile } from "../otp/otp.schemas";
import { normalizePan, panProblem } from "./pan";
import {
  EAADHAAR_MAX_BYTES,
  OFFLINE_EKYC_MAX_BASE64,
  offlineEkycProblem,
  SECURE_QR_MAX_DIGITS,
  SECURE_QR_MIN_DIGITS,
  secureQrProblem,
} from "./validators/aadhaar-offline";
import { bankAccountNumberProblem, normalizeBankAccountNumber } from "./validators/bank-account";
import { cinProblem, llpinProblem, normalizeCin, normalizeLlpin } from "./validators/cin";
import { gstinProblem, normalizeGstin } from "./validators/gstin";
import { ifscProblem, normalizeIfsc } from "./validators/ifsc";
import { normalizeUdyam, udyamProblem } from "./validators/udyam";

export interface CheckDefinition<I = unknown> {
  key: string;
  genericKey: string;
  country: string;
  description: string;
  /** registry | cryptographic | offline | service | manual */
  answeredBy: "registry" | "cryptographic" | "offline" | "service" | "manual";
  /** How long a registry answer may be reused for the same normalized input (seconds); 0: never. */
  cacheTtlSeconds: number;
  input: z.ZodType<I>;
  /** Offline validation after parsing; returns an error_code or null. */
  validate(input: I): string | null;
  /**
   * Set when the input holds a one-time secret that must never be stored (the Aadhaar offline
   * e-KYC share code): the check row keeps only what this returns, the check is answered in the
   * request that received the input (server/checks/run-check.ts `runCheck`) and never from a cache.
   */
  storedInput?(input: I): Record<string, unknown>;
  /**
   * Answered in two phases: the check is created `pending` with what the applicant must do (the
   * provider's `begin`, stored as its `result`), and stays `pending` until they did it; each read
   * asks the provider again (server/checks/awaiting-check.ts). Never answered from a cache.
   */
  awaitsApplicant?: true;
  /**
   * Whether this input is answered in two phases with a one-time code the registry sends the
   * applicant (the CKYC download with `auth_factor: otp`): begun like an `awaitsApplicant` check
   * (the provider's `begin` sends the code), completed when the code is entered
   * (POST /v1/checks/{id}/otp, server/checks/check-otp.ts). Never answered from a cache.
   */
  awaitsOtp?(input: I): boolean;
  /** Run only by the service's own jobs (the CKYC upload after approval), never by POST /v1/checks/{key}. */
  jobOnly?: true;
  /**
   * The file ids of the input and the Files API purposes each field takes: a direct check checks
   * them before it is created (server/files/check-files.ts; 404 for another tenant's file).
   */
  files?(input: I): CheckFileField[];
}

const DAY = 24 * 3600;

/** An identifier as typed: at most `max` characters, then upper-cased without spaces. */
const code = (max: number, normalize: (raw: string) => string) => z.string().max(max).transform(normalize);

/** A person's or business's name: registries hold names in upper case; normalizing also makes the answer cache hit. */
const ZRegistryName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .transform((n) => n.replace(/\s+/g, " ").toUpperCase());

// --- in.pan.verify ---------------------------------------------------------------------------

export const ZPanVerifyInput = z.strictObject({
  pan: z.string().transform(normalizePan),
  /** Optional (decisions.md 2026-11-24): without it the check answers existence, status and the date of birth match, never the registered name. */
  name: ZRegistryName.optional(),
  dob: z.iso.date().optional(),
  holder: z.enum(["individual", "business"]).optional(),
});
export type TPanVerifyInput = z.infer<typeof ZPanVerifyInput>;

const panVerify: CheckDefinition<TPanVerifyInput> = {
  key: "in.pan.verify",
  genericKey: "tax_id.verify",
  country: "IN",
  description:
    "PAN exists and is active at the Income Tax Department (Protean/NSDL), and the name matches when `name` is given (without it: existence, status and the date of birth match only; the registered name is never returned).",
  answeredBy: "registry",
  cacheTtlSeconds: DAY,
  input: ZPanVerifyInput,
  validate: (i) => panProblem(i.pan, i.holder),
};

// --- in.pan.aadhaar_link ---------------------------------------------------------------------

export const ZPanAadhaarLinkInput = z.strictObject({ pan: code(20, normalizePan) });
export type TPanAadhaarLinkInput = z.infer<typeof ZPanAadhaarLinkInput>;

const panAadhaarLink: CheckDefinition<TPanAadhaarLinkInput> = {
  key: "in.pan.aadhaar_link",
  genericKey: "tax_id.national_id_link",
  country: "IN",
  description:
    "The individual's PAN is linked with an Aadhaar number at the Income Tax Department (Income-tax Act s. 139AA; an unlinked PAN is inoperative). The Aadhaar number is neither sent nor stored.",
  answeredBy: "registry",
  cacheTtlSeconds: DAY,
  input: ZPanAadhaarLinkInput,
  // only individuals must link (s. 139AA), so only individual PANs (4th letter P) are asked
  validate: (i) => panProblem(i.pan, "individual"),
};

// --- in.aadhaar.offline_ekyc / in.aadhaar.secure_qr ------------------------------------------

export const ZAadhaarOfflineEkycInput = z.strictObject({
  zip_base64: z
    .string()
    .max(OFFLINE_EKYC_MAX_BASE64 + 200_000)
    .transform((s) => s.replace(/\s+/g, ""))
    .pipe(z.base64().max(OFFLINE_EKYC_MAX_BASE64))
    .meta({ description: "The offline e-KYC ZIP downloaded from UIDAI, base64 (at most 5 MiB decoded)." }),
  share_code: z
    .string()
    .trim()
    .max(16)
    .meta({ description: "The 4-character share code the resident chose (the ZIP password; case-sensitive, so not upper-cased)." }),
  mobile: ZIndianMobile.optional().meta({
    description:
      "The applicant's verified mobile number (the hosted flow passes the session's OTP-verified phone), compared with the e-KYC's mobile hash: `result.mobile_matches`, a signal that never changes the status.",
  }),
});
export type TAadhaarOfflineEkycInput = z.infer<typeof ZAadhaarOfflineEkycInput>;

const aadhaarOfflineEkyc: CheckDefinition<TAadhaarOfflineEkycInput> = {
  key: "in.aadhaar.offline_ekyc",
  genericKey: "national_id.verify",
  country: "IN",
  description:
    "UIDAI Paperless Offline e-KYC: the resident's ZIP is decrypted with the share code and its UIDAI signature verified, when the check is received (also with `async=true`). No Aadhaar number is involved; neither the ZIP nor the share code is kept, only the verified result.",
  answeredBy: "cryptographic",
  cacheTtlSeconds: 0,
  input: ZAadhaarOfflineEkycInput,
  validate: (i) => offlineEkycProblem(i.zip_base64, i.share_code),
  // the share code opens the ZIP once; the ZIP (readable by anyone who tries the 4-character codes) goes with it
  storedInput: () => ({}),
};

export const ZAadhaarSecureQrInput = z.strictObject({
  qr_payload: z
    .string()
    .max(SECURE_QR_MAX_DIGITS + 2_000)
    .transform((s) => s.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .regex(/^[0-9]+$/, "A Secure QR payload is decimal digits only (the old XML Aadhaar QR is not accepted).")
        .min(SECURE_QR_MIN_DIGITS)
        .max(SECURE_QR_MAX_DIGITS),
    )
    .meta({ description: "The digits read from the Secure QR code printed on the Aadhaar letter, e-Aadhaar or PVC card." }),
});
export type TAadhaarSecureQrInput = z.infer<typeof ZAadhaarSecureQrInput>;

const aadhaarSecureQr: CheckDefinition<TAadhaarSecureQrInput> = {
  key: "in.aadhaar.secure_qr",
  genericKey: "national_id.qr_verify",
  country: "IN",
  description:
    "UIDAI Secure QR: the QR's signed demographic data (and photo) is decompressed and its UIDAI signature verified. Only the last 4 digits of the Aadhaar number are in it.",
  answeredBy: "cryptographic",
  cacheTtlSeconds: 0,
  input: ZAadhaarSecureQrInput,
  validate: (i) => secureQrProblem(i.qr_payload),
};

export const ZAadhaarDigilockerInput = z.strictObject({
  ekyc_xml: z.string().min(1).max(EAADHAAR_MAX_BYTES).meta({
    description:
      "The e-Aadhaar XML (UIDAI's signed e-KYC response, `KycRes`) as DigiLocker's Authorized Partner API returned it for the applicant's account, with their consent.",
  }),
});
export type TAadhaarDigilockerInput = z.infer<typeof ZAadhaarDigilockerInput>;

const aadhaarDigilocker: CheckDefinition<TAadhaarDigilockerInput> = {
  key: "in.aadhaar.digilocker",
  genericKey: "national_id.digilocker",
  country: "IN",
  description:
    "Aadhaar from DigiLocker: the e-Aadhaar XML fetched from the applicant's DigiLocker with their consent (the hosted flow's `digilocker` step), its UIDAI signature verified like an Offline e-KYC and refused when older than 72 hours. Only the last 4 digits of the Aadhaar number are in it.",
  answeredBy: "cryptographic",
  cacheTtlSeconds: 0,
  input: ZAadhaarDigilockerInput,
  validate: () => null,
};

// --- in.gstin.verify -------------------------------------------------------------------------

export const ZGstinVerifyInput = z.strictObject({
  gstin: code(30, normalizeGstin),
  name: ZRegistryName.optional().meta({ description: "Legal or trade name to compare with the registry (optional)." }),
});
export type TGstinVerifyInput = z.infer<typeof ZGstinVerifyInput>;

const gstinVerify: CheckDefinition<TGstinVerifyInput> = {
  key: "in.gstin.verify",
  genericKey: "business_tax_id.verify",
  country: "IN",
  description:
    "GSTIN exists and is active on the GST Network, and the name (if given) matches its legal or trade name; answers legal name, trade name, constitution, state and registration date.",
  answeredBy: "registry",
  cacheTtlSeconds: DAY,
  input: ZGstinVerifyInput,
  validate: (i) => gstinProblem(i.gstin),
};

// --- in.cin.verify ---------------------------------------------------------------------------

export const ZCinVerifyInput = z
  .strictObject({
    cin: code(30, normalizeCin).optional().meta({ description: "Corporate Identity Number (21 characters), for a company." }),
    llpin: code(20, normalizeLlpin).optional().meta({ description: "LLP Identification Number (`AAB-1234`), for a limited liability partnership." }),
  })
  .superRefine((i, ctx) => {
    if ((i.cin === undefined) === (i.llpin === undefined)) {
      ctx.addIssue({ code: "custom", path: [i.cin === undefined ? "cin" : "llpin"], message: "Give exactly one of 'cin' (a company) or 'llpin' (an LLP)." });
    }
  });
export type TCinVerifyInput = z.infer<typeof ZCinVerifyInput>;

const cinVerify: CheckDefinition<TCinVerifyInput> = {
  key: "in.cin.verify",
  genericKey: "business_registration.verify",
  country: "IN",
  description:
    "Company (CIN) or LLP (LLPIN) exists in the Ministry of Corporate Affairs (MCA21) master data; answers name, status, incorporation date and the current directors or designated partners (`directors`: DIN, name, designation). `failed` when not found (`company_not_found`), struck off (`company_struck_off`) or in any other status than Active (`company_inactive`).",
  answeredBy: "registry",
  cacheTtlSeconds: DAY,
  input: ZCinVerifyInput,
  validate: (i) => (i.cin !== undefined ? cinProblem(i.cin) : llpinProblem(i.llpin ?? "")),
};

// --- in.udyam.verify -------------------------------------------------------------------------

export const ZUdyamVerifyInput = z.strictObject({ udyam_number: code(40, normalizeUdyam).meta({ description: "`UDYAM-XX-00-0000000`" }) });
export type TUdyamVerifyInput = z.infer<typeof ZUdyamVerifyInput>;

const udyamVerify: CheckDefinition<TUdyamVerifyInput> = {
  key: "in.udyam.verify",
  genericKey: "msme_registration.verify",
  country: "IN",
  description:
    "Udyam (MSME) registration exists at the Ministry of MSME; answers enterprise name, type (micro, small, medium), activity and registration date. `failed` when not found (`udyam_not_found`) or cancelled (`udyam_cancelled`).",
  answeredBy: "registry",
  cacheTtlSeconds: DAY,
  input: ZUdyamVerifyInput,
  validate: (i) => udyamProblem(i.udyam_number),
};

// --- in.bank_account.verify ------------------------------------------------------------------

export const ZBankAccountVerifyInput = z.strictObject({
  account_number: z.string().max(40).transform(normalizeBankAccountNumber),
  ifsc: code(20, normalizeIfsc),
  name: ZRegistryName,
  method: z.enum(["penny_drop", "penny_less"]).optional().meta({
    description:
      "`penny_drop` (default): ₹1 is sent over IMPS and the bank returns the holder's name; `penny_less`: the name is looked up without a transfer (fewer banks; live mode through providers that offer it).",
  }),
});
export type TBankAccountVerifyInput = z.infer<typeof ZBankAccountVerifyInput>;

const bankAccountVerify: CheckDefinition<TBankAccountVerifyInput> = {
  key: "in.bank_account.verify",
  genericKey: "bank_account.verify",
  country: "IN",
  description:
    "Bank account exists and is open (penny drop over IMPS, or penny-less with `method: penny_less`), and the account holder's name at the bank matches.",
  answeredBy: "registry",
  cacheTtlSeconds: DAY,
  input: ZBankAccountVerifyInput,
  validate: (i) => bankAccountNumberProblem(i.account_number) ?? ifscProblem(i.ifsc),
};

// --- in.bank_account.reverse_penny_drop -------------------------------------------------------

export const ZReversePennyDropInput = z.strictObject({
  name: ZRegistryName.meta({ description: "The name the account must be held in (the applicant's, or the business's legal name)." }),
});
export type TReversePennyDropInput = z.infer<typeof ZReversePennyDropInput>;

/**
 * A separate key rather than a `method` of `in.bank_account.verify`: its input has no account number
 * (the applicant's payment brings it), and it is answered in two phases (`awaitsApplicant`).
 */
const bankAccountReversePennyDrop: CheckDefinition<TReversePennyDropInput> = {
  key: "in.bank_account.reverse_penny_drop",
  genericKey: "bank_account.reverse_penny_drop",
  country: "IN",
  description:
    "The applicant pays ₹1 over UPI from their own bank account (a upi:// link on a phone, its QR code on a desktop; refunded by the payment vendor): the check proves the applicant controls an open account and that its holder's name at the bank matches `name`; it answers the account number masked, the IFSC and bank, and the refund's state. Created `pending` with `result.upi_link` and `result.valid_upto`; `passed` only when the payment came back with a matching payer name; `failed` name_mismatch, payment_expired (not paid in time) or payment_failed; `needs_review` payer_name_missing when the bank returned no name. A pending check finishes at whichever comes first: the payment vendor's webhook, a `GET /v1/checks/{id}` (each read asks the vendor), or the service's own background read (20 s and 60 s after the request, then every minute, until `valid_upto`; a vendor outage is read again at the next one); a request still unpaid at `valid_upto` ends `failed` payment_expired. It finishes once, with one `check.completed` (a session's check instead submits its step).",
  answeredBy: "registry",
  cacheTtlSeconds: 0,
  awaitsApplicant: true,
  input: ZReversePennyDropInput,
  validate: () => null,
};

// --- in.ifsc.lookup --------------------------------------------------------------------------

export const ZIfscLookupInput = z.strictObject({ ifsc: code(20, normalizeIfsc) });
export type TIfscLookupInput = z.infer<typeof ZIfscLookupInput>;

const ifscLookup: CheckDefinition<TIfscLookupInput> = {
  key: "in.ifsc.lookup",
  genericKey: "bank_branch.lookup",
  country: "IN",
  description: "IFSC exists in the RBI list of bank branches (offline dataset, same answer in test and live mode); answers the bank code and name.",
  answeredBy: "offline",
  cacheTtlSeconds: 0,
  input: ZIfscLookupInput,
  validate: (i) => ifscProblem(i.ifsc),
};

// --- in.phone.verify / in.email.verify -------------------------------------------------------

const ZOtpChallengeId = z
  .string()
  .regex(/^otp_[0-9A-Za-z]{24}$/, "An OTP challenge id (`otp_...`).")
  .meta({ description: "The verified OTP challenge." });

export const ZPhoneVerifyInput = z.strictObject({ phone: ZIndianMobile, challenge_id: ZOtpChallengeId });
export type TPhoneVerifyInput = z.infer<typeof ZPhoneVerifyInput>;

const phoneVerify: CheckDefinition<TPhoneVerifyInput> = {
  key: "in.phone.verify",
  genericKey: "phone.verify",
  country: "IN",
  description: "The applicant controls the mobile number: a one-time code sent by SMS was entered (answered by the service itself).",
  answeredBy: "service",
  cacheTtlSeconds: 0,
  input: ZPhoneVerifyInput,
  validate: () => null,
};

export const ZEmailVerifyInput = z.strictObject({ email: ZEmailAddress, challenge_id: ZOtpChallengeId });
export type TEmailVerifyInput = z.infer<typeof ZEmailVerifyInput>;

const emailVerify: CheckDefinition<TEmailVerifyInput> = {
  key: "in.email.verify",
  genericKey: "email.verify",
  country: "IN",
  description: "The applicant controls the email address: a one-time code sent by email was entered (answered by the service itself).",
  answeredBy: "service",
  cacheTtlSeconds: 0,
  input: ZEmailVerifyInput,
  validate: () => null,
};

/** Files API purposes of document images (`in.document.review`, `in.document.extract`). */
const DOCUMENT_PURPOSES = ["identity_document", "business_document", "proof_of_address"] as const;

// --- in.document.review ----------------------------------------------------------------------

export const ZDocumentReviewInput = z.strictObject({
  document_type: z.string().trim().min(1).max(64).meta({ description: "Key of a document type (GET /v1/document-types), e.g. `pan_card`." }),
  files: z
    .array(z.string().regex(/^file_[0-9A-Za-z]{24}$/, "An evidence file id (`file_...`)."))
    .min(1)
    .max(10)
    .meta({ description: "Evidence files (`file_...`) showing the document." }),
  fields: z
    .record(z.string().regex(/^[a-z][a-z0-9_]{0,63}$/), z.string().max(1000).nullable())
    .default({})
    .meta({ description: "Field values as entered or extracted, keyed by the document type's field keys, for the reviewer to compare." }),
});
export type TDocumentReviewInput = z.infer<typeof ZDocumentReviewInput>;

const documentReview: CheckDefinition<TDocumentReviewInput> = {
  key: "in.document.review",
  genericKey: "document.review",
  country: "IN",
  description: "A reviewer compares the uploaded document with the fields given (provider `manual`, `verified_by: reviewer`).",
  answeredBy: "manual",
  cacheTtlSeconds: 0,
  input: ZDocumentReviewInput,
  validate: (i) => (DOCUMENT_TYPES.some((d) => d.country === "IN" && d.key === i.document_type) ? null : "document_type_unknown"),
  files: (i) => [{ param: "files", ids: i.files, many: true, purposes: DOCUMENT_PURPOSES }],
};

// --- in.face.match / in.liveness.check (issue 9) ----------------------------------------------

const ZEvidenceFileId = z.string().regex(/^file_[0-9A-Za-z]{24}$/, "An evidence file id (`file_...`).");
const ZThreshold = (what: string, fallback: number) =>
  z
    .number()
    .min(0)
    .max(1)
    .optional()
    .meta({ description: `${what} threshold, 0..1 (default ${fallback}); a workflow step sets its own.` });

export const ZFaceMatchInput = z.strictObject({
  selfie_file_id: ZEvidenceFileId.meta({ description: "The applicant's selfie (`file_...`)." }),
  document_file_id: ZEvidenceFileId.optional().meta({
    description:
      "The image to compare with: an identity document showing the holder's photo, or the photo of a UIDAI offline e-KYC (`aadhaar_photo`). Optional with `compare_with` `aadhaar` or `any`.",
  }),
  compare_with: z.enum(["document", "aadhaar", "any"]).optional().meta({
    description:
      "`document` (default): `document_file_id`; `aadhaar`: the photo of the session's UIDAI-signed offline e-KYC; `any`: that photo when it is readable and shows a face, else `document_file_id`.",
  }),
  threshold: ZThreshold("Similarity", DEFAULT_FACE_MATCH_THRESHOLD),
});
export type TFaceMatchInput = z.infer<typeof ZFaceMatchInput>;

const faceMatch: CheckDefinition<TFaceMatchInput> = {
  key: "in.face.match",
  genericKey: "face.match",
  country: "IN",
  description:
    `The selfie shows the same person as the reference photo (the document's, or the UIDAI / CKYC photo; JPEG 2000 included). The service's own model compares the faces (dlib's ResNet-34 from the npm package @vladmandic/face-api, each face aligned by its landmarks; no third party); the score is the similarity, 0..1. ` +
    `Default thresholds, measured on different photos of the same people (bench/README.md "Face match"): \`passed\` at ${DEFAULT_FACE_MATCH_THRESHOLD} or more (the threshold at a false match rate of 0.1 %, with a margin: none of the bench's 15,543 different-person comparisons passed, 74 % of its 534 same-person comparisons did and 96 % were not failed), \`needs_review\` \`face_mismatch\` down to ${FACE_MATCH_THRESHOLDS.review} (false match rate 1 %), \`failed\` \`face_mismatch\` below; a workflow's own threshold moves both. ` +
    "A face too small, blurred, turned away or covered is `needs_review` `face_quality_low` (`result.quality` names the image and the reason), not a mismatch. Not an image: `failed` `face_image_unreadable`; no face: `failed` `face_not_found` / `document_face_not_found`; a selfie with more than one face is never `passed` (`multiple_faces`). " +
    "It proves resemblance, not identity or presence: a photo of the right person also matches (that is the liveness check's job). The selfie's face is also searched among the project's other sessions (duplicates: `needs_review` `face_duplicate`).",
  answeredBy: "service",
  cacheTtlSeconds: 0,
  input: ZFaceMatchInput,
  validate: () => null,
  files: (i) => [
    { param: "selfie_file_id", ids: [i.selfie_file_id], purposes: ["selfie"] },
    { param: "document_file_id", ids: i.document_file_id ? [i.document_file_id] : [], purposes: ["identity_document"] },
  ],
};

export const ZLivenessCheckInput = z.strictObject({
  selfie_file_id: ZEvidenceFileId.meta({ description: "The applicant's selfie (`file_...`)." }),
  threshold: ZThreshold("Passive liveness score", 0.5),
  challenge_id: z
    .string()
    .regex(/^lch_[0-9A-Za-z]{24}$/)
    .optional()
    .meta({
      description:
        "The active challenge the server issued to the hosted flow's selfie step (`lch_...`); set by the flow. Without it the answer is `needs_review` `challenge_required`.",
    }),
  challenge: z
    .enum(["turn_head", "blink"])
    .optional()
    .meta({ description: "Deprecated: frames taken without a challenge the server issued prove nothing; the answer is `needs_review` `challenge_required`." }),
  frame_file_ids: z.array(ZEvidenceFileId).max(12).optional().meta({ description: "Deprecated, with `challenge`." }),
});
export type TLivenessCheckInput = z.infer<typeof ZLivenessCheckInput>;

const livenessCheck: CheckDefinition<TLivenessCheckInput> = {
  key: "in.liveness.check",
  genericKey: "liveness.check",
  country: "IN",
  description: [
    "Active liveness: the server issued the hosted flow's selfie step a random challenge (2-3 actions from turn left, turn right, look up, blink, move closer, in a random order, always one head turn; single use, 90 s) and judged the live camera's timestamped frames itself.",
    "`passed` proves: the asked actions happened in the asked order within the window; one face throughout (embedding similarity >= 0.55 frame to frame and to the selfie); the face moved with the depth of a head (the nose moved >= 0.055 eye-distances off the best planar homography of the rest of the face, and >= 2x the landmark noise: flat pictures moved, tilted, rotated or scaled in front of a camera reached at most 0.051 in our bench, a head turned 30° 0.061-0.124); no frame is a mirror image of the first (its face texture, aligned to a left/right-symmetric chip, is not the first's flipped: a mirrored still correlates 0.75-0.95 with it, a symmetric head really turned at most 0.62 and never more than as it is) or a repeat; the timestamps are those of a live capture.",
    "It does not prove: who the person is (face match does), that a realistic 3D mask or a deepfake video stream made to follow the challenge is not used, or anything for an applicant turning the head less than about 30°.",
    "`failed` error codes: `challenge_not_completed`, `face_changed`, `flat_surface`, `mirrored`, `replayed`, `challenge_expired`; `needs_review` when the signals disagree (`mirrored` frames beside depth, or the passive `antispoof`/`liveness` score below `threshold`: `liveness_low`).",
    "Without a challenge (a backend's direct check): `needs_review` `challenge_required`, never `passed`; the passive score is reported but never decides.",
  ].join(" "),
  answeredBy: "service",
  cacheTtlSeconds: 0,
  input: ZLivenessCheckInput,
  validate: () => null,
  files: (i) => [
    { param: "selfie_file_id", ids: [i.selfie_file_id], purposes: ["selfie"] },
    { param: "frame_file_ids", ids: i.frame_file_ids ?? [], many: true, purposes: ["selfie_frame"] },
  ],
};

// --- in.document.extract (issue 16 item 2) ------------------------------------------------------

export const ZDocumentExtractInput = z.strictObject({
  file_ids: z.array(ZEvidenceFileId).min(1).max(4).meta({
    description:
      "The document's images or PDFs (`file_...`, of a PDF page 1 is read): front and back, or pages, in any order. Files uploaded with `POST /v1/files` (purpose `identity_document`, `business_document` or `proof_of_address`) or hosted-flow evidence. One or two pages answer within a few seconds; use `async=true` for more.",
  }),
  document_type: z.string().trim().min(1).max(64).optional().meta({
    description:
      "Key of a document type (GET /v1/document-types) with field extraction: `pan_card`, `aadhaar_card`, `passport`, `driving_licence`, `voter_id`, `gst_certificate`. Without it the type is detected from the first page; a declared type the page contradicts fails with `document_type_mismatch`.",
  }),
});
export type TDocumentExtractInput = z.infer<typeof ZDocumentExtractInput>;

const documentExtract: CheckDefinition<TDocumentExtractInput> = {
  key: "in.document.extract",
  genericKey: "document.extract",
  country: "IN",
  description:
    "Reads an identity or business document's fields by OCR (the service's own engine, no third party): each field with its value, confidence, the zone it was read in (`visual` or `mrz`) and its validity (format, check digits, checksum), the passport's MRZ parse, and signals (`mrz_check_digit_failed`, `mrz_visual_mismatch`, `mrz_not_found`, `expired`, `quality_low`). `passed`: every field read is valid and no signal needs review; it proves what was printed, not that the document is genuine (verify the identifiers with their registry checks). `needs_review`: a field OCR was unsure of or that failed its validator, or a signal; `failed`: unreadable, or not the declared type.",
  answeredBy: "service",
  cacheTtlSeconds: 0,
  input: ZDocumentExtractInput,
  validate: (i) => {
    if (i.document_type === undefined) return null;
    if (!DOCUMENT_TYPES.some((d) => d.country === "IN" && d.key === i.document_type)) return "document_type_unknown";
    return EXTRACTABLE_DOCUMENT_TYPES.includes(i.document_type) ? null : "document_type_not_extractable";
  },
  files: (i) => [{ param: "file_ids", ids: i.file_ids, many: true, purposes: DOCUMENT_PURPOSES }],
};

// --- in.ckyc.search / in.ckyc.download / in.ckyc.upload (issue 19 item 2) -----------------------

/** The officially valid documents CKYCR searches by (CERSAI Search API `ID_TYPE`). */
export const CKYC_ID_TYPES = ["pan", "passport", "voter_id", "driving_licence", "ckyc_number"] as const;

export const ZCkycSearchInput = z.strictObject({
  id_type: z
    .enum(CKYC_ID_TYPES)
    .default("pan")
    .meta({ description: "The document searched by: `pan` (default), `passport`, `voter_id`, `driving_licence` or a `ckyc_number` (14 digits)." }),
  id_number: code(30, (raw) => raw.replace(/[\s-]+/g, "").toUpperCase()).meta({ description: "The document's number as printed." }),
});
export type TCkycSearchInput = z.infer<typeof ZCkycSearchInput>;

/** Offline problem of a CKYC search's identifier, or null. */
function ckycIdProblem(i: TCkycSearchInput): string | null {
  if (i.id_type === "pan") return panProblem(i.id_number);
  if (i.id_type === "ckyc_number") return /^[0-9]{14}$/.test(i.id_number) ? null : "ckyc_number_invalid";
  return /^[A-Z0-9/]{5,20}$/.test(i.id_number) ? null : "id_number_invalid";
}

const ckycSearch: CheckDefinition<TCkycSearchInput> = {
  key: "in.ckyc.search",
  genericKey: "kyc_record.search",
  country: "IN",
  description:
    "Searches the Central KYC Records Registry (CKYCR, CERSAI) by PAN or another officially valid document: whether a KYC record exists, its masked CKYC number, the reference to download it with (`ckyc_reference_id`) and the date of the KYC. No personal details beyond the registry's name.",
  answeredBy: "registry",
  cacheTtlSeconds: 0,
  input: ZCkycSearchInput,
  validate: ckycIdProblem,
};

/**
 * How the applicant proves the record is theirs when it is downloaded: CKYCR `AUTH_FACTOR_TYPE` 01,
 * 02, 03, or (CKYC 1.3, from 9 May 2025, the registry's rule for individuals) `otp`, a code the
 * registry sends to the mobile number registered on the record.
 */
export const CKYC_AUTH_FACTORS = ["otp", "dob", "pincode_year_of_birth", "mobile"] as const;

export const ZCkycDownloadInput = z
  .strictObject({
    ckyc_reference_id: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .meta({ description: "`ckyc_reference_id` of an `in.ckyc.search` answer (or the 14-digit CKYC number)." }),
    auth_factor: z.enum(CKYC_AUTH_FACTORS).meta({
      description:
        "The authentication factor the registry checks: `otp` (CKYC 1.3, required for individuals: the registry sends a one-time code to the mobile number registered with the record; the check answers `pending` and is completed with POST /v1/checks/{id}/otp), `dob` (date of birth), `pincode_year_of_birth` (the record's PIN code and year of birth) or `mobile` (the mobile number registered with the record).",
    }),
    dob: z.iso.date().optional().meta({ description: "With `auth_factor: dob`: date of birth (or incorporation), YYYY-MM-DD." }),
    pincode: z
      .string()
      .regex(/^[1-9][0-9]{5}$/)
      .optional()
      .meta({ description: "With `pincode_year_of_birth`: the 6-digit PIN code of the record's address." }),
    year_of_birth: z
      .string()
      .regex(/^(19|20)[0-9]{2}$/)
      .optional()
      .meta({ description: "With `pincode_year_of_birth`: YYYY." }),
    mobile: ZIndianMobile.optional().meta({
      description: "With `auth_factor: mobile` or `otp`: the mobile number registered with the record (with `otp`, the registry sends the code to it).",
    }),
  })
  .superRefine((i, ctx) => {
    const needs: Record<(typeof CKYC_AUTH_FACTORS)[number], ("dob" | "pincode" | "year_of_birth" | "mobile")[]> = {
      dob: ["dob"],
      pincode_year_of_birth: ["pincode", "year_of_birth"],
      mobile: ["mobile"],
      otp: ["mobile"],
    };
    for (const field of needs[i.auth_factor]) {
      if (i[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: `'${field}' is needed with auth_factor '${i.auth_factor}'.` });
    }
  });
export type TCkycDownloadInput = z.infer<typeof ZCkycDownloadInput>;

const ckycDownload: CheckDefinition<TCkycDownloadInput> = {
  key: "in.ckyc.download",
  genericKey: "kyc_record.download",
  country: "IN",
  description:
    "Downloads the applicant's KYC record from CKYCR with their consent and the authentication factor the registry requires: name, date of birth, gender, address, identity documents and the photo (stored as evidence, the reference photo for face match). `passed` when the registry released the record. With `auth_factor: otp` (CKYC 1.3, the rule for individuals) it is answered in two phases: `pending` with `result.otp_sent_to` (masked), `otp_expires_at` and `attempts_left` while the registry's code travels to the record's mobile number, then POST /v1/checks/{id}/otp with `otp` completes it (`passed` with the record; a wrong code keeps it `pending` with one attempt less; the 3rd wrong code fails it `ckyc_auth_failed`, an expired one `otp_expired`), or with `resend: true` sends a new code (once per 30 s). Other factors (date of birth, PIN code and year of birth, or the registered mobile) answer at once.",
  answeredBy: "registry",
  cacheTtlSeconds: 0,
  input: ZCkycDownloadInput,
  validate: () => null,
  awaitsOtp: (i) => i.auth_factor === "otp",
};

const ZUploadText = (max: number) => z.string().trim().min(1).max(max);

/** The KYC record the service uploads to CKYCR after approving a session (built by server/ckyc/ckyc-record.ts). */
export const ZCkycUploadInput = z.strictObject({
  session_id: z.string().min(1),
  /** The CKYC number of the record when it was downloaded: the upload then updates it. */
  ckyc_number: z
    .string()
    .regex(/^[0-9]{14}$/)
    .nullable(),
  name: ZRegistryName,
  father_or_spouse_name: ZRegistryName.nullable(),
  gender: z.enum(["M", "F", "T"]).nullable(),
  dob: z.iso.date(),
  pan: z
    .string()
    .regex(/^[A-Z]{5}[0-9]{4}[A-Z]$/)
    .nullable(),
  address: z.strictObject({
    line1: ZUploadText(200),
    line2: ZUploadText(200).nullable(),
    city: ZUploadText(100).nullable(),
    district: ZUploadText(100).nullable(),
    state: ZUploadText(100).nullable(),
    pincode: z.string().regex(/^[1-9][0-9]{5}$/),
    country: z.literal("IN"),
  }),
  mobile: z
    .string()
    .regex(/^[6-9][0-9]{9}$/)
    .nullable(),
  email: z.string().max(200).nullable(),
  /** Documents the verification proved: CKYCR identity type and number. */
  identities: z.array(z.strictObject({ type: z.enum(["pan", "aadhaar_offline", "ckyc_download", "document"]), number: ZUploadText(40) })).max(10),
  /** Base64 JPEG/PNG photo of the applicant (the selfie or the verified reference photo). */
  photo_base64: z.base64().max(2_000_000).nullable(),
  kyc_date: z.iso.date(),
});
export type TCkycUploadInput = z.infer<typeof ZCkycUploadInput>;

const ckycUpload: CheckDefinition<TCkycUploadInput> = {
  key: "in.ckyc.upload",
  genericKey: "kyc_record.upload",
  country: "IN",
  description:
    "Uploads (or updates) the approved applicant's KYC record to CKYCR within 7 days of onboarding (RBI KYC Directions): run by the service itself after approval, tracked in the dashboard's CKYC upload queue, with the events `ckyc.upload_succeeded` / `ckyc.upload_failed`. Not callable through POST /v1/checks/{key}.",
  answeredBy: "registry",
  cacheTtlSeconds: 0,
  input: ZCkycUploadInput,
  validate: () => null,
  jobOnly: true,
};

// --- in.aml.screen (issue 20) ----------------------------------------------------------------

export const ZAmlScreenInput = z.strictObject({
  name: z.string().trim().min(1).max(300).meta({ description: "The person's full name, in any script or order (transliterated and normalized for matching)." }),
  date_of_birth: z
    .union([z.iso.date(), z.string().regex(/^\d{4}$/)])
    .optional()
    .meta({ description: "`YYYY-MM-DD`, or the year `YYYY`: lowers the score of a listed person born more than a year apart." }),
  nationality: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "An ISO 3166-1 alpha-2 country code.")
    .transform((c) => c.toUpperCase())
    .optional()
    .meta({
      description:
        "The person's nationality or country of residence (ISO 3166-1 alpha-2): lowers the score of a listed person of another nationality. (`country` selects the check, as for every direct check.)",
    }),
  monitor: z.boolean().optional().meta({
    description: "`true`: keep screening this person whenever a list changes and daily (ongoing monitoring; `session.screening_match` on a new candidate).",
  }),
  threshold: ZThreshold("Candidate score", 0.8),
});
export type TAmlScreenInput = z.infer<typeof ZAmlScreenInput>;

const amlScreen: CheckDefinition<TAmlScreenInput> = {
  key: "in.aml.screen",
  genericKey: "aml.screen",
  country: "IN",
  description:
    "Sanctions and PEP screening: the name (with date of birth and country, when given) against the active versions of the UN Security Council consolidated list, OFAC's SDN list, the MHA UAPA lists and the operator's PEP list (test mode adds the sandbox list). `passed`: no listed entry scores at the threshold (0.8 by default); it proves absence from the lists at that threshold, not identity. Measured (bench/README.md): 51 / 51 labelled spelling, transliteration, script and order variants matched, 0 / 35 innocent near-namesakes flagged, 1,000 / 1,000 synthetic variants found among 100,000 entries; a candidate is a signal, never a verdict. `needs_review`: the candidates (score, fields that matched, list entry, list and version) for a reviewer to mark true or false matches; a confirmed sanctions match fails the check (`sanctions_match`).",
  answeredBy: "service",
  cacheTtlSeconds: 0,
  input: ZAmlScreenInput,
  validate: () => null,
};

export const CHECKS: readonly CheckDefinition[] = [
  panVerify,
  panAadhaarLink,
  aadhaarOfflineEkyc,
  aadhaarSecureQr,
  aadhaarDigilocker,
  gstinVerify,
  cinVerify,
  udyamVerify,
  bankAccountVerify,
  bankAccountReversePennyDrop,
  ifscLookup,
  phoneVerify,
  emailVerify,
  documentReview,
  faceMatch,
  livenessCheck,
  documentExtract,
  ckycSearch,
  ckycDownload,
  ckycUpload,
  amlScreen,
];

/**
 * Resolves a country key (`in.pan.verify`) or a generic key plus country
 * (`tax_id.verify` + `IN`) to its catalog entry.
 * @throws DomainError resource_missing when no such check exists for the country.
 */
export function resolveCheck(key: string, country?: string): CheckDefinition {
  const byKey = CHECKS.find((c) => c.key === key);
  if (byKey) return byKey;
  const generic = CHECKS.find((c) => c.genericKey === key && (!country || c.country === country.toUpperCase()));
  if (generic && country) return generic;
  if (generic) throw new DomainError("parameter_missing", `Generic check '${key}' needs a 'country'.`, { param: "country" });
  throw new DomainError("resource_missing", `No such check: '${key}'`, { param: "key" });
}
