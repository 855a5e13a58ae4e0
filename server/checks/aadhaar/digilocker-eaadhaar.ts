/**
 * The e-Aadhaar XML that DigiLocker returns for an account with Aadhaar (Authorized Partner API
 * "Get e-Aadhaar Data in XML Format", `GET /oauth2/{v}/xml/eaadhaar`, schema `EaadharXamlSchema`):
 * UIDAI's e-KYC response
 * `<KycRes code ret="Y" ts txn ttl><Rar/><UidData uid="xxxxxxxx1234" tkn><Poi name dob gender/>`
 * `<Poa co house street lm loc vtc subdist dist state pc po country/><LData .../><Pht>base64 JPEG</Pht><Prn/></UidData>`
 * `<Signature xmlns="http://www.w3.org/2000/09/xmldsig#">` (enveloped, over the whole response).
 *
 * Verified with the same XMLDSig rules and certificates as the Offline e-KYC (./uidai-xmldsig.ts),
 * and refused once older than the allowed age (the response's `ts`, as the Offline e-KYC's
 * Reference ID time). Only the last 4 digits of the masked `uid` are kept.
 */
import { clean, isStale, normalizeDob, reject, type AadhaarAddress, type AadhaarStep, type AadhaarVerification, type AadhaarVerified } from "./aadhaar-data";
import { EAADHAAR_MAX_BYTES } from "../validators/aadhaar-offline";
import type { UidaiCertificate } from "./uidai-certificates";
import { only, parseXml, verifySignedXml } from "./uidai-xmldsig";

/** The e-Aadhaar carries no format-specific extras the service uses. */
export type EaadhaarExtra = Record<string, never>;

export interface EaadhaarOptions {
  certificates: readonly UidaiCertificate[];
  /** Reference time for the age check; default now. */
  now?: Date;
  /** Maximum age of the response (`KycRes/@ts`); null disables the check. */
  maxAgeMs: number | null;
}

/**
 * Verifies a DigiLocker e-Aadhaar XML: UIDAI's signature against the certificates, a `ret="Y"`
 * response, then the identity and photo.
 * @returns the identity (`reference_id_last4` = last 4 digits of the masked uid, `generated_at` =
 *   the response's `ts`), certificate and photo; or `aadhaar_certificate_missing`,
 *   `aadhaar_xml_invalid`, `aadhaar_signature_invalid`, `aadhaar_ekyc_stale` (with `verified`).
 */
export function verifyDigilockerEaadhaar(xml: string, options: EaadhaarOptions): AadhaarVerification<EaadhaarExtra> {
  if (options.certificates.length === 0) return reject("aadhaar_certificate_missing", "No UIDAI certificate is configured.");
  if (Buffer.byteLength(xml, "utf8") > EAADHAAR_MAX_BYTES) return reject("aadhaar_xml_invalid", "The e-Aadhaar XML is larger than one can be.");
  const signed = verifySignedXml<EaadhaarExtra>(xml.replace(/^\uFEFF/, ""), options.certificates, "KycRes", "The document is not a DigiLocker e-Aadhaar XML.");
  if (!signed.ok) return signed;
  const data = readKycRes(signed.value.canonicalXml);
  if (!data.ok) return data;
  const verified: AadhaarVerified<EaadhaarExtra> = {
    ok: true,
    identity: data.value.identity,
    certificate: signed.value.certificate.info,
    signatureAlgorithm: signed.value.algorithm,
    photo: data.value.photo,
    extra: {},
  };
  if (isStale(data.value.generatedAt, options.now ?? new Date(), options.maxAgeMs)) {
    return reject("aadhaar_ekyc_stale", "The e-Aadhaar is older than the allowed age; ask the applicant to refresh Aadhaar in DigiLocker.", verified);
  }
  return verified;
}

function readKycRes(
  canonicalXml: string,
): AadhaarStep<{ identity: AadhaarVerified<EaadhaarExtra>["identity"]; generatedAt: Date; photo: AadhaarVerified<EaadhaarExtra>["photo"] }, EaadhaarExtra> {
  const root = parseXml(canonicalXml)?.documentElement;
  if (!root || root.localName !== "KycRes") return reject("aadhaar_xml_invalid", "The e-Aadhaar XML lacks KycRes.");
  if (root.getAttribute("ret") !== "Y") return reject("aadhaar_xml_invalid", "The e-Aadhaar response is not a successful e-KYC (ret is not Y).");
  const generatedAt = new Date(root.getAttribute("ts") ?? "");
  if (Number.isNaN(generatedAt.getTime())) return reject("aadhaar_xml_invalid", "The e-Aadhaar response has no valid ts.");
  const uidData = only(root, "UidData");
  const poi = uidData ? only(uidData, "Poi") : null;
  if (!uidData || !poi) return reject("aadhaar_xml_invalid", "The e-Aadhaar XML lacks UidData/Poi.");
  const last4 = /(\d{4})$/.exec((uidData.getAttribute("uid") ?? "").trim())?.[1];
  if (!last4) return reject("aadhaar_xml_invalid", "The e-Aadhaar's uid does not end in 4 digits.");
  const name = clean(poi.getAttribute("name"));
  const gender = clean(poi.getAttribute("gender"))?.toUpperCase() ?? null;
  const dob = clean(poi.getAttribute("dob"));
  if (!name || !gender || !dob) return reject("aadhaar_xml_invalid", "The e-Aadhaar lacks name, gender or date of birth.");

  const poa = only(uidData, "Poa");
  const attr = (key: string) => clean(poa?.getAttribute(key));
  const address: AadhaarAddress = {
    care_of: attr("co"),
    house: attr("house"),
    street: attr("street"),
    landmark: attr("lm"),
    locality: attr("loc"),
    vtc: attr("vtc"),
    post_office: attr("po"),
    sub_district: attr("subdist"),
    district: attr("dist"),
    state: attr("state"),
    pincode: attr("pc"),
    country: attr("country"),
  };
  // the Pht of UidData itself (LData, the local-language copy, carries none)
  const pht = Array.from(uidData.childNodes).find((n) => (n as { localName?: string }).localName === "Pht");
  const photoText = pht?.textContent?.replace(/\s+/g, "") ?? "";
  const photo = photoText ? { contentType: "image/jpeg" as const, bytes: new Uint8Array(Buffer.from(photoText, "base64")) } : null;
  return {
    ok: true,
    value: {
      identity: {
        reference_id_last4: last4,
        name,
        dob: normalizeDob(dob),
        gender,
        address,
        generated_at: generatedAt.toISOString(),
        photo_present: photo !== null && photo.bytes.length > 0,
      },
      generatedAt,
      photo,
    },
  };
}
