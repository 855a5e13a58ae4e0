/**
 * Aadhaar Secure QR (`in.aadhaar.secure_qr`), per UIDAI's "Aadhaar Secure QR Code" specification
 * (User manual for Secure QR Code, 2019, and its V2 revision printed since 2022):
 *
 * 1. The QR holds a big decimal integer. As bytes (big-endian) it is a GZip-compressed payload.
 * 2. Decompressed, the last 256 bytes are an RSA-2048 / SHA-256 (PKCS#1 v1.5) signature by UIDAI
 *    over every byte before them.
 * 3. The signed part is text fields separated by byte 255, read as ISO-8859-1:
 *    - V2 (starts with the field `V2`): version, email_mobile indicator, reference id, name, dob,
 *      gender, care of, district, landmark, house, location, pincode, post office, state, street,
 *      sub district, VTC, last 4 digits of the mobile number; then the photo (JPEG 2000) to the end.
 *      V2 carries no email / mobile hashes.
 *    - Version 0 (no version field): the same fields from the indicator to VTC, then the photo, then
 *      the hashes the indicator announces (0 none, 1 email, 2 mobile, 3 both; 32 bytes each, the
 *      mobile hash last, right before the signature).
 */
import { verify as verifySignature } from "node:crypto";
import { gunzipSync, inflateSync } from "node:zlib";
import {
  clean,
  isStale,
  normalizeDob,
  parseReferenceId,
  reject,
  type AadhaarAddress,
  type AadhaarRejected,
  type AadhaarVerification,
  type AadhaarVerified,
} from "./aadhaar-data";
import type { UidaiCertificate } from "./uidai-certificates";
export { ZAadhaarSecureQrInput, type TAadhaarSecureQrInput } from "../catalog";
import type { TAadhaarSecureQrInput } from "../catalog";

const SIGNATURE_BYTES = 256;
const HASH_BYTES = 32;
const DELIMITER = 255;
/** Real payloads are a few KB; the bound stops decompression bombs. */
const MAX_DECOMPRESSED_BYTES = 256 * 1024;
/** A version 40 QR holds at most 7,089 digits. */
const MAX_DIGITS = 8000;

/** Format-specific output. Hashes are hex; V2 has none. */
export interface SecureQrExtra {
  /** `V2`, or `V0` for the original format with no version field. */
  version: string;
  mobileLast4: string | null;
  mobileHash: string | null;
  emailHash: string | null;
  emailMobileIndicator: number;
}

export interface SecureQrOptions {
  certificates: readonly UidaiCertificate[];
  now?: Date;
  /**
   * Maximum age of the QR (Reference ID timestamp). Default null here: not checked. The provider
   * (server/providers/aadhaar-crypto.ts) passes 72 hours unless `AADHAAR_QR_MAX_AGE_HOURS` says
   * otherwise (the RBI 3-day rule), so a QR printed on an old letter or PVC card fails there.
   */
  maxAgeMs?: number | null;
}

/** Big-endian bytes of a non-negative decimal integer string. */
export function decimalToBytes(decimal: string): Uint8Array {
  let hex = BigInt(decimal).toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return new Uint8Array(Buffer.from(hex, "hex"));
}

/** GZip per the specification; zlib as a fallback (some generators emit a zlib stream). */
function decompress(bytes: Uint8Array): Buffer | null {
  for (const inflate of [gunzipSync, inflateSync]) {
    try {
      return inflate(bytes, { maxOutputLength: MAX_DECOMPRESSED_BYTES });
    } catch {
      // try the next container
    }
  }
  return null;
}

/** UTF-8 when the bytes are valid UTF-8 (plain ASCII in practice), else ISO-8859-1 as the specification says. */
function text(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return Buffer.from(bytes).toString("latin1");
  }
}

/** Splits `count` delimited fields off the start; the remainder starts after the last delimiter. */
function splitFields(data: Uint8Array, count: number): { fields: string[]; rest: Uint8Array } | null {
  const fields: string[] = [];
  let start = 0;
  for (let i = 0; i < count; i++) {
    const end = data.indexOf(DELIMITER, start);
    if (end < 0) return null;
    fields.push(text(data.subarray(start, end)));
    start = end + 1;
  }
  return { fields, rest: data.subarray(start) };
}

/**
 * Verifies a Secure QR payload: decodes and decompresses it, checks UIDAI's RSA-SHA256 signature
 * against each configured certificate until one verifies, then reads the fields.
 *
 * @returns `ok: true` with the identity, the certificate that verified and the photo (JPEG 2000
 *   bytes, kept out of the identity); or `ok: false` with `aadhaar_certificate_missing`,
 *   `aadhaar_qr_invalid` (not digits, not compressed data, too short, unknown version, fields
 *   missing), `aadhaar_signature_invalid` (no configured certificate verifies it, e.g. a tampered
 *   byte), or `aadhaar_ekyc_stale` (only when `maxAgeMs` is set; `verified` carries the data).
 */
