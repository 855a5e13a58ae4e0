/**
 * Schemas of OTP verification for the `phone` and `email` steps (issue 4): destinations,
 * codes and the shapes the hosted flow receives. Written once (STYLE.md 1.4) and reused by
 * the tRPC procedures that will expose `sendOtp` / `verifyOtp`.
 */
import { z } from "zod";

export const OTP_CHANNELS = ["phone", "email"] as const;
export const ZOtpChannel = z.enum(OTP_CHANNELS).meta({ description: "`phone`: SMS to an Indian mobile number; `email`: an email message." });
export type TOtpChannel = z.infer<typeof ZOtpChannel>;

/**
 * An Indian mobile number, normalized to E.164 (`+91` and 10 digits starting 6-9).
 * Accepts the usual ways of writing one: `98765 43210`, `098765-43210`, `+91 (98765) 43210`, `919876543210`.
 */
export const ZIndianMobile = z
  .string()
  .max(32)
  .transform((v) => v.replace(/[\s\-().]/g, ""))
  .pipe(z.string().regex(/^(?:\+?91|0)?[6-9]\d{9}$/, "Enter a 10-digit Indian mobile number."))
  .transform((v) => `+91${v.slice(-10)}`)
  .meta({ description: "Indian mobile number; stored and sent as E.164 `+91XXXXXXXXXX`.", example: "+919876543210" });

/** An email address, trimmed, with its domain lower-cased (the local part is kept as typed). */
export const ZEmailAddress = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email("Enter a valid email address."))
  .transform((v) => {
    const at = v.lastIndexOf("@");
    return v.slice(0, at) + v.slice(at).toLowerCase();
  })
  .meta({ description: "Email address the code is sent to.", example: "ravi@example.com" });

/** The destination schema of a channel. */
export function destinationSchema(channel: TOtpChannel) {
  return channel === "phone" ? ZIndianMobile : ZEmailAddress;
}

/** A code as typed by the applicant: exactly 6 digits (surrounding spaces ignored). */
export const ZOtpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code.")
  .meta({ description: "The 6-digit code that was sent." });

/** What the flow UI gets after a code was sent. Timestamps are ISO 8601 UTC (decisions.md). */
export const ZSendOtpResponse = z
  .object({
    challenge_id: z.string().meta({ description: "`otp_...`: id of this challenge; a new send supersedes it." }),
    channel: ZOtpChannel,
    destination_masked: z.string().meta({ description: "Where the code went, masked: `+91 ••••• ••210`, `r•••@example.com`." }),
    expires_at: z.string().meta({ description: "When the code stops working (10 minutes after sending)." }),
    resend_available_at: z.string().meta({ description: "Earliest time a new code can be requested (30 seconds after sending)." }),
  })
  .meta({ id: "OtpChallenge" });
export type TSendOtpResponse = z.infer<typeof ZSendOtpResponse>;

/** What the flow UI gets for a correct code. Parsing `verifyOtp()`'s result through it drops the raw destination. */
export const ZVerifyOtpResponse = z.object({ verified: z.literal(true) }).meta({ id: "OtpVerification" });
export type TVerifyOtpResponse = z.infer<typeof ZVerifyOtpResponse>;
