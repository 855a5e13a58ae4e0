/** The checks an `aadhaar` step plans (through the registry, as the session pipeline asks). */
import { describe, expect, it } from "vitest";
import { resolveCheck } from "../../checks/catalog";
import { checksForStep } from "../../checks/step-checks";

describe("aadhaar: planned checks", () => {
  it("maps an Aadhaar step by the submitted method", () => {
    expect(checksForStep("aadhaar", {}, { method: "offline_ekyc", zip_base64: "UEsDBA==", share_code: "Ab12" })).toEqual([
      { key: "in.aadhaar.offline_ekyc", input: { zip_base64: "UEsDBA==", share_code: "Ab12" } },
    ]);
    expect(checksForStep("aadhaar", {}, { method: "secure_qr", qr_payload: "123" })).toEqual([{ key: "in.aadhaar.secure_qr", input: { qr_payload: "123" } }]);
    expect(checksForStep("aadhaar", {}, { qr_payload: "123" }, "secure_qr")[0]!.key).toBe("in.aadhaar.secure_qr");
  });

  it("passes the session's OTP-verified phone to an Offline e-KYC check, for the mobile-hash signal", () => {
    const steps = [
      { type: "phone", data: { phone: "+919800000002", challenge_id: "otp_1" } },
      { type: "aadhaar", data: {} },
    ];
    const data = { method: "offline_ekyc", zip_base64: "UEsDBA==", share_code: "Ab12" };
    expect(checksForStep("aadhaar", {}, data, "offline_ekyc", steps)).toEqual([
      { key: "in.aadhaar.offline_ekyc", input: { zip_base64: "UEsDBA==", share_code: "Ab12", mobile: "+919800000002" } },
    ]);
    expect(checksForStep("aadhaar", {}, { method: "secure_qr", qr_payload: "123" }, "secure_qr", steps)[0]!.input).toEqual({ qr_payload: "123" });
  });

  it("never skips an Aadhaar step with an unknown method: its input fails the check's schema", () => {
    const [planned] = checksForStep("aadhaar", {}, { method: "aadhaar_number", number: "999999990019" });
    expect(planned!.key).toBe("in.aadhaar.offline_ekyc");
    expect(resolveCheck(planned!.key).input.safeParse(planned!.input).success).toBe(false);
  });
});
