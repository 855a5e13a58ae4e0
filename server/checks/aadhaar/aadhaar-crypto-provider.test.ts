import { X509Certificate } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../env";
import { ProviderUnavailableError } from "../../providers/provider";
import { aadhaarCryptoConfigFromEnv, createAadhaarCryptoProvider, SHIPPED_UIDAI_CERT_PATHS, type AadhaarCryptoConfig } from "../../providers/aadhaar-crypto";
import {
  FAKE_JP2,
  FAKE_JPEG,
  FAKE_PERSON,
  createTestSigner,
  offlineXml,
  referenceIdAt,
  secureQrBytes,
  signOfflineXml,
  toQrDecimal,
  zipBase64,
  type TestSigner,
} from "./fixtures/aadhaar-fixtures";
import { loadUidaiCertificates, splitCertPaths } from "./uidai-certificates";

const SHARE_CODE = "4821";
const GENERATED = new Date("2024-06-01T04:00:00.000Z");
const NOW = new Date(GENERATED.getTime() + 2 * 3600 * 1000);
const REFERENCE_ID = referenceIdAt(FAKE_PERSON.last4, GENERATED);

let uidai: TestSigner;
let rotated: TestSigner;
let dir: string;
let pemPath: string;
let derPath: string;
let zip: string;
let qr: string;

const config =
  (over: Partial<AadhaarCryptoConfig> = {}) =>
  () => ({ certPaths: [pemPath], offlineEkycMaxAgeMs: 3 * 24 * 3600 * 1000, secureQrMaxAgeMs: null, ...over });

