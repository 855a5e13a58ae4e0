import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CHECKS, resolveCheck } from "./catalog";

/** Parses raw input through a check's schema, then runs its offline validation. */
function check(key: string, raw: unknown) {
  const def = resolveCheck(key);
  const parsed = def.input.safeParse(raw);
  if (!parsed.success) return { ok: false as const, issues: parsed.error.issues };
  return { ok: true as const, input: parsed.data as Record<string, unknown>, problem: def.validate(parsed.data) };
}

const ZIP = Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(60)]).toString("base64");
const QR = BigInt(`0x1f8b08${"ab".repeat(200)}`).toString(10);

describe("check catalog", () => {
  it("holds the India catalog, each key once, each generic key once per country", () => {
    expect(CHECKS.map((c) => [c.key, c.genericKey, c.answeredBy])).toEqual([
      ["in.pan.verify", "tax_id.verify", "registry"],
      ["in.pan.aadhaar_link", "tax_id.national_id_link", "registry"],
      ["in.aadhaar.offline_ekyc", "national_id.verify", "cryptographic"],
      ["in.aadhaar.secure_qr", "national_id.qr_verify", "cryptographic"],
      ["in.aadhaar.digilocker", "national_id.digilocker", "cryptographic"],
      ["in.gstin.verify", "business_tax_id.verify", "registry"],
      ["in.cin.verify", "business_registration.verify", "registry"],
      ["in.udyam.verify", "msme_registration.verify", "registry"],
      ["in.bank_account.verify", "bank_account.verify", "registry"],
      ["in.bank_account.reverse_penny_drop", "bank_account.reverse_penny_drop", "registry"],
      ["in.ifsc.lookup", "bank_branch.lookup", "offline"],
      ["in.phone.verify", "phone.verify", "service"],
      ["in.email.verify", "email.verify", "service"],
      ["in.document.review", "document.review", "manual"],
      ["in.face.match", "face.match", "service"],
      ["in.liveness.check", "liveness.check", "service"],
      ["in.document.extract", "document.extract", "service"],
      ["in.ckyc.search", "kyc_record.search", "registry"],
      ["in.ckyc.download", "kyc_record.download", "registry"],
      ["in.ckyc.upload", "kyc_record.upload", "registry"],
      ["in.aml.screen", "aml.screen", "service"],
    ]);
    expect(new Set(CHECKS.map((c) => `${c.country}:${c.genericKey}`)).size).toBe(CHECKS.length);
  });

  it.each(CHECKS.map((c) => [c.key, c] as const))("%s resolves by generic key and serves a strict JSON Schema", (key, def) => {
    expect(resolveCheck(def.genericKey, "in").key).toBe(key);
    const schema = z.toJSONSchema(def.input, { io: "input", unrepresentable: "any" }) as { type: string; additionalProperties: boolean; properties: object };
    expect(schema).toMatchObject({ type: "object", additionalProperties: false });
    // no check takes an Aadhaar number (only artefacts that carry at most its last 4 digits)
    expect(Object.keys(schema.properties).filter((p) => /aadhaar|uid/i.test(p))).toEqual([]);
    expect(def.input.safeParse({ unexpected: 1 }).success).toBe(false);
  });

  it("keeps registry answers a day and never reuses CKYC, reverse penny drop, cryptographic, OTP, manual or offline answers", () => {
    // a CKYC answer rests on one consent and one authentication factor: every search, download and upload asks the registry;
    // a reverse penny drop answers one payment the applicant made (awaitsApplicant)
    for (const c of CHECKS) expect(c.cacheTtlSeconds).toBe(c.answeredBy === "registry" && !c.key.startsWith("in.ckyc.") && !c.awaitsApplicant ? 86_400 : 0);
    expect(CHECKS.filter((c) => c.awaitsApplicant).map((c) => c.key)).toEqual(["in.bank_account.reverse_penny_drop"]);
  });

  it("validates CKYC inputs offline and asks for the authentication factor's fields", () => {
    const search = resolveCheck("in.ckyc.search");
    const parsed = search.input.parse({ id_number: " abcpe 1234f" });
    expect(parsed).toEqual({ id_type: "pan", id_number: "ABCPE1234F" });
    expect(search.validate(parsed)).toBeNull();
    expect(search.validate(search.input.parse({ id_type: "ckyc_number", id_number: "1234" }))).toBe("ckyc_number_invalid");
    const download = resolveCheck("in.ckyc.download").input;
    expect(download.safeParse({ ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "dob", dob: "1990-01-01" }).success).toBe(true);
    const missing = download.safeParse({ ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "pincode_year_of_birth", pincode: "560001" });
    expect(missing.success ? [] : missing.error.issues.map((i) => i.path.join("."))).toEqual(["year_of_birth"]);
  });

  it("asks for a country with a generic key and refuses unknown keys", () => {
    expect(() => resolveCheck("business_tax_id.verify")).toThrow(expect.objectContaining({ code: "parameter_missing", param: "country" }));
    expect(() => resolveCheck("in.nothing.verify")).toThrow(expect.objectContaining({ code: "resource_missing" }));
  });
});

