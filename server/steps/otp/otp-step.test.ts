/** The checks `phone` and `email` steps plan (through the registry, as the session pipeline asks). */
import { describe, expect, it } from "vitest";
import { resolveCheck } from "../../checks/catalog";
import { checksForStep } from "../../checks/step-checks";

const OTP = "otp_AbCdEfGhIjKlMnOpQrStUvWx";

describe("phone and email: planned checks", () => {
  it("plan in.phone.verify / in.email.verify with the verified challenge; the inputs pass the checks' schemas", () => {
    const planned = [
      ...checksForStep("phone", {}, { phone: "+919876543210", challenge_id: OTP }),
      ...checksForStep("email", {}, { email: "ravi@example.com", challenge_id: OTP }),
    ];
    expect(planned).toEqual([
      { key: "in.phone.verify", input: { phone: "+919876543210", challenge_id: OTP } },
      { key: "in.email.verify", input: { email: "ravi@example.com", challenge_id: OTP } },
    ]);
    for (const c of planned) expect(resolveCheck(c.key).input.safeParse(c.input).success).toBe(true);
  });
});
