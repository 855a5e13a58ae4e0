/**
 * Cryptographic Aadhaar provider (`uidai_offline`): verifies UIDAI-signed Aadhaar documents locally
 * against UIDAI's public certificates, with no call to UIDAI:
 * - `in.aadhaar.offline_ekyc`: Paperless Offline e-KYC ZIP + share code (server/checks/aadhaar/offline-ekyc.ts)
 * - `in.aadhaar.secure_qr`: Secure QR decimal payload (server/checks/aadhaar/secure-qr.ts)
 * - `in.aadhaar.digilocker`: the e-Aadhaar XML fetched from DigiLocker (server/checks/aadhaar/digilocker-eaadhaar.ts),
 *   held to the Offline e-KYC's maximum age
 *
 * Answers are `verified_by: source` (a cryptographic verification answered). An Offline e-KYC
 * given a `mobile` also reports `mobile_matches` (true / false; null without a mobile or a hash in
 * the file): whether UIDAI's hash of the registered mobile is that number's, a signal that never
 * changes the status. UIDAI's certificates ship with the service (./uidai-certificates/); an
 * operator adds newer ones with `UIDAI_CERT_PATHS`. No certificate, or a configured file that
 * cannot be read, is `ProviderUnavailableError('provider_not_configured')`, so the check ends in
 * `error`, never `failed`.
 *
 * The applicant's photo is returned in `evidence` next to the `ProviderResult` fields (never in
 * `result`), so the caller can store it as an evidence file.
 */
import path from "node:path";
import type { AadhaarErrorCode, AadhaarPhoto, AadhaarRejected, AadhaarVerification, AadhaarVerified } from "../checks/aadhaar/aadhaar-data";
import {
  OFFLINE_EKYC_DEFAULT_MAX_AGE_MS,
  ZAadhaarOfflineEkycInput,
  mobileMatches,
  verifyOfflineEkyc,
  type OfflineEkycExtra,
} from "../checks/aadhaar/offline-ekyc";
import { ZAadhaarSecureQrInput, verifySecureQr, type SecureQrExtra } from "../checks/aadhaar/secure-qr";
import { ZAadhaarDigilockerInput } from "../checks/catalog";
import { verifyDigilockerEaadhaar, type EaadhaarExtra } from "../checks/aadhaar/digilocker-eaadhaar";
import { loadUidaiCertificates, splitCertPaths, UidaiCertificateError, type UidaiCertificate } from "../checks/aadhaar/uidai-certificates";
import { env, type ServerEnv } from "../env";
import type { AADHAAR_ENV } from "./aadhaar-env";
import { ProviderUnavailableError, type CheckProvider, type ProviderResult } from "./provider";

export const AADHAAR_OFFLINE_EKYC_KEY = "in.aadhaar.offline_ekyc";
export const AADHAAR_SECURE_QR_KEY = "in.aadhaar.secure_qr";
export const AADHAAR_DIGILOCKER_KEY = "in.aadhaar.digilocker";
const KEYS = [AADHAAR_OFFLINE_EKYC_KEY, AADHAAR_SECURE_QR_KEY, AADHAAR_DIGILOCKER_KEY];

export interface AadhaarCryptoConfig {
  /** UIDAI certificate files (PEM / DER); several for rotation. */
  certPaths: string[];
  /** Maximum age of an Offline e-KYC XML; null disables the check. */
  offlineEkycMaxAgeMs: number | null;
  /** Maximum age of a Secure QR; null disables the check. */
  secureQrMaxAgeMs: number | null;
}

const HOUR_MS = 3600 * 1000;

/** UIDAI's public certificates shipped with the service (provenance in ./uidai-certificates/README.md), trusted in both modes. */
export const SHIPPED_UIDAI_CERT_PATHS = ["uidai_offline_publickey_26022021.pem", "uidai_offline_publickey_17022026.pem"].map((f) =>
  path.resolve(process.cwd(), "server/providers/uidai-certificates", f),
);

