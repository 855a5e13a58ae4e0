import { beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_JPEG,
  FAKE_PERSON,
  chainedSha256,
  createTestSigner,
  offlineXml,
  referenceIdAt,
  signOfflineXml,
  zipBase64,
  type TestSigner,
  expectedFakeIdentity,
} from "./fixtures/aadhaar-fixtures";
import { OFFLINE_EKYC_DEFAULT_MAX_AGE_MS, mobileMatches, verifyOfflineEkyc, type OfflineEkycExtra } from "./offline-ekyc";
import type { AadhaarVerification, AadhaarVerified } from "./aadhaar-data";

const SHARE_CODE = "7Kq2";
const GENERATED = new Date("2024-03-10T06:30:00.250Z"); // 12:00:00.250 IST
const NOW = new Date(GENERATED.getTime() + 3600 * 1000);
const REFERENCE_ID = referenceIdAt(FAKE_PERSON.last4, GENERATED);
const FILENAME = `offlineaadhaar${REFERENCE_ID.slice(4)}.xml`;

let uidai: TestSigner;
let rotated: TestSigner;
let stranger: TestSigner;

beforeAll(async () => {
  [uidai, rotated, stranger] = await Promise.all([
    createTestSigner("UIDAI Offline 2024", "0a"),
    createTestSigner("UIDAI Offline 2025", "0b"),
    createTestSigner("Not UIDAI", "0c"),
  ]);
});

function expectVerified(outcome: AadhaarVerification<OfflineEkycExtra>): AadhaarVerified<OfflineEkycExtra> {
  if (!outcome.ok) throw new Error(`expected a verified document, got ${outcome.errorCode}: ${outcome.message}`);
  return outcome;
}

async function signedZip(
  signer: TestSigner,
  options: { algorithm?: "rsa-sha1" | "rsa-sha256"; encryption?: "zipcrypto" | "aes"; tamper?: (xml: string) => string } = {},
) {
  const signed = signOfflineXml(offlineXml(REFERENCE_ID, SHARE_CODE), signer.privateKeyPem, options.algorithm);
  return zipBase64(FILENAME, options.tamper ? options.tamper(signed) : signed, SHARE_CODE, options.encryption);
}

