/**
 * The DigiLocker e-Aadhaar (`KycRes`) verifier and `in.aadhaar.digilocker` through the
 * `uidai_offline` provider: the sandbox DigiLocker's XML, signed by the sandbox signer, against
 * the same XMLDSig rules as the Offline e-KYC.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createAadhaarCryptoProvider } from "../../providers/aadhaar-crypto";
import { DIGILOCKER_SANDBOX_PEOPLE, sandboxEaadhaarXml } from "../../providers/digilocker-sandbox";
import { verifyDigilockerEaadhaar } from "./digilocker-eaadhaar";
import { createTestSigner, offlineXml, referenceIdAt, signOfflineXml, type TestSigner } from "./fixtures/aadhaar-fixtures";
import { parseUidaiCertificates, type UidaiCertificate } from "./uidai-certificates";

const SANDBOX_CERT = path.resolve("server/providers/uidai-sandbox/sandbox-cert.pem");
const MAX_AGE = 72 * 3600 * 1000;
const person = (id: string) => DIGILOCKER_SANDBOX_PEOPLE.find((p) => p.id === id)!;

let sandbox: UidaiCertificate[];
let other: TestSigner;

beforeAll(async () => {
  sandbox = parseUidaiCertificates(readFileSync(SANDBOX_CERT), SANDBOX_CERT);
  other = await createTestSigner("Another Signer", "3c");
});

describe("DigiLocker e-Aadhaar", () => {
  it("verifies the signature and reads the identity and the photo, keeping only the last 4 digits", () => {
    const now = new Date();
    const xml = sandboxEaadhaarXml(person("ravi"), now);
    const out = verifyDigilockerEaadhaar(xml, { certificates: sandbox, now, maxAgeMs: MAX_AGE });
    if (!out.ok) throw new Error(out.message);
    expect(out.identity).toMatchObject({
      reference_id_last4: "1234",
      name: "Ravi Kumar",
      dob: "1990-01-01",
      gender: "M",
      address: { care_of: "C/O Sandbox Parent", landmark: "Near Sandbox Park", district: "Bengaluru Urban", pincode: "560038", country: "India" },
      photo_present: true,
    });
    expect(Math.abs(new Date(out.identity.generated_at).getTime() - now.getTime())).toBeLessThan(1000);
    expect(out.photo?.contentType).toBe("image/jpeg");
    expect(Buffer.from(out.photo!.bytes.subarray(0, 3)).toString("hex")).toBe("ffd8ff");
    expect(out.signatureAlgorithm).toBe("rsa-sha256");
  });

  it("refuses a changed byte, another signer, another document, and an old e-Aadhaar", () => {
    const now = new Date();
    const xml = sandboxEaadhaarXml(person("ravi"), now);
    const tampered = xml.replace('name="Ravi Kumar"', 'name="Ravi Kumaar"');
    expect(verifyDigilockerEaadhaar(tampered, { certificates: sandbox, now, maxAgeMs: MAX_AGE })).toMatchObject({
      ok: false,
      errorCode: "aadhaar_signature_invalid",
    });
    expect(verifyDigilockerEaadhaar(xml, { certificates: [other.certificate], now, maxAgeMs: MAX_AGE })).toMatchObject({
      ok: false,
      errorCode: "aadhaar_signature_invalid",
    });
    const offline = signOfflineXml(offlineXml(referenceIdAt("4321", now), "Ab1#"), readFileSync("server/providers/uidai-sandbox/sandbox-key.pem", "utf8"));
    expect(verifyDigilockerEaadhaar(offline, { certificates: sandbox, now, maxAgeMs: MAX_AGE })).toMatchObject({ ok: false, errorCode: "aadhaar_xml_invalid" });
    expect(verifyDigilockerEaadhaar("<KycRes", { certificates: sandbox, now, maxAgeMs: MAX_AGE })).toMatchObject({
      ok: false,
      errorCode: "aadhaar_xml_invalid",
    });

    const stale = verifyDigilockerEaadhaar(sandboxEaadhaarXml(person("stale"), now), { certificates: sandbox, now, maxAgeMs: MAX_AGE });
    expect(stale).toMatchObject({ ok: false, errorCode: "aadhaar_ekyc_stale", verified: { identity: { name: "Kiran Rao" } } });
    expect(verifyDigilockerEaadhaar(sandboxEaadhaarXml(person("stale"), now), { certificates: sandbox, now, maxAgeMs: null }).ok).toBe(true);
  });

  it("answers in.aadhaar.digilocker through the uidai_offline provider, the photo as evidence", async () => {
    const provider = createAadhaarCryptoProvider({ certificates: sandbox });
    const answer = await provider.verify("in.aadhaar.digilocker", { ekyc_xml: sandboxEaadhaarXml(person("ravi")) });
    expect(answer).toMatchObject({
      status: "passed",
      verifiedBy: "source",
      result: { document: "digilocker_eaadhaar", name: "Ravi Kumar", signature_valid: true },
    });
    expect(answer.evidence).toEqual([{ kind: "aadhaar_photo", contentType: "image/jpeg", bytes: expect.any(Uint8Array) }]);
    expect(JSON.stringify(answer.result)).not.toContain("xxxxxxxx1234");
    const stale = await provider.verify("in.aadhaar.digilocker", { ekyc_xml: sandboxEaadhaarXml(person("stale")) });
    expect(stale).toMatchObject({ status: "failed", errorCode: "aadhaar_ekyc_stale", result: { stale: true } });
    await expect(provider.verify("in.aadhaar.digilocker", { xml: "x" })).resolves.toMatchObject({ status: "failed", errorCode: "aadhaar_xml_invalid" });
  });
});