describe("inputs are normalized and validated offline", () => {
  it.each([
    ["in.pan.aadhaar_link", { pan: " abcpe 1234f" }, { pan: "ABCPE1234F" }, null],
    ["in.pan.aadhaar_link", { pan: "ABCCE1234F" }, { pan: "ABCCE1234F" }, "pan_not_individual"],
    ["in.pan.aadhaar_link", { pan: "ABC1234" }, { pan: "ABC1234" }, "pan_format_invalid"],
    ["in.gstin.verify", { gstin: "27aapfu0939f1zv " }, { gstin: "27AAPFU0939F1ZV" }, null],
    ["in.gstin.verify", { gstin: "27AAPFU0939F1ZO" }, { gstin: "27AAPFU0939F1ZO" }, "gstin_checksum_invalid"],
    ["in.cin.verify", { cin: "u72900ka2015ptc012345" }, { cin: "U72900KA2015PTC012345" }, null],
    ["in.cin.verify", { cin: "U72900KA2015XYZ012345" }, { cin: "U72900KA2015XYZ012345" }, "cin_ownership_class_invalid"],
    ["in.cin.verify", { llpin: "aab 1234" }, { llpin: "AAB-1234" }, null],
    ["in.cin.verify", { llpin: "AAB-12345" }, { llpin: "AAB-12345" }, "llpin_format_invalid"],
    ["in.udyam.verify", { udyam_number: "udyam-mh-19-0012345" }, { udyam_number: "UDYAM-MH-19-0012345" }, null],
    ["in.udyam.verify", { udyam_number: "UDYAM-MH-19-00123" }, { udyam_number: "UDYAM-MH-19-00123" }, "udyam_format_invalid"],
    [
      "in.bank_account.verify",
      { account_number: "5010 0012 3456 78", ifsc: "hdfc0000001", name: " ravi  kumar " },
      { account_number: "50100012345678", ifsc: "HDFC0000001", name: "RAVI KUMAR" },
      null,
    ],
    ["in.bank_account.verify", { account_number: "12345678", ifsc: "HDFC0000001", name: "X" }, { account_number: "12345678" }, "bank_account_number_invalid"],
    ["in.bank_account.verify", { account_number: "123456789", ifsc: "HDFC1000001", name: "X" }, { ifsc: "HDFC1000001" }, "ifsc_format_invalid"],
    ["in.ifsc.lookup", { ifsc: " kkbk0000261" }, { ifsc: "KKBK0000261" }, null],
    ["in.ifsc.lookup", { ifsc: "KKBK000026" }, { ifsc: "KKBK000026" }, "ifsc_format_invalid"],
    ["in.aadhaar.offline_ekyc", { zip_base64: `${ZIP.slice(0, 10)}\n${ZIP.slice(10)}`, share_code: " Ab12 " }, { zip_base64: ZIP, share_code: "Ab12" }, null],
    ["in.aadhaar.offline_ekyc", { zip_base64: ZIP, share_code: "12345" }, { share_code: "12345" }, "share_code_invalid"],
    ["in.aadhaar.offline_ekyc", { zip_base64: Buffer.from("not a zip").toString("base64"), share_code: "1234" }, {}, "aadhaar_zip_invalid"],
    ["in.aadhaar.secure_qr", { qr_payload: `${QR.slice(0, 50)} ${QR.slice(50)}` }, { qr_payload: QR }, null],
    ["in.aadhaar.secure_qr", { qr_payload: `7${QR.slice(1)}` }, {}, "aadhaar_qr_invalid"],
    [
      "in.phone.verify",
      { phone: "098765 43210", challenge_id: "otp_0123456789abcdefghijABCD" },
      { phone: "+919876543210", challenge_id: "otp_0123456789abcdefghijABCD" },
      null,
    ],
    ["in.email.verify", { email: " Ravi@Example.COM", challenge_id: "otp_0123456789abcdefghijABCD" }, { email: "Ravi@example.com" }, null],
    ["in.document.review", { document_type: "pan_card", files: ["file_0123456789abcdefghijABCD"] }, { fields: {} }, null],
    ["in.document.review", { document_type: "library_card", files: ["file_0123456789abcdefghijABCD"], fields: { name: "X" } }, {}, "document_type_unknown"],
  ])("%s %j", (key, raw, normalized, problem) => {
    const result = check(key, raw);
    expect(result).toMatchObject({ ok: true, input: normalized, problem });
  });

  it.each([
    ["in.cin.verify", {}, "cin"],
    ["in.cin.verify", { cin: "U72900KA2015PTC012345", llpin: "AAB-1234" }, "llpin"],
    ["in.aadhaar.secure_qr", { qr_payload: "2341 2341 2346" }, "qr_payload"], // an Aadhaar number is never taken (nor stored)
    ["in.aadhaar.secure_qr", { qr_payload: '<?xml version="1.0"?><PrintLetterBarcodeData uid="234123412346"/>' }, "qr_payload"], // the old unsigned QR
    ["in.aadhaar.offline_ekyc", { zip_base64: "not base64!", share_code: "1234" }, "zip_base64"],
    ["in.phone.verify", { phone: "12345", challenge_id: "otp_0123456789abcdefghijABCD" }, "phone"],
    ["in.phone.verify", { phone: "9876543210", challenge_id: "chk_1" }, "challenge_id"],
    ["in.document.review", { document_type: "pan_card", files: [] }, "files"],
    ["in.bank_account.verify", { account_number: "123456789", ifsc: "HDFC0000001" }, "name"],
  ])("%s refuses %j at parse time (on %s)", (key, raw, path) => {
    const result = check(key, raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.path[0])).toContain(path);
  });
});
