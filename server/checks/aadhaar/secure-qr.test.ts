import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import type { AadhaarVerification, AadhaarVerified } from "./aadhaar-data";
import {
  FAKE_JP2,
  FAKE_PERSON,
  createTestSigner,
  expectedFakeIdentity,
  referenceIdAt,
  secureQrBytes,
  toQrDecimal,
  type TestSigner,
} from "./fixtures/aadhaar-fixtures";
import { decimalToBytes, verifySecureQr, type SecureQrExtra } from "./secure-qr";

const GENERATED = new Date("2023-11-02T18:29:59.999Z"); // 23:59:59.999 IST
const REFERENCE_ID = referenceIdAt(FAKE_PERSON.last4, GENERATED);
const NOW = new Date("2025-01-01T00:00:00Z");

let uidai: TestSigner;
let rotated: TestSigner;
let stranger: TestSigner;

beforeAll(async () => {
  [uidai, rotated, stranger] = await Promise.all([
    createTestSigner("UIDAI QR 2023", "1a"),
    createTestSigner("UIDAI QR 2025", "1b"),
    createTestSigner("Not UIDAI", "1c"),
  ]);
});

function expectVerified(outcome: AadhaarVerification<SecureQrExtra>): AadhaarVerified<SecureQrExtra> {
  if (!outcome.ok) throw new Error(`expected a verified QR, got ${outcome.errorCode}: ${outcome.message}`);
  return outcome;
}

/** Flips one byte of the decompressed payload and re-encodes it, as an attacker editing the QR would. */
function tamper(bytes: Buffer, at: number): string {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0x01;
  return toQrDecimal(copy);
}