beforeAll(async () => {
  [uidai, rotated] = await Promise.all([createTestSigner("UIDAI Provider A", "2a"), createTestSigner("UIDAI Provider B", "2b")]);
  dir = mkdtempSync(path.join(tmpdir(), "uidai-certs-"));
  pemPath = path.join(dir, "uidai_a.pem");
  derPath = path.join(dir, "uidai_b.cer");
  writeFileSync(pemPath, uidai.certPem);
  writeFileSync(derPath, new X509Certificate(rotated.certPem).raw);
  zip = await zipBase64("offlineaadhaar.xml", signOfflineXml(offlineXml(REFERENCE_ID, SHARE_CODE), uidai.privateKeyPem), SHARE_CODE);
  qr = toQrDecimal(secureQrBytes({ version: "V2", referenceId: REFERENCE_ID }, rotated.privateKeyPem));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("uidai_offline provider", () => {
  it("supports exactly the UIDAI-signed Aadhaar check keys", () => {
    const provider = createAadhaarCryptoProvider({ config: config() });
    expect(provider.name).toBe("uidai_offline");
    expect(provider.supports("in.aadhaar.offline_ekyc")).toBe(true);
    expect(provider.supports("in.aadhaar.secure_qr")).toBe(true);
    expect(provider.supports("in.aadhaar.digilocker")).toBe(true);
    expect(provider.supports("in.pan.verify")).toBe(false);
  });

  it("passes a valid Offline e-KYC ZIP with the result shape and the photo as evidence", async () => {
    const provider = createAadhaarCryptoProvider({ config: config(), now: () => NOW });
    const answer = await provider.verify("in.aadhaar.offline_ekyc", { zip_base64: zip, share_code: SHARE_CODE });
    expect(answer).toMatchObject({ status: "passed", errorCode: null, score: 1, verifiedBy: "source" });
    expect(answer.result).toMatchObject({
      document: "offline_ekyc",
      reference_id_last4: "4321",
      name: FAKE_PERSON.name,
      dob: "1991-08-15",
      gender: "F",
      address: { pincode: "999999", state: "Test State" },
      generated_at: GENERATED.toISOString(),
      photo_present: true,
      mobile_hash_present: true,
      signature_valid: true,
      signature_algorithm: "rsa-sha256",
      certificate: { serial_number: "2A", subject: expect.stringContaining("CN=UIDAI Provider A TEST ONLY") },
    });
    expect(answer.evidence).toEqual([{ kind: "aadhaar_photo", contentType: "image/jpeg", bytes: FAKE_JPEG }]);
    // The result is stored as JSON: no photo, no hashes, no reference id beyond the last 4 digits.
    const stored = JSON.stringify(answer.result);
    expect(stored).not.toContain(Buffer.from(FAKE_JPEG).toString("base64"));
    expect(stored).not.toContain(REFERENCE_ID);
    expect(stored).not.toMatch(/[0-9a-f]{64}/);
  });

  it("passes a valid Secure QR signed by the second configured certificate (DER file)", async () => {
    const provider = createAadhaarCryptoProvider({ config: config({ certPaths: [pemPath, derPath] }), now: () => NOW });
    const answer = await provider.verify("in.aadhaar.secure_qr", { qr_payload: qr });
    expect(answer).toMatchObject({ status: "passed", verifiedBy: "source" });
    expect(answer.result).toMatchObject({ document: "secure_qr", qr_version: "V2", mobile_last4: "0000", certificate: { serial_number: "2B" } });
    expect(answer.evidence).toEqual([{ kind: "aadhaar_photo", contentType: "image/jp2", bytes: FAKE_JP2 }]);
  });

  it("fails a tampered document with aadhaar_signature_invalid", async () => {
    const provider = createAadhaarCryptoProvider({ config: config({ certPaths: [pemPath] }), now: () => NOW });
    const answer = await provider.verify("in.aadhaar.secure_qr", { qr_payload: qr }); // signed by B, only A configured
    expect(answer).toMatchObject({ status: "failed", errorCode: "aadhaar_signature_invalid", verifiedBy: "source", result: { signature_valid: false } });
    expect(answer.evidence).toEqual([]);
  });

  it("fails a wrong share code and malformed input with their codes", async () => {
    const provider = createAadhaarCryptoProvider({ config: config(), now: () => NOW });
    await expect(provider.verify("in.aadhaar.offline_ekyc", { zip_base64: zip, share_code: "4822" })).resolves.toMatchObject({
      errorCode: "share_code_invalid",
    });
    await expect(provider.verify("in.aadhaar.offline_ekyc", { zip_base64: zip, share_code: "48" })).resolves.toMatchObject({ errorCode: "share_code_invalid" });
    await expect(provider.verify("in.aadhaar.offline_ekyc", { zip: zip })).resolves.toMatchObject({ errorCode: "aadhaar_zip_invalid" });
    await expect(provider.verify("in.aadhaar.secure_qr", { qr_payload: "not digits" })).resolves.toMatchObject({ errorCode: "aadhaar_qr_invalid" });
  });

  it("fails a stale Offline e-KYC XML with aadhaar_ekyc_stale, keeping the verified data", async () => {
    const provider = createAadhaarCryptoProvider({ config: config(), now: () => new Date(GENERATED.getTime() + 4 * 24 * 3600 * 1000) });
    const answer = await provider.verify("in.aadhaar.offline_ekyc", { zip_base64: zip, share_code: SHARE_CODE });
    expect(answer).toMatchObject({ status: "failed", errorCode: "aadhaar_ekyc_stale", verifiedBy: "source", result: { stale: true, signature_valid: true } });

    const lenient = createAadhaarCryptoProvider({
      config: config({ offlineEkycMaxAgeMs: 5 * 24 * 3600 * 1000 }),
      now: () => new Date(GENERATED.getTime() + 4 * 24 * 3600 * 1000),
    });
    await expect(lenient.verify("in.aadhaar.offline_ekyc", { zip_base64: zip, share_code: SHARE_CODE })).resolves.toMatchObject({ status: "passed" });
  });

  it("compares the e-KYC's mobile hash with the given (OTP-verified) mobile as a signal that never changes the status", async () => {
    const provider = createAadhaarCryptoProvider({ config: config(), now: () => NOW });
    const same = await provider.verify("in.aadhaar.offline_ekyc", { zip_base64: zip, share_code: SHARE_CODE, mobile: `+91${FAKE_PERSON.mobile}` });
    expect(same).toMatchObject({ status: "passed", result: { mobile_matches: true } });
    const other = await provider.verify("in.aadhaar.offline_ekyc", { zip_base64: zip, share_code: SHARE_CODE, mobile: "+919811111111" });
    expect(other).toMatchObject({ status: "passed", result: { mobile_matches: false } });
    const none = await provider.verify("in.aadhaar.offline_ekyc", { zip_base64: zip, share_code: SHARE_CODE });
    expect(none.result.mobile_matches).toBeNull();
  });

  it("fails a Secure QR older than its maximum age (72 hours from the environment by default)", async () => {
    const later = () => new Date(GENERATED.getTime() + 4 * 24 * 3600 * 1000);
    const strict = createAadhaarCryptoProvider({
      config: config({ certPaths: [derPath], secureQrMaxAgeMs: aadhaarCryptoConfigFromEnv(parseEnv({})).secureQrMaxAgeMs }),
      now: later,
    });
    await expect(strict.verify("in.aadhaar.secure_qr", { qr_payload: qr })).resolves.toMatchObject({
      status: "failed",
      errorCode: "aadhaar_ekyc_stale",
      result: { stale: true },
    });
    const within = createAadhaarCryptoProvider({
      config: config({ certPaths: [derPath], secureQrMaxAgeMs: aadhaarCryptoConfigFromEnv(parseEnv({})).secureQrMaxAgeMs }),
      now: () => NOW,
    });
    await expect(within.verify("in.aadhaar.secure_qr", { qr_payload: qr })).resolves.toMatchObject({ status: "passed" });
  });

  it("throws provider_not_configured (check ends in error) when no certificate is configured or a file is unreadable", async () => {
    for (const certPaths of [[], [path.join(dir, "missing.pem")], [path.join(dir)]]) {
      const provider = createAadhaarCryptoProvider({ config: config({ certPaths }), now: () => NOW });
      const attempt = provider.verify("in.aadhaar.offline_ekyc", { zip_base64: zip, share_code: SHARE_CODE });
      await expect(attempt).rejects.toBeInstanceOf(ProviderUnavailableError);
      await expect(attempt).rejects.toMatchObject({ errorCode: "provider_not_configured" });
    }
    const notACert = path.join(dir, "junk.pem");
    writeFileSync(notACert, "hello");
    await expect(
      createAadhaarCryptoProvider({ config: config({ certPaths: [notACert] }) }).verify("in.aadhaar.secure_qr", { qr_payload: qr }),
    ).rejects.toMatchObject({
      errorCode: "provider_not_configured",
    });
  });

  it("reads UIDAI_CERT_PATHS and the age settings from the environment", () => {
    expect(splitCertPaths(" /a.pem, /b.cer:/c.pem;\n/d.pem ,, ")).toEqual(["/a.pem", "/b.cer", "/c.pem", "/d.pem"]);
    expect(aadhaarCryptoConfigFromEnv(parseEnv({ UIDAI_CERT_PATHS: `${pemPath},${derPath}` }))).toEqual({
      certPaths: [...SHIPPED_UIDAI_CERT_PATHS, pemPath, derPath],
      offlineEkycMaxAgeMs: 3 * 24 * 3600 * 1000,
      secureQrMaxAgeMs: 3 * 24 * 3600 * 1000,
    });
    expect(aadhaarCryptoConfigFromEnv(parseEnv({ AADHAAR_OFFLINE_MAX_AGE_HOURS: "24", AADHAAR_QR_MAX_AGE_HOURS: "96" }))).toMatchObject({
      certPaths: SHIPPED_UIDAI_CERT_PATHS,
      offlineEkycMaxAgeMs: 24 * 3600 * 1000,
      secureQrMaxAgeMs: 96 * 3600 * 1000,
    });
    expect(() => parseEnv({ AADHAAR_OFFLINE_MAX_AGE_HOURS: "soon" })).toThrow(/AADHAAR_OFFLINE_MAX_AGE_HOURS/);
  });

  it("ships UIDAI's offline signing certificates, trusted by default in both modes", async () => {
    const shipped = await loadUidaiCertificates(SHIPPED_UIDAI_CERT_PATHS);
    expect(shipped.map((c) => [c.info.subject, c.info.fingerprint_sha256])).toEqual([
      [
        expect.stringMatching(/O=UNIQUE IDENTIFICATION AUTHORITY OF INDIA.*CN=DS UNIQUE IDENTIFICATION AUTHORITY OF INDIA 05/),
        "E0:F0:F8:69:D3:2E:FC:7E:80:FA:E2:22:37:17:A5:6D:CF:8B:61:6F:82:0B:54:2A:49:E5:BD:5A:BF:1C:0F:7D",
      ],
      [
        expect.stringMatching(/O=UNIQUE IDENTIFICATION AUTHORITY OF INDIA.*CN=DS Unique Identification Authority of India 05/),
        "00:57:3C:69:2C:F0:4F:BE:E1:13:AE:5F:D5:2F:2A:65:4D:36:1B:F8:EE:4D:06:C4:60:08:90:6B:36:DF:81:69",
      ],
    ]);
    // a document signed by another key is still refused: shipping UIDAI's keys trusts nothing else
    const answer = await createAadhaarCryptoProvider({ now: () => NOW }).verify("in.aadhaar.secure_qr", { qr_payload: qr });
    expect(answer).toMatchObject({ status: "failed", errorCode: "aadhaar_signature_invalid" });
  });

  it("uses the environment when no config is given", async () => {
    const previous = process.env.UIDAI_CERT_PATHS;
    process.env.UIDAI_CERT_PATHS = `${derPath}:${pemPath}`;
    try {
      const answer = await createAadhaarCryptoProvider({ now: () => NOW }).verify("in.aadhaar.offline_ekyc", { zip_base64: zip, share_code: SHARE_CODE });
      expect(answer).toMatchObject({ status: "passed", result: { certificate: { serial_number: "2A" } } });
    } finally {
      if (previous === undefined) delete process.env.UIDAI_CERT_PATHS;
      else process.env.UIDAI_CERT_PATHS = previous;
    }
  });
});
