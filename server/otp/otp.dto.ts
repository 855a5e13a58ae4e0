/** Masked destinations and the `OtpChallenge` DTO the flow UI receives (never the row itself). */
import { OTP_RESEND_AFTER_MS } from "./otp-code";
import type { TOtpChannel, TSendOtpResponse } from "./otp.schemas";

/**
 * A destination the applicant can recognize without it being readable over a shoulder:
 * `+919876543210` -> `+91 ••••• ••210`; `ravi@example.com` -> `r•••@example.com`.
 */
export function maskDestination(channel: TOtpChannel, destination: string): string {
  if (channel === "phone") return `+91 ••••• ••${destination.slice(-3)}`;
  const at = destination.lastIndexOf("@");
  return `${destination.slice(0, 1)}•••${destination.slice(at)}`;
}

/** The send response for a stored challenge. */
export function toSendOtpResponse(c: { id: string; channel: TOtpChannel; destination: string; expiresAt: Date; sentAt: Date }): TSendOtpResponse {
  return {
    challenge_id: c.id,
    channel: c.channel,
    destination_masked: maskDestination(c.channel, c.destination),
    expires_at: c.expiresAt.toISOString(),
    resend_available_at: new Date(c.sentAt.getTime() + OTP_RESEND_AFTER_MS).toISOString(),
  };
}