describe("verifySecureQr", () => {
  it("round-trips the decimal payload to the compressed bytes", () => {
    const bytes = secureQrBytes({ version: "V2", referenceId: REFERENCE_ID }, uidai.privateKeyPem);
    expect(gunzipSync(decimalToBytes(toQrDecimal(bytes)))).toEqual(bytes);
  });

  it("verifies a V2 Secure QR and extracts the documented fields", () => {
    const qr_payload = toQrDecimal(secureQrBytes({ version: "V2", referenceId: REFERENCE_ID }, uidai.privateKeyPem));
    const outcome = expectVerified(verifySecureQr({ qr_payload }, { certificates: [uidai.certificate], now: NOW }));
    expect(outcome.identity).toEqual(expectedFakeIdentity(null, "2023-11-02T18:29:59.999Z"));
    expect(outcome.extra).toEqual({ version: "V2", mobileLast4: "0000", mobileHash: null, emailHash: null, emailMobileIndicator: 3 });
    expect(outcome.photo).toEqual({ contentType: "image/jp2", bytes: FAKE_JP2 });
    expect(outcome.signatureAlgorithm).toBe("rsa-sha256");
    expect(outcome.certificate.subject).toContain("CN=UIDAI QR 2023 TEST ONLY");
  });

  it("reads the original (version 0) layout with its email and mobile hashes", () => {
    const emailHash = createHash("sha256").update("e").digest();
    const mobileHash = createHash("sha256").update("m").digest();
    const bytes = secureQrBytes({ version: "V0", referenceId: REFERENCE_ID, indicator: 3, emailHash, mobileHash }, uidai.privateKeyPem);
    const outcome = expectVerified(verifySecureQr({ qr_payload: toQrDecimal(bytes) }, { certificates: [uidai.certificate], now: NOW }));
    expect(outcome.extra).toEqual({
      version: "V0",
      mobileLast4: null,
      mobileHash: mobileHash.toString("hex"),
      emailHash: emailHash.toString("hex"),
      emailMobileIndicator: 3,
    });
    expect(outcome.photo?.bytes).toEqual(FAKE_JP2);
    expect(outcome.identity.name).toBe(FAKE_PERSON.name);

    const mobileOnly = secureQrBytes({ version: "V0", referenceId: REFERENCE_ID, indicator: 2, mobileHash }, uidai.privateKeyPem);
    const second = expectVerified(verifySecureQr({ qr_payload: toQrDecimal(mobileOnly) }, { certificates: [uidai.certificate], now: NOW }));
    expect(second.extra).toMatchObject({ mobileHash: mobileHash.toString("hex"), emailHash: null });
    expect(second.photo?.bytes).toEqual(FAKE_JP2);
  });

  it("accepts a zlib stream as well as GZip", () => {
    const bytes = secureQrBytes({ version: "V2", referenceId: REFERENCE_ID }, uidai.privateKeyPem);
    expectVerified(verifySecureQr({ qr_payload: toQrDecimal(bytes, "zlib") }, { certificates: [uidai.certificate], now: NOW }));
  });

  it("fails with aadhaar_signature_invalid when one byte is changed (name, photo or signature)", () => {
    const bytes = secureQrBytes({ version: "V2", referenceId: REFERENCE_ID }, uidai.privateKeyPem);
    const nameAt = bytes.indexOf(Buffer.from("Testa"));
    for (const at of [nameAt, bytes.length - 256 - 3, bytes.length - 1]) {
      const outcome = verifySecureQr({ qr_payload: tamper(bytes, at) }, { certificates: [uidai.certificate], now: NOW });
      expect(outcome).toMatchObject({ ok: false, errorCode: "aadhaar_signature_invalid" });
    }
  });

  it("fails with aadhaar_signature_invalid when the signer is not configured", () => {
    const qr_payload = toQrDecimal(secureQrBytes({ version: "V2", referenceId: REFERENCE_ID }, stranger.privateKeyPem));
    const outcome = verifySecureQr({ qr_payload }, { certificates: [uidai.certificate, rotated.certificate], now: NOW });
    expect(outcome).toMatchObject({ ok: false, errorCode: "aadhaar_signature_invalid" });
  });

  it("verifies with the second configured certificate (rotation)", () => {
    const qr_payload = toQrDecimal(secureQrBytes({ version: "V2", referenceId: REFERENCE_ID }, rotated.privateKeyPem));
    const outcome = expectVerified(verifySecureQr({ qr_payload }, { certificates: [uidai.certificate, rotated.certificate], now: NOW }));
    expect(outcome.certificate.serial_number).toBe(rotated.certificate.info.serial_number);
  });

  it("reports aadhaar_certificate_missing when no certificate is configured", () => {
    const qr_payload = toQrDecimal(secureQrBytes({ version: "V2", referenceId: REFERENCE_ID }, uidai.privateKeyPem));
    expect(verifySecureQr({ qr_payload }, { certificates: [], now: NOW })).toMatchObject({ ok: false, errorCode: "aadhaar_certificate_missing" });
  });

  it("fails with aadhaar_qr_invalid for payloads that are not a Secure QR", () => {
    const certificates = [uidai.certificate];
    const gz = (b: Buffer) => BigInt(`0x${gzipSync(b).toString("hex")}`).toString(10);
    const cases = [
      "12ab34",
      "123456789",
      gz(Buffer.alloc(100, 1)), // compressed, but shorter than a signature
      toQrDecimal(secureQrBytes({ version: "V9", referenceId: REFERENCE_ID }, uidai.privateKeyPem)), // signed, unknown version
      toQrDecimal(secureQrBytes({ version: "V2", referenceId: "4321" }, uidai.privateKeyPem)), // signed, reference id malformed
    ];
    for (const qr_payload of cases) {
      expect(verifySecureQr({ qr_payload }, { certificates, now: NOW })).toMatchObject({ ok: false, errorCode: "aadhaar_qr_invalid" });
    }
  });

  it("checks the age only when a maximum age is configured", () => {
    const qr_payload = toQrDecimal(secureQrBytes({ version: "V2", referenceId: REFERENCE_ID }, uidai.privateKeyPem));
    expectVerified(verifySecureQr({ qr_payload }, { certificates: [uidai.certificate], now: NOW }));
    const stale = verifySecureQr({ qr_payload }, { certificates: [uidai.certificate], now: NOW, maxAgeMs: 3 * 24 * 3600 * 1000 });
    expect(stale).toMatchObject({ ok: false, errorCode: "aadhaar_ekyc_stale", verified: { identity: { reference_id_last4: "4321" } } });
  });
});