describe("verifyOfflineEkyc", () => {
  it("verifies a UIDAI-signed ZIP and extracts the documented fields", async () => {
    const zip = await signedZip(uidai);
    const outcome = expectVerified(await verifyOfflineEkyc({ zip_base64: zip, share_code: SHARE_CODE }, { certificates: [uidai.certificate], now: NOW }));

    expect(outcome.identity).toEqual(expectedFakeIdentity("India", "2024-03-10T06:30:00.250Z"));
    expect(outcome.signatureAlgorithm).toBe("rsa-sha256");
    expect(outcome.certificate.subject).toContain("CN=UIDAI Offline 2024 TEST ONLY");
    expect(outcome.certificate.serial_number).toBe(uidai.certificate.info.serial_number);
    expect(outcome.photo).toEqual({ contentType: "image/jpeg", bytes: FAKE_JPEG });
    expect(outcome.extra.mobileHash).toMatch(/^[0-9a-f]{64}$/);
    // Only the last 4 digits leave the module: the timestamp part of the reference id is not echoed.
    expect(JSON.stringify(outcome.identity)).not.toContain(REFERENCE_ID);
  });

  it("accepts RSA-SHA1 signatures (older files) and AES-encrypted ZIPs", async () => {
    const zip = await signedZip(uidai, { algorithm: "rsa-sha1", encryption: "aes" });
    const outcome = expectVerified(await verifyOfflineEkyc({ zip_base64: zip, share_code: SHARE_CODE }, { certificates: [uidai.certificate], now: NOW }));
    expect(outcome.signatureAlgorithm).toBe("rsa-sha1");
    expect(outcome.identity.name).toBe(FAKE_PERSON.name);
  });

  it("fails with aadhaar_signature_invalid when one byte of the name is changed", async () => {
    const zip = await signedZip(uidai, { tamper: (xml) => xml.replace('name="Testa', 'name="Tests') });
    const outcome = await verifyOfflineEkyc({ zip_base64: zip, share_code: SHARE_CODE }, { certificates: [uidai.certificate], now: NOW });
    expect(outcome).toMatchObject({ ok: false, errorCode: "aadhaar_signature_invalid" });
    expect(outcome.ok === false && outcome.verified).toBeFalsy();
  });

  it("fails with aadhaar_signature_invalid when the signer is not a configured certificate", async () => {
    const zip = await signedZip(stranger);
    const outcome = await verifyOfflineEkyc({ zip_base64: zip, share_code: SHARE_CODE }, { certificates: [uidai.certificate, rotated.certificate], now: NOW });
    expect(outcome).toMatchObject({ ok: false, errorCode: "aadhaar_signature_invalid" });
  });

  it("fails with aadhaar_signature_invalid when the signature covers only part of the document", async () => {
    const zip = await signedZip(uidai, { tamper: (xml) => xml.replace('URI=""', 'URI="#x"') });
    const outcome = await verifyOfflineEkyc({ zip_base64: zip, share_code: SHARE_CODE }, { certificates: [uidai.certificate], now: NOW });
    expect(outcome).toMatchObject({ ok: false, errorCode: "aadhaar_signature_invalid" });
  });

  it.each(["zipcrypto", "aes"] as const)("fails with share_code_invalid for a wrong share code (%s)", async (encryption) => {
    const zip = await signedZip(uidai, { encryption });
    for (const wrong of ["7kq2", "0000", "ABCD"]) {
      const outcome = await verifyOfflineEkyc({ zip_base64: zip, share_code: wrong }, { certificates: [uidai.certificate], now: NOW });
      expect(outcome).toMatchObject({ ok: false, errorCode: "share_code_invalid" });
    }
  });

  it("verifies with the second configured certificate (rotation)", async () => {
    const zip = await signedZip(rotated);
    const outcome = expectVerified(
      await verifyOfflineEkyc({ zip_base64: zip, share_code: SHARE_CODE }, { certificates: [uidai.certificate, rotated.certificate], now: NOW }),
    );
    expect(outcome.certificate.subject).toContain("CN=UIDAI Offline 2025 TEST ONLY");
    expect(outcome.certificate.fingerprint_sha256).toBe(rotated.certificate.info.fingerprint_sha256);
  });

  it("reports aadhaar_certificate_missing when no certificate is configured", async () => {
    const zip = await signedZip(uidai);
    const outcome = await verifyOfflineEkyc({ zip_base64: zip, share_code: SHARE_CODE }, { certificates: [], now: NOW });
    expect(outcome).toMatchObject({ ok: false, errorCode: "aadhaar_certificate_missing" });
  });

  it("flags an XML older than 3 days as aadhaar_ekyc_stale, keeping the verified data", async () => {
    const zip = await signedZip(uidai);
    const input = { zip_base64: zip, share_code: SHARE_CODE };
    const later = new Date(GENERATED.getTime() + OFFLINE_EKYC_DEFAULT_MAX_AGE_MS + 60_000);
    const stale = await verifyOfflineEkyc(input, { certificates: [uidai.certificate], now: later });
    expect(stale).toMatchObject({ ok: false, errorCode: "aadhaar_ekyc_stale", verified: { identity: { reference_id_last4: "4321" } } });

    const justInTime = new Date(GENERATED.getTime() + OFFLINE_EKYC_DEFAULT_MAX_AGE_MS - 60_000);
    expectVerified(await verifyOfflineEkyc(input, { certificates: [uidai.certificate], now: justInTime }));
    expectVerified(await verifyOfflineEkyc(input, { certificates: [uidai.certificate], now: later, maxAgeMs: 7 * 24 * 3600 * 1000 }));
    expectVerified(await verifyOfflineEkyc(input, { certificates: [uidai.certificate], now: later, maxAgeMs: null }));
  });

  it("fails with aadhaar_zip_invalid for input that is not the UIDAI ZIP", async () => {
    const certificates = [uidai.certificate];
    const signed = signOfflineXml(offlineXml(REFERENCE_ID, SHARE_CODE), uidai.privateKeyPem);
    const cases = [
      "not base64 at all!",
      Buffer.from("PK\u0003\u0004 but not really a zip").toString("base64"),
      await zipBase64(FILENAME, signed, null), // not password-protected
      await zipBase64(FILENAME, signed, SHARE_CODE, "zipcrypto", [{ filename: "second.xml", content: signed }]),
      await zipBase64("offlineaadhaar.txt", signed, SHARE_CODE),
      await zipBase64(FILENAME, " ".repeat(9 * 1024 * 1024), SHARE_CODE), // inflates past any real Offline e-KYC XML
    ];
    for (const zip_base64 of cases) {
      const outcome = await verifyOfflineEkyc({ zip_base64, share_code: SHARE_CODE }, { certificates, now: NOW });
      expect(outcome).toMatchObject({ ok: false, errorCode: "aadhaar_zip_invalid" });
    }
  });

  it("fails with aadhaar_xml_invalid for XML that is not a signed Offline e-KYC document", async () => {
    const certificates = [uidai.certificate];
    const cases = [
      "this is not xml <",
      offlineXml(REFERENCE_ID, SHARE_CODE), // unsigned
      signOfflineXml(offlineXml(REFERENCE_ID, SHARE_CODE).replace(/OfflinePaperlessKyc/g, "SomethingElse"), uidai.privateKeyPem),
      `<!DOCTYPE x [<!ENTITY a "b">]>${signOfflineXml(offlineXml(REFERENCE_ID, SHARE_CODE).replace(/^<\?xml[^>]*>\n/, ""), uidai.privateKeyPem)}`,
      signOfflineXml(offlineXml("12345", SHARE_CODE), uidai.privateKeyPem), // signed, but the reference id is malformed
    ];
    for (const xml of cases) {
      const zip_base64 = await zipBase64(FILENAME, xml, SHARE_CODE);
      const outcome = await verifyOfflineEkyc({ zip_base64, share_code: SHARE_CODE }, { certificates, now: NOW });
      expect(outcome).toMatchObject({ ok: false, errorCode: "aadhaar_xml_invalid" });
    }
  });

  it("refuses a second signature smuggled into the document", async () => {
    const signed = signOfflineXml(offlineXml(REFERENCE_ID, SHARE_CODE), uidai.privateKeyPem);
    const signature = /<Signature[\s\S]*<\/Signature>/.exec(signed)![0];
    const wrapped = signed.replace("<UidData>", `<UidData>${signature}`);
    const zip_base64 = await zipBase64(FILENAME, wrapped, SHARE_CODE);
    const outcome = await verifyOfflineEkyc({ zip_base64, share_code: SHARE_CODE }, { certificates: [uidai.certificate], now: NOW });
    expect(outcome).toMatchObject({ ok: false, errorCode: "aadhaar_xml_invalid" });
  });
});

