/** The step schemas the flow's forms and procedures share: what they accept, normalize, and which i18n key they refuse with. */
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { resolveDocumentsSettings } from "./documents-config";
import { documentsStepInput, otpDestinationInput, ZAadhaarStepInput, ZOtpCodeInput } from "./step-inputs";
import { ZDocumentsSettings } from "../workflows/workflow.schemas";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe("phone and email", () => {
  it("normalizes the ways Indians write a mobile number", () => {
    for (const typed of ["98765 43210", "+91 98765-43210", "098765 43210", "919876543210"]) {
      expect(otpDestinationInput("phone").parse({ destination: typed })).toEqual({ destination: "+919876543210" });
    }
    expect(firstMessage(otpDestinationInput("phone").safeParse({ destination: "58765 43210" }))).toBe("phone_invalid");
  });
  it("lower-cases an email's domain only", () => {
    expect(otpDestinationInput("email").parse({ destination: " Asha@Example.COM " })).toEqual({ destination: "Asha@example.com" });
    expect(firstMessage(otpDestinationInput("email").safeParse({ destination: "asha@" }))).toBe("email_invalid");
    expect(firstMessage(otpDestinationInput("email").safeParse({ destination: "" }))).toBe("email_required");
  });
  it("takes a 6-digit code with spaces", () => {
    expect(ZOtpCodeInput.parse({ code: " 123 456 " })).toEqual({ code: "123456" });
    expect(firstMessage(ZOtpCodeInput.safeParse({ code: "12345" }))).toBe("code_invalid");
  });
});

describe("aadhaar", () => {
  const zip = Buffer.concat([Buffer.from("PK\x03\x04", "latin1"), Buffer.alloc(40)]).toString("base64");
  const qr = BigInt(`0x${gzipSync(randomBytes(600)).toString("hex")}`).toString(10);

  it("accepts an offline e-KYC ZIP with a 4-character, case-sensitive share code", () => {
    expect(ZAadhaarStepInput.parse({ method: "offline_ekyc", zip_base64: zip, share_code: "aB1#" })).toEqual({
      method: "offline_ekyc",
      zip_base64: zip,
      share_code: "aB1#",
    });
    expect(firstMessage(ZAadhaarStepInput.safeParse({ method: "offline_ekyc", zip_base64: zip, share_code: "abc" }))).toBe("share_code_invalid");
    expect(firstMessage(ZAadhaarStepInput.safeParse({ method: "offline_ekyc", zip_base64: "", share_code: "abcd" }))).toBe("aadhaar_zip_required");
    expect(
      firstMessage(ZAadhaarStepInput.safeParse({ method: "offline_ekyc", zip_base64: Buffer.from("%PDF-1.7").toString("base64"), share_code: "abcd" })),
    ).toBe("aadhaar_zip_invalid");
  });
  it("accepts a Secure QR and refuses the old QR that prints the full number", () => {
    expect(ZAadhaarStepInput.parse({ method: "secure_qr", qr_payload: qr })).toEqual({ method: "secure_qr", qr_payload: qr });
    const old = '<?xml version="1.0"?><PrintLetterBarcodeData uid="123412341234" name="X"/>';
    expect(firstMessage(ZAadhaarStepInput.safeParse({ method: "secure_qr", qr_payload: old }))).toBe("aadhaar_qr_old");
    expect(firstMessage(ZAadhaarStepInput.safeParse({ method: "secure_qr", qr_payload: "123412341234" }))).toBe("aadhaar_qr_invalid");
    expect(firstMessage(ZAadhaarStepInput.safeParse({ method: "aadhaar_number", number: "1234" }))).toBe("aadhaar_method_required");
  });
});

describe("documents", () => {
  const config = resolveDocumentsSettings(
    ZDocumentsSettings.parse({
      document_types: ["pan_card", "aadhaar_card", "nope"],
      fields: ["name", "pan", "aadhaar_last4", { key: "occupation", label: { en: "Occupation" }, required: false }],
    }),
  );
  const files = (n: number) => Array.from({ length: n }, (_, i) => `file_${String(i).repeat(24).slice(0, 24)}`);

  it("resolves types and fields from the catalog", () => {
    expect(config.types.map((t) => [t.key, t.sides, t.fields.map((f) => f.key)])).toEqual([
      ["pan_card", ["front"], ["name", "pan", "occupation"]],
      ["aadhaar_card", ["front", "back"], ["name", "aadhaar_last4", "occupation"]],
    ]);
  });
  it("needs one file per side and the type's fields in their format", () => {
    const schema = documentsStepInput(config);
    expect(schema.parse({ document_type: "pan_card", files: files(1), fields: { name: "Ravi", pan: "abcpe 1234f" } })).toEqual({
      document_type: "pan_card",
      files: files(1),
      fields: { name: "Ravi", pan: "ABCPE1234F", occupation: "" },
    });
    expect(firstMessage(schema.safeParse({ document_type: "aadhaar_card", files: files(1), fields: {} }))).toBe("file_required");
    expect(
      schema
        .safeParse({ document_type: "aadhaar_card", files: files(2), fields: { name: "", aadhaar_last4: "12" } })
        .error?.issues.map((i) => [i.path.join("."), i.message]),
    ).toEqual([
      ["fields.name", "field_required"],
      ["fields.aadhaar_last4", "field_format"],
    ]);
    expect(firstMessage(schema.safeParse({ document_type: "passport", files: files(2), fields: {} }))).toBe("document_type_required");
  });
});