/**
 * The provider's configuration from `e` (default: the environment; the variables are documented
 * in server/providers/aadhaar-env.ts): the certificate paths (the shipped UIDAI certificates,
 * then `UIDAI_CERT_PATHS`), and the Offline e-KYC and Secure QR
 * maximum ages (both 72 hours by default, the RBI 3-day rule).
 */
export function aadhaarCryptoConfigFromEnv(e: Pick<ServerEnv, keyof typeof AADHAAR_ENV> = env): AadhaarCryptoConfig {
  return {
    certPaths: [...SHIPPED_UIDAI_CERT_PATHS, ...splitCertPaths(e.UIDAI_CERT_PATHS)],
    offlineEkycMaxAgeMs: e.AADHAAR_OFFLINE_MAX_AGE_HOURS !== undefined ? e.AADHAAR_OFFLINE_MAX_AGE_HOURS * HOUR_MS : OFFLINE_EKYC_DEFAULT_MAX_AGE_MS,
    secureQrMaxAgeMs: e.AADHAAR_QR_MAX_AGE_HOURS !== undefined ? e.AADHAAR_QR_MAX_AGE_HOURS * HOUR_MS : OFFLINE_EKYC_DEFAULT_MAX_AGE_MS,
  };
}

/** A file the caller should store as evidence (the applicant's photo from the signed document). */
export interface AadhaarEvidence {
  kind: "aadhaar_photo";
  contentType: AadhaarPhoto["contentType"];
  bytes: Uint8Array;
}

/** A `ProviderResult` plus the evidence files; `evidence` is empty when there is nothing to store. */
export interface AadhaarProviderResult extends ProviderResult {
  evidence: AadhaarEvidence[];
}

export interface AadhaarCryptoProviderOptions {
  /** Read on every call, so rotated certificate files take effect without a restart. Default: {@link aadhaarCryptoConfigFromEnv}. */
  config?: () => AadhaarCryptoConfig;
  /** Certificates already loaded (tests, or a caller that manages them); used instead of `config().certPaths`. */
  certificates?: readonly UidaiCertificate[];
  now?: () => Date;
}

export interface AadhaarCryptoProvider extends CheckProvider {
  verify(checkKey: string, input: unknown): Promise<AadhaarProviderResult>;
}

type Document = "offline_ekyc" | "secure_qr" | "digilocker_eaadhaar";

type Extra = OfflineEkycExtra | SecureQrExtra | EaadhaarExtra;

function passedOrStale(document: Document, verified: AadhaarVerified<Extra>, stale: AadhaarErrorCode | null): AadhaarProviderResult {
  const { extra } = verified;
  const hashes = "mobileHash" in extra ? { mobile_hash_present: extra.mobileHash !== null, email_hash_present: extra.emailHash !== null } : {};
  const result: Record<string, unknown> = {
    document,
    ...verified.identity,
    ...("version" in extra ? { qr_version: extra.version, mobile_last4: extra.mobileLast4 } : {}),
    ...hashes,
    signature_valid: true,
    signature_algorithm: verified.signatureAlgorithm,
    certificate: verified.certificate,
    ...(stale ? { stale: true } : {}),
  };
  const evidence: AadhaarEvidence[] = verified.photo ? [{ kind: "aadhaar_photo", contentType: verified.photo.contentType, bytes: verified.photo.bytes }] : [];
  return { status: stale ? "failed" : "passed", errorCode: stale, score: stale ? null : 1, verifiedBy: "source", result, evidence };
}

function toProviderResult(document: Document, outcome: AadhaarVerification<Extra>): AadhaarProviderResult {
  if (outcome.ok) return passedOrStale(document, outcome, null);
  if (outcome.verified) return passedOrStale(document, outcome.verified, outcome.errorCode);
  if (outcome.errorCode === "aadhaar_certificate_missing") throw notConfigured(outcome.message);
  return failed(document, outcome);
}

function failed(document: Document, outcome: Pick<AadhaarRejected<unknown>, "errorCode" | "message">): AadhaarProviderResult {
  const result = { document, reason: outcome.message, ...(outcome.errorCode === "aadhaar_signature_invalid" ? { signature_valid: false } : {}) };
  return { status: "failed", errorCode: outcome.errorCode, score: null, verifiedBy: "source", result, evidence: [] };
}

