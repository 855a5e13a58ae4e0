/**
 * Aadhaar Paperless Offline e-KYC (`in.aadhaar.offline_ekyc`), per UIDAI's "Aadhaar Paperless
 * Offline e-KYC" specification and FAQ (uidai.gov.in, "About Aadhaar Paperless Offline e-KYC"):
 *
 * - The resident downloads a ZIP protected by a 4-character share code. It holds one file,
 *   `offlineaadhaar<timestamp>.xml`:
 *   `<OfflinePaperlessKyc referenceId="<last 4 of Aadhaar><YYYYMMDDHHMMSSsss>">`
 *   `<UidData><Poi name dob gender e m/><Poa careof country dist house landmark loc pc po state street subdist vtc/><Pht>base64 JPEG</Pht></UidData>`
 *   `<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">` (enveloped, `Reference URI=""`, RSA-SHA1 in older files, RSA-SHA256 in newer ones)
 * - The whole XML is signed by UIDAI; the service provider verifies it with UIDAI's public certificate.
 * - `m` / `e` are hashes of the mobile number / email (see {@link mobileMatches}).
 *
 * Only data covered by the verified signature is read: fields come from the canonical XML that
 * xml-crypto returns for the validated reference, never from the raw document.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { ERR_INVALID_COMPRESSED_DATA, ERR_INVALID_CRC32, ERR_INVALID_PASSWORD, Uint8ArrayReader, ZipReader, type Entry, type FileEntry } from "@zip.js/zip.js";
import {
  clean,
  isStale,
  normalizeDob,
  parseReferenceId,
  reject,
  type AadhaarAddress,
  type AadhaarStep,
  type AadhaarVerification,
  type AadhaarVerified,
} from "./aadhaar-data";
import type { UidaiCertificate } from "./uidai-certificates";
import { only, parseXml, verifySignedXml } from "./uidai-xmldsig";
export { ZAadhaarOfflineEkycInput, type TAadhaarOfflineEkycInput } from "../catalog";
import type { TAadhaarOfflineEkycInput } from "../catalog";

/**
 * Default maximum age of an Offline e-KYC XML: 3 days. RBI's Master Direction on KYC (2016, as
 * amended) asks regulated entities doing Aadhaar offline verification to use an XML / Secure QR
 * generated no more than 3 days before the KYC is carried out; most Indian KYC stacks apply it.
 */
export const OFFLINE_EKYC_DEFAULT_MAX_AGE_MS = 3 * 24 * 3600 * 1000;

/** Real files are ~10-50 KB (the photo dominates); these bounds only stop abuse (5 MiB as the catalog's input limit). */
const MAX_ZIP_BYTES = 5 * 1024 * 1024;
const MAX_XML_BYTES = 8 * 1024 * 1024;

/** Format-specific output: the `m` / `e` hashes (hex) for {@link mobileMatches}; not part of the check result. */
export interface OfflineEkycExtra {
  mobileHash: string | null;
  emailHash: string | null;
}

export interface OfflineEkycOptions {
  certificates: readonly UidaiCertificate[];
  /** Reference time for the age check; default now. */
  now?: Date;
  /** Maximum age of the XML; default {@link OFFLINE_EKYC_DEFAULT_MAX_AGE_MS}; null disables the check. */
  maxAgeMs?: number | null;
}

type Step<T> = AadhaarStep<T, OfflineEkycExtra>;

/**
 * Verifies an Offline e-KYC ZIP: decrypts it with the share code, checks UIDAI's XML signature
 * against each configured certificate until one verifies, extracts the demographic data and
 * checks the XML's age.
 *
 * @returns `ok: true` with the identity, the certificate that verified, and the photo (JPEG bytes,
 *   kept out of the identity); or `ok: false` with `aadhaar_certificate_missing` (no certificate),
 *   `aadhaar_zip_invalid` (not base64, not a ZIP, not one encrypted XML entry, too large),
 *   `share_code_invalid` (wrong password), `aadhaar_xml_invalid` (not the documented XML),
 *   `aadhaar_signature_invalid` (no configured certificate verifies it, e.g. a tampered byte), or
 *   `aadhaar_ekyc_stale` (signature valid but older than `maxAgeMs`; `verified` carries the data).
 */