describe("mobileMatches (UIDAI Offline e-KYC mobile hash)", () => {
  it("hashes mobile+share code as many times as the Aadhaar number's last digit", () => {
    const hash = chainedSha256(`${FAKE_PERSON.mobile}${SHARE_CODE}`, 4);
    expect(mobileMatches(hash, FAKE_PERSON.mobile, SHARE_CODE, "0004")).toBe(true);
    expect(mobileMatches(hash.toUpperCase(), "+91 90000 00000", SHARE_CODE, "0004")).toBe(true);
    expect(mobileMatches(hash, FAKE_PERSON.mobile, SHARE_CODE, "0005")).toBe(false);
    expect(mobileMatches(hash, "9000000001", SHARE_CODE, "0004")).toBe(false);
    expect(mobileMatches(hash, FAKE_PERSON.mobile, "7Kq3", "0004")).toBe(false);
  });

  it("hashes once when the last digit is 0 or 1", () => {
    const once = chainedSha256(`${FAKE_PERSON.mobile}${SHARE_CODE}`, 1);
    expect(mobileMatches(once, FAKE_PERSON.mobile, SHARE_CODE, "1110")).toBe(true);
    expect(mobileMatches(once, FAKE_PERSON.mobile, SHARE_CODE, "2221")).toBe(true);
    expect(mobileMatches(once, FAKE_PERSON.mobile, SHARE_CODE, "3332")).toBe(false);
  });

  it("matches the m attribute of a verified document", async () => {
    const zip = await signedZip(uidai);
    const outcome = expectVerified(await verifyOfflineEkyc({ zip_base64: zip, share_code: SHARE_CODE }, { certificates: [uidai.certificate], now: NOW }));
    expect(mobileMatches(outcome.extra.mobileHash!, FAKE_PERSON.mobile, SHARE_CODE, outcome.identity.reference_id_last4)).toBe(true);
  });

  it("is false for malformed input instead of throwing", () => {
    expect(mobileMatches("zz", FAKE_PERSON.mobile, SHARE_CODE, "0004")).toBe(false);
    expect(mobileMatches(chainedSha256("x", 1), FAKE_PERSON.mobile, SHARE_CODE, "")).toBe(false);
  });
});
