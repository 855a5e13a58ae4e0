/**
 * What both UIDAI offline formats carry (Aadhaar Paperless Offline e-KYC XML and Aadhaar Secure
 * QR), normalized to one shape, plus the outcome type of their verifiers.
 *
 * Privacy rule: the Reference ID is "last 4 digits of the Aadhaar number + generation timestamp"
 * (UIDAI Offline e-KYC and Secure QR specifications); only those 4 digits and the timestamp ever
 * leave these modules. No Aadhaar number is ever available here, and none is stored.
 */
import type { UidaiCertificateInfo } from "./uidai-certificates";

/** Error codes of the offline Aadhaar verifiers (check `error_code`). */
export type AadhaarErrorCode =
  | "aadhaar_zip_invalid"
  | "share_code_invalid"
  | "aadhaar_signature_invalid"
  | "aadhaar_xml_invalid"
  | "aadhaar_qr_invalid"
  | "aadhaar_ekyc_stale"
  | "aadhaar_certificate_missing";

/** Postal address as UIDAI records it (Offline XML `Poa` attributes / Secure QR address fields). Empty fields are null. */
export interface AadhaarAddress {
  care_of: string | null;
  house: string | null;
  street: string | null;
  landmark: string | null;
  locality: string | null;
  vtc: string | null;
  post_office: string | null;
  sub_district: string | null;
  district: string | null;
  state: string | null;
  pincode: string | null;
  country: string | null;
}

/** Demographic data extracted from a verified document (the check's `result` minus verification metadata). */
export interface AadhaarIdentity {
  /** Last 4 digits of the Aadhaar number (first 4 characters of the Reference ID). Never more. */
  reference_id_last4: string;
  name: string;
  /** `YYYY-MM-DD`, or `YYYY` when UIDAI only holds the year of birth; the raw value if neither parses. */
  dob: string;
  /** UIDAI gender letter: `M`, `F` or `T`. */
  gender: string;
  address: AadhaarAddress;
  /** When UIDAI generated the document (Reference ID timestamp, read as IST), ISO 8601 in UTC. */
  generated_at: string;
  photo_present: boolean;
}

/** The applicant's photo, returned apart from the result so the caller can store it as evidence. */
export interface AadhaarPhoto {
  /** `image/jpeg` (Offline e-KYC XML) or `image/jp2` (JPEG 2000, Secure QR). */
  contentType: "image/jpeg" | "image/jp2";
  bytes: Uint8Array;
}

/** A document whose UIDAI signature verified. `stale` is set when it is older than the allowed age. */
export interface AadhaarVerified<Extra> {
  ok: true;
  identity: AadhaarIdentity;
  certificate: UidaiCertificateInfo;
  /** `rsa-sha1` or `rsa-sha256`. */
  signatureAlgorithm: string;
  photo: AadhaarPhoto | null;
  /** Format-specific fields (hashes, QR version, ...). */
  extra: Extra;
}

/** A document that could not be verified. `verified` is present when the signature verified but the document was still refused (stale). */
export interface AadhaarRejected<Extra> {
  ok: false;
  errorCode: AadhaarErrorCode;
  /** Human-readable reason; never contains document data. */
  message: string;
  verified?: AadhaarVerified<Extra>;
}

export type AadhaarVerification<Extra> = AadhaarVerified<Extra> | AadhaarRejected<Extra>;

/** One stage of a verifier: its value, or the rejection that ends the verification. */
export type AadhaarStep<T, Extra> = { ok: true; value: T } | AadhaarRejected<Extra>;

/** Builds a rejection; `verified` only when the signature verified but a later rule refused the document. */
export const reject = <Extra>(errorCode: AadhaarErrorCode, message: string, verified?: AadhaarVerified<Extra>): AadhaarRejected<Extra> => ({
  ok: false,
  errorCode,
  message,
  ...(verified ? { verified } : {}),
});

/** Reference ID: 4 digits (end of the Aadhaar number) + `YYYYMMDDHHMMSSsss` (UIDAI Offline e-KYC / Secure QR specifications). */
const REFERENCE_ID = /^(\d{4})(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{3})$/;

/** IST is UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60 * 1000;

/**
 * Splits a Reference ID into the last 4 digits of the Aadhaar number and the generation time.
 * The timestamp is UIDAI's local time (IST).
 * @returns null when the value does not have the documented 21-digit shape or the time is not a real date.
 */
export function parseReferenceId(referenceId: string): { last4: string; generatedAt: Date } | null {
  const m = REFERENCE_ID.exec(referenceId.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s, ms] = m.slice(2).map(Number) as [number, number, number, number, number, number, number];
  const asUtc = new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms));
  if (asUtc.getUTCFullYear() !== y || asUtc.getUTCMonth() !== mo - 1 || asUtc.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  return { last4: m[1]!, generatedAt: new Date(asUtc.getTime() - IST_OFFSET_MS) };
}

/** `DD-MM-YYYY` / `DD/MM/YYYY` -> `YYYY-MM-DD`; `YYYY` kept; anything else returned trimmed as given. */
export function normalizeDob(raw: string): string {
  const value = raw.trim();
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(value);
  return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : value;
}

/** Trims and collapses whitespace; empty becomes null. */
export function clean(value: string | null | undefined): string | null {
  const v = (value ?? "").replace(/\s+/g, " ").trim();
  return v === "" ? null : v;
}

/** True when `generatedAt` is older than `maxAgeMs` at `now`. A null max age disables the check. */
export function isStale(generatedAt: Date, now: Date, maxAgeMs: number | null): boolean {
  return maxAgeMs !== null && now.getTime() - generatedAt.getTime() > maxAgeMs;
}