export async function verifyOfflineEkyc(input: TAadhaarOfflineEkycInput, options: OfflineEkycOptions): Promise<AadhaarVerification<OfflineEkycExtra>> {
  if (options.certificates.length === 0) return reject("aadhaar_certificate_missing", "No UIDAI certificate is configured.");
  const zip = decodeBase64(input.zip_base64);
  if (!zip) return reject("aadhaar_zip_invalid", "zip_base64 is not base64.");
  if (zip.length > MAX_ZIP_BYTES) return reject("aadhaar_zip_invalid", "The ZIP is larger than an Offline e-KYC file can be.");

  const extracted = await extractXml(zip, input.share_code);
  if (!extracted.ok) return extracted;
  const xml = new TextDecoder("utf-8").decode(extracted.value).replace(/^\uFEFF/, "");

  const signed = verifySignedXml<OfflineEkycExtra>(xml, options.certificates, "OfflinePaperlessKyc", "The file is not an Offline e-KYC XML.");
  if (!signed.ok) return signed;
  const data = readKycData(signed.value.canonicalXml);
  if (!data.ok) return data;

  const verified: AadhaarVerified<OfflineEkycExtra> = {
    ok: true,
    identity: data.value.identity,
    certificate: signed.value.certificate.info,
    signatureAlgorithm: signed.value.algorithm,
    photo: data.value.photo,
    extra: data.value.hashes,
  };
  const maxAge = options.maxAgeMs === undefined ? OFFLINE_EKYC_DEFAULT_MAX_AGE_MS : options.maxAgeMs;
  if (isStale(data.value.generatedAt, options.now ?? new Date(), maxAge)) {
    return reject("aadhaar_ekyc_stale", "The Offline e-KYC XML is older than the allowed age; ask for a fresh download.", verified);
  }
  return verified;
}

/** Strict base64 (standard or URL-safe, whitespace ignored); null when the text is not base64. */
function decodeBase64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, "");
  if (compact.length === 0 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact) || compact.length % 4 === 1) return null;
  return Buffer.from(compact, compact.includes("-") || compact.includes("_") ? "base64url" : "base64");
}

/** Reads the single encrypted XML entry of the ZIP with the share code, refusing anything but that shape. */
async function extractXml(zip: Uint8Array, shareCode: string): Promise<Step<Uint8Array>> {
  const reader = new ZipReader(new Uint8ArrayReader(zip), { useWebWorkers: false });
  try {
    let entries: Entry[];
    try {
      entries = await reader.getEntries();
    } catch {
      return reject("aadhaar_zip_invalid", "The file is not a readable ZIP archive.");
    }
    const files = entries.filter((e): e is FileEntry => !e.directory);
    const entry = files[0];
    if (files.length !== 1 || !entry || !/\.xml$/i.test(entry.filename)) {
      return reject("aadhaar_zip_invalid", "An Offline e-KYC ZIP holds exactly one XML file.");
    }
    if (!entry.encrypted) return reject("aadhaar_zip_invalid", "An Offline e-KYC ZIP is protected by the share code; this one is not encrypted.");
    if (entry.uncompressedSize > MAX_XML_BYTES) return reject("aadhaar_zip_invalid", "The XML is larger than an Offline e-KYC file can be.");
    try {
      return { ok: true, value: await readEntry(entry, shareCode) };
    } catch (err) {
      const message = err instanceof Error ? err.message : "";
      // ZipCrypto checks a password against one byte only: a wrong share code that passes it shows up as bad data.
      const wrongCode = message === ERR_INVALID_PASSWORD || (entry.zipCrypto && (message === ERR_INVALID_CRC32 || message === ERR_INVALID_COMPRESSED_DATA));
      if (wrongCode) return reject("share_code_invalid", "The share code does not open this ZIP.");
      return reject("aadhaar_zip_invalid", "The XML in the ZIP cannot be read.");
    }
  } finally {
    await reader.close().catch(() => undefined);
  }
}

/** Decrypts and inflates one entry, stopping as soon as the output exceeds {@link MAX_XML_BYTES} (ZIP bomb guard). */
async function readEntry(entry: FileEntry, password: string): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const sink = new WritableStream<Uint8Array>({
    write(chunk) {
      size += chunk.length;
      if (size > MAX_XML_BYTES) throw new Error("entry too large");
      chunks.push(chunk);
    },
  });
  await entry.getData(sink, { password, checkCrc32: true, useWebWorkers: false });
  return Buffer.concat(chunks);
}

