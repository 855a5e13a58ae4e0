/** What the `aadhaar` step's form accepts and which i18n key it refuses with. */
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ZAadhaarStepInput } from "./aadhaar.schemas";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

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