const notConfigured = (detail: string) =>
  new ProviderUnavailableError("provider_not_configured", `aadhaar_certificate_missing: ${detail} Set UIDAI_CERT_PATHS.`);

/**
 * Builds the provider. Certificates come from `options.certificates` or, on each call, from the
 * configured paths.
 * @throws (from `verify`) ProviderUnavailableError provider_not_configured when no certificate is
 *   configured or a configured file cannot be read, or for a check key it does not support.
 */
export function createAadhaarCryptoProvider(options: AadhaarCryptoProviderOptions = {}): AadhaarCryptoProvider {
  const readConfig = options.config ?? (() => aadhaarCryptoConfigFromEnv());

  async function certificates(config: AadhaarCryptoConfig): Promise<readonly UidaiCertificate[]> {
    let certs: readonly UidaiCertificate[];
    try {
      certs = options.certificates ?? (await loadUidaiCertificates(config.certPaths));
    } catch (err) {
      if (err instanceof UidaiCertificateError) throw notConfigured(err.message);
      throw err;
    }
    if (certs.length === 0) throw notConfigured("No UIDAI certificate is configured.");
    return certs;
  }

  return {
    name: "uidai_offline",
    supports: (key) => KEYS.includes(key),
    async verify(checkKey, input) {
      if (!KEYS.includes(checkKey)) {
        throw new ProviderUnavailableError("provider_not_configured", `The uidai_offline provider does not answer '${checkKey}'.`);
      }
      const config = readConfig();
      const certs = await certificates(config);
      const now = options.now?.() ?? new Date();

      if (checkKey === AADHAAR_OFFLINE_EKYC_KEY) {
        const parsed = ZAadhaarOfflineEkycInput.safeParse(input);
        if (!parsed.success) {
          const onShareCode = parsed.error.issues.every((i) => i.path[0] === "share_code");
          return onShareCode
            ? failed("offline_ekyc", { errorCode: "share_code_invalid", message: "The share code has 4 characters." })
            : failed("offline_ekyc", { errorCode: "aadhaar_zip_invalid", message: "Expected { zip_base64, share_code }." });
        }
        const outcome = await verifyOfflineEkyc(parsed.data, { certificates: certs, now, maxAgeMs: config.offlineEkycMaxAgeMs });
        const answer = toProviderResult("offline_ekyc", outcome);
        const verified = outcome.ok ? outcome : outcome.verified;
        if (!verified) return answer;
        const { mobile, share_code } = parsed.data;
        const hash = verified.extra.mobileHash;
        // a signal only: UIDAI's hash of the registered mobile against the session's verified phone
        const matches = mobile && hash ? mobileMatches(hash, mobile, share_code, verified.identity.reference_id_last4) : null;
        return { ...answer, result: { ...answer.result, mobile_matches: matches } };
      }

      if (checkKey === AADHAAR_DIGILOCKER_KEY) {
        const parsed = ZAadhaarDigilockerInput.safeParse(input);
        if (!parsed.success) return failed("digilocker_eaadhaar", { errorCode: "aadhaar_xml_invalid", message: "Expected { ekyc_xml }." });
        const outcome = verifyDigilockerEaadhaar(parsed.data.ekyc_xml, { certificates: certs, now, maxAgeMs: config.offlineEkycMaxAgeMs });
        return toProviderResult("digilocker_eaadhaar", outcome);
      }

      const parsed = ZAadhaarSecureQrInput.safeParse(input);
      if (!parsed.success)
        return failed("secure_qr", { errorCode: "aadhaar_qr_invalid", message: "Expected { qr_payload } with the QR code's decimal digits." });
      return toProviderResult("secure_qr", verifySecureQr(parsed.data, { certificates: certs, now, maxAgeMs: config.secureQrMaxAgeMs }));
    },
  };
}

/** The provider as configured by the environment (see {@link aadhaarCryptoConfigFromEnv}). */
export const aadhaarCryptoProvider: AadhaarCryptoProvider = createAadhaarCryptoProvider();
