import { describe, expect, it } from "vitest";
import { resolveCheck } from "./catalog";
import { checksForStep } from "./step-checks";

const FILE = "file_AbCdEfGhIjKlMnOpQrStUvWx";
const OTP = "otp_AbCdEfGhIjKlMnOpQrStUvWx";

describe("checksForStep", () => {
  it("maps a PAN step to in.pan.verify with the workflow's holder type", () => {
    expect(checksForStep("pan", { holder: "business" }, { pan: "AAACR4321K", name: "Acme", dob: "2001-01-01" })).toEqual([
      { key: "in.pan.verify", input: { pan: "AAACR4321K", name: "Acme", dob: "2001-01-01", holder: "business" } },
    ]);
  });

  it("adds in.pan.aadhaar_link when the settings ask, for individuals only", () => {
    const data = { pan: "ABCPE1234F", name: "Ravi Kumar", dob: "1990-01-01" };
    expect(checksForStep("pan", { aadhaar_link: true }, data).map((c) => c.key)).toEqual(["in.pan.verify", "in.pan.aadhaar_link"]);
    expect(checksForStep("pan", { aadhaar_link: true }, data)[1]!.input).toEqual({ pan: "ABCPE1234F" });
    expect(checksForStep("pan", { holder: "business", aadhaar_link: true }, data).map((c) => c.key)).toEqual(["in.pan.verify"]);
    expect(checksForStep("pan", {}, data).map((c) => c.key)).toEqual(["in.pan.verify"]);
  });

  it("maps an Aadhaar step by the submitted method", () => {
    expect(checksForStep("aadhaar", {}, { method: "offline_ekyc", zip_base64: "UEsDBA==", share_code: "Ab12" })).toEqual([
      { key: "in.aadhaar.offline_ekyc", input: { zip_base64: "UEsDBA==", share_code: "Ab12" } },
    ]);
    expect(checksForStep("aadhaar", {}, { method: "secure_qr", qr_payload: "123" })).toEqual([{ key: "in.aadhaar.secure_qr", input: { qr_payload: "123" } }]);
    expect(checksForStep("aadhaar", {}, { qr_payload: "123" }, "secure_qr")[0]!.key).toBe("in.aadhaar.secure_qr");
  });

  it("never skips an Aadhaar step with an unknown method: its input fails the check's schema", () => {
    const [planned] = checksForStep("aadhaar", {}, { method: "aadhaar_number", number: "999999990019" });
    expect(planned!.key).toBe("in.aadhaar.offline_ekyc");
    expect(resolveCheck(planned!.key).input.safeParse(planned!.input).success).toBe(false);
  });

  it("maps phone, email and documents steps; their inputs pass the checks' schemas", () => {
    const planned = [
      ...checksForStep("phone", {}, { phone: "+919876543210", challenge_id: OTP }),
      ...checksForStep("email", {}, { email: "ravi@example.com", challenge_id: OTP }),
      ...checksForStep("documents", {}, { document_type: "pan_card", files: [FILE], fields: { name: "RAVI KUMAR" } }),
    ];
    expect(planned.map((c) => c.key)).toEqual(["in.phone.verify", "in.email.verify", "in.document.review"]);
    for (const c of planned) expect(resolveCheck(c.key).input.safeParse(c.input).success).toBe(true);
  });

  it("plans nothing for steps without checks", () => {
    for (const type of ["consent", "selfie", "review", "business_details"]) expect(checksForStep(type, {}, {})).toEqual([]);
  });
});
