/**
 * Offline structure checks of the two Aadhaar artefacts a resident can share without the
 * number itself (the cryptographic verification of their UIDAI signatures is done by the
 * cryptographic provider, not here):
 *
 * - Offline e-KYC (UIDAI "Aadhaar Paperless Offline e-KYC" API specification, v1.x): a ZIP
 *   downloaded from myaadhaar.uidai.gov.in, encrypted with a 4-character share code chosen by
 *   the resident, holding a signed XML. Checked here: it is a ZIP (local file header signature
 *   `PK\x03\x04`, APPNOTE.TXT 4.3.7), at most 5 MiB, and the share code has 4 characters.
 * - Secure QR (UIDAI "Secure QR Code Specification" v2): the QR holds a big decimal integer;
 *   its big-endian bytes are a GZIP stream (RFC 1952: magic `1f 8b`) of the signed fields.
 *   Checked here: digits only and a GZIP magic. The old unsigned XML QR (it prints the full
 *   Aadhaar number) is refused by the input schema, so it is never stored.
 */

/** Largest accepted offline e-KYC ZIP. */
export const OFFLINE_EKYC_MAX_BYTES = 5 * 1024 * 1024;
/** Base64 length of `OFFLINE_EKYC_MAX_BYTES` bytes. */
export const OFFLINE_EKYC_MAX_BASE64 = Math.ceil(OFFLINE_EKYC_MAX_BYTES / 3) * 4;
/** Largest DigiLocker e-Aadhaar XML accepted (real ones are tens of KB; the photo dominates). */
export const EAADHAAR_MAX_BYTES = 2 * 1024 * 1024;
/** A Secure QR payload is a few thousand digits; anything this short is not one (and could be an Aadhaar number). */
export const SECURE_QR_MIN_DIGITS = 100;
/** Largest numeric payload of a QR code (version 40, level L; ISO/IEC 18004 table 7). */
export const SECURE_QR_MAX_DIGITS = 7089;

/**
 * @param zipBase64 the ZIP, base64 without whitespace
 * @param shareCode the resident's share code (the ZIP password, case-sensitive)
 * @returns null when plausible, else `aadhaar_zip_invalid` (not a ZIP, or over 5 MiB) or
 *   `share_code_invalid` (not exactly 4 visible ASCII characters).
 */
export function offlineEkycProblem(zipBase64: string, shareCode: string): "aadhaar_zip_invalid" | "share_code_invalid" | null {
  const head = Buffer.from(zipBase64.slice(0, 8), "base64");
  const bytes = Math.floor((zipBase64.length * 3) / 4) - (zipBase64.endsWith("==") ? 2 : zipBase64.endsWith("=") ? 1 : 0);
  if (bytes > OFFLINE_EKYC_MAX_BYTES || head.length < 4 || head.readUInt32BE(0) !== 0x504b0304) return "aadhaar_zip_invalid";
  if (!/^[\x21-\x7e]{4}$/.test(shareCode)) return "share_code_invalid";
  return null;
}

/**
 * @param payload the decimal digits read from the QR
 * @returns null when the big-endian bytes of the number start with a GZIP (1f 8b) or zlib (78 xx)
 *   header, the two compressions UIDAI's Secure QR readers accept, else `aadhaar_qr_invalid`.
 */
export function secureQrProblem(payload: string): "aadhaar_qr_invalid" | null {
  if (!/^[0-9]+$/.test(payload) || payload.length > SECURE_QR_MAX_DIGITS) return "aadhaar_qr_invalid";
  const hex = BigInt(payload).toString(16);
  const even = hex.length % 2 === 0 ? hex : `0${hex}`;
  return even.startsWith("1f8b") || /^78(01|5e|9c|da)/.test(even) ? null : "aadhaar_qr_invalid";
}