export function verifySecureQr(input: TAadhaarSecureQrInput, options: SecureQrOptions): AadhaarVerification<SecureQrExtra> {
  if (options.certificates.length === 0) return reject("aadhaar_certificate_missing", "No UIDAI certificate is configured.");
  const digits = input.qr_payload.trim();
  if (!/^\d+$/.test(digits) || digits.length > MAX_DIGITS) return reject("aadhaar_qr_invalid", "The QR payload is not a decimal number.");
  const data = decompress(decimalToBytes(digits));
  if (!data || data.length <= SIGNATURE_BYTES) return reject("aadhaar_qr_invalid", "The QR payload is not an Aadhaar Secure QR.");

  const signed = data.subarray(0, data.length - SIGNATURE_BYTES);
  const signature = data.subarray(data.length - SIGNATURE_BYTES);
  const certificate = options.certificates.find((c) => {
    try {
      return verifySignature("sha256", signed, c.publicKey, signature);
    } catch {
      return false;
    }
  });
  if (!certificate) return reject("aadhaar_signature_invalid", "No configured UIDAI certificate verifies this QR's signature.");

  const parsed = parseSignedData(signed);
  if (!parsed.ok) return parsed;
  const verified: AadhaarVerified<SecureQrExtra> = { ...parsed.verified, certificate: certificate.info };
  if (isStale(new Date(verified.identity.generated_at), options.now ?? new Date(), options.maxAgeMs ?? null)) {
    return reject("aadhaar_ekyc_stale", "The Secure QR is older than the allowed age; ask for a fresh one.", verified);
  }
  return verified;
}

type Parsed = { ok: true; verified: Omit<AadhaarVerified<SecureQrExtra>, "certificate"> } | AadhaarRejected<SecureQrExtra>;

function parseSignedData(signed: Uint8Array): Parsed {
  const firstEnd = signed.indexOf(DELIMITER);
  const first = firstEnd >= 0 ? text(signed.subarray(0, firstEnd)) : "";
  const versioned = /^V\d+$/.test(first);
  if (versioned && first !== "V2") return reject("aadhaar_qr_invalid", `Secure QR version ${first} is not supported.`);
  const split = splitFields(signed, versioned ? 18 : 16);
  if (!split) return reject("aadhaar_qr_invalid", "The Secure QR lacks some of its fields.");
  const f = versioned ? split.fields.slice(1) : split.fields;
  const [
    indicatorText,
    referenceId,
    name,
    dob,
    gender,
    careOf,
    district,
    landmark,
    house,
    location,
    pincode,
    postOffice,
    state,
    street,
    subDistrict,
    vtc,
    mobileLast4,
  ] = f.map((v) => v ?? "");
  const indicator = Number(indicatorText);
  const reference = parseReferenceId(referenceId ?? "");
  if (!reference || !Number.isInteger(indicator) || indicator < 0 || indicator > 3 || !clean(name) || !clean(dob) || !clean(gender)) {
    return reject("aadhaar_qr_invalid", "The Secure QR's reference id, indicator, name, gender or date of birth is malformed.");
  }

  // Version 0 ends with the announced hashes (email first, mobile last); V2 has none.
  const hashBytes = (!versioned && indicator === 3 ? 2 : !versioned && indicator > 0 ? 1 : 0) * HASH_BYTES;
  if (split.rest.length < hashBytes) return reject("aadhaar_qr_invalid", "The Secure QR is shorter than its hashes.");
  const photoBytes = split.rest.subarray(0, split.rest.length - hashBytes);
  const tail = split.rest.subarray(split.rest.length - hashBytes);
  const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
  const mobileHash = !versioned && (indicator === 2 || indicator === 3) ? hex(tail.subarray(tail.length - HASH_BYTES)) : null;
  const emailHash = !versioned && (indicator === 1 || indicator === 3) ? hex(tail.subarray(0, HASH_BYTES)) : null;

  const address: AadhaarAddress = {
    care_of: clean(careOf),
    house: clean(house),
    street: clean(street),
    landmark: clean(landmark),
    locality: clean(location),
    vtc: clean(vtc),
    post_office: clean(postOffice),
    sub_district: clean(subDistrict),
    district: clean(district),
    state: clean(state),
    pincode: clean(pincode),
    country: null,
  };
  return {
    ok: true,
    verified: {
      ok: true,
      identity: {
        reference_id_last4: reference.last4,
        name: clean(name)!,
        dob: normalizeDob(dob!),
        gender: clean(gender)!.toUpperCase(),
        address,
        generated_at: reference.generatedAt.toISOString(),
        photo_present: photoBytes.length > 0,
      },
      signatureAlgorithm: "rsa-sha256",
      photo: photoBytes.length > 0 ? { contentType: "image/jp2", bytes: new Uint8Array(photoBytes) } : null,
      extra: {
        version: versioned ? first : "V0",
        mobileLast4: versioned ? clean(mobileLast4) : null,
        mobileHash,
        emailHash,
        emailMobileIndicator: indicator,
      },
    },
  };
}