/** Reads the signed (canonical) document: Reference ID, Poi, Poa, Pht and the hashes. */
function readKycData(canonicalXml: string): Step<{
  identity: AadhaarVerified<OfflineEkycExtra>["identity"];
  generatedAt: Date;
  photo: AadhaarVerified<OfflineEkycExtra>["photo"];
  hashes: OfflineEkycExtra;
}> {
  const root = parseXml(canonicalXml)?.documentElement;
  const uidData = root && root.localName === "OfflinePaperlessKyc" ? only(root, "UidData") : null;
  const poi = uidData ? only(uidData, "Poi") : null;
  if (!root || !uidData || !poi) return reject("aadhaar_xml_invalid", "The XML lacks UidData/Poi.");
  const reference = parseReferenceId(root.getAttribute("referenceId") ?? "");
  if (!reference) return reject("aadhaar_xml_invalid", "The XML's referenceId is not 4 digits and a timestamp.");
  const name = clean(poi.getAttribute("name"));
  const gender = clean(poi.getAttribute("gender"))?.toUpperCase() ?? null;
  const dob = clean(poi.getAttribute("dob"));
  if (!name || !gender || !dob) return reject("aadhaar_xml_invalid", "The XML lacks name, gender or date of birth.");

  const poa = only(uidData, "Poa");
  const attr = (key: string) => clean(poa?.getAttribute(key));
  const address: AadhaarAddress = {
    care_of: attr("careof"),
    house: attr("house"),
    street: attr("street"),
    landmark: attr("landmark"),
    locality: attr("loc"),
    vtc: attr("vtc"),
    post_office: attr("po"),
    sub_district: attr("subdist"),
    district: attr("dist"),
    state: attr("state"),
    pincode: attr("pc"),
    country: attr("country"),
  };
  const photoText = only(uidData, "Pht")?.textContent?.replace(/\s+/g, "") ?? "";
  const photo = photoText ? { contentType: "image/jpeg" as const, bytes: new Uint8Array(Buffer.from(photoText, "base64")) } : null;
  const hash = (key: string) => clean(poi.getAttribute(key))?.toLowerCase() ?? null;
  return {
    ok: true,
    value: {
      identity: {
        reference_id_last4: reference.last4,
        name,
        dob: normalizeDob(dob),
        gender,
        address,
        generated_at: reference.generatedAt.toISOString(),
        photo_present: photo !== null && photo.bytes.length > 0,
      },
      generatedAt: reference.generatedAt,
      photo,
      hashes: { mobileHash: hash("m"), emailHash: hash("e") },
    },
  };
}

/** UIDAI registered mobiles are 10 digits; accepts `+91 98000 00002`, `098000...`, dashes and spaces. */
function normalizeMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, "");
  if (digits.length === 12 && digits.startsWith("91")) return digits.slice(2);
  if (digits.length === 11 && digits.startsWith("0")) return digits.slice(1);
  return digits;
}

/**
 * Checks the Offline e-KYC mobile hash (`Poi/@m`) against a mobile number the applicant gives.
 * UIDAI Offline e-KYC FAQ ("How will service providers use Aadhaar Offline e-KYC?"):
 * `Sha256(Sha256(Mobile+ShareCode)) * n`, n = last digit of the Aadhaar number (4th character
 * of the Reference ID); when that digit is 0 or 1 it is hashed once. Each round hashes the
 * previous round's lowercase hex digest (as UIDAI's example implementations do).
 *
 * @param hash the `m` attribute (hex).
 * @param referenceId the Reference ID, or just its first 4 characters (`reference_id_last4`).
 * @returns false (never throws) when any argument is malformed.
 */
export function mobileMatches(hash: string, mobile: string, shareCode: string, referenceId: string): boolean {
  const lastDigit = Number(referenceId.trim()[3]);
  const expected = hash.trim().toLowerCase();
  if (!Number.isInteger(lastDigit) || !/^[0-9a-f]{64}$/.test(expected)) return false;
  const rounds = lastDigit <= 1 ? 1 : lastDigit;
  let digest = `${normalizeMobile(mobile)}${shareCode}`;
  for (let i = 0; i < rounds; i++) digest = createHash("sha256").update(digest, "utf8").digest("hex");
  return timingSafeEqual(Buffer.from(digest, "hex"), Buffer.from(expected, "hex"));
}
