/** What the `phone` / `email` steps' forms accept, how they normalize it, and which i18n key they refuse with. */
import { describe, expect, it } from "vitest";
import { otpDestinationInput, ZOtpCodeInput, ZOtpKeptChallenge } from "./otp.schemas";

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

describe("a resubmitted phone / email step", () => {
  it("keeps a challenge id and reads anything else as no challenge", () => {
    expect(ZOtpKeptChallenge.parse({ challenge_id: "otp_1" })).toEqual({ challenge_id: "otp_1" });
    for (const payload of [null, "x", { challenge_id: 7 }, {}]) expect(ZOtpKeptChallenge.parse(payload).challenge_id).toBeUndefined();
  });
});
