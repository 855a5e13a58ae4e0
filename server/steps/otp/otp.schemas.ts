/**
 * The schemas of the `phone` and `email` steps: their settings (none), the destination and the
 * code the applicant types, and what a resubmission keeps (the verified challenge).
 *
 * Error messages of the applicant's input are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";

/** `phone`: an Indian mobile number verified by a one-time code (SMS). */
export const ZPhoneSettings = z.strictObject({});

/** `email`: an email address verified by a one-time code. */
export const ZEmailSettings = z.strictObject({});

/**
 * An Indian mobile number as typed (`98765 43210`, `+91 98765-43210`, `09876543210`),
 * normalized to `+91XXXXXXXXXX`: the same rule as server/otp's ZIndianMobile, with an i18n key.
 */
export const ZFlowPhone = z
  .string()
  .max(32, { error: "phone_invalid" })
  .transform((v) => v.replace(/[\s\-().]/g, ""))
  .pipe(z.string().regex(/^(?:\+?91|0)?[6-9]\d{9}$/, { error: "phone_invalid" }))
  .transform((v) => `+91${v.slice(-10)}`);

/** An email address (domain lower-cased, like server/otp's ZEmailAddress). */
export const ZFlowEmail = z
  .string()
  .trim()
  .min(1, { error: "email_required" })
  .max(254, { error: "email_invalid" })
  .pipe(z.email({ error: "email_invalid" }))
  .transform((v) => {
    const at = v.lastIndexOf("@");
    return v.slice(0, at) + v.slice(at).toLowerCase();
  });

/** The destination form of a `phone` or `email` step. */
export function otpDestinationInput(channel: "phone" | "email") {
  return z.strictObject({ destination: channel === "phone" ? ZFlowPhone : ZFlowEmail });
}

/** A code as typed: exactly 6 digits (spaces ignored). */
export const ZOtpCodeInput = z.strictObject({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, { error: "code_invalid" })),
});

/**
 * A resubmitted `phone` / `email` step (the applicant keeps the destination verified earlier in
 * the session): `{ challenge_id }`; anything else reads as no challenge (the step answers
 * otp_not_sent).
 */
export const ZOtpKeptChallenge = z.looseObject({ challenge_id: z.string().optional() }).catch({});
