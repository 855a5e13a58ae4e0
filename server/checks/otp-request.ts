/**
 * The rules of a check completed with a one-time code the registry sends the applicant (catalog
 * `awaitsOtp`), shared by the first phase (server/checks/awaiting-check.ts, when the provider's
 * `begin` sent the code) and the second (server/checks/check-otp.ts).
 */

/** Wrong codes a check takes; the last one fails it (`ckyc_auth_failed`). */
export const OTP_ATTEMPTS = 3;
/** Seconds between two codes sent for one check. */
export const OTP_RESEND_SECONDS = 30;

/** `+91 98765 43210` -> `******3210`: where the code went, as the applicant and the API see it. */
export function maskMobile(mobile: string): string {
  return `******${mobile.replace(/\D/g, "").slice(-4)}`;
}

/**
 * The pending check's `result` once a code was sent at `now`: the provider's request (`otp_sent_to`,
 * `otp_expires_at`, its own ids) with the attempts left and when a new code may be asked for.
 */
export function otpRequestSent(request: Record<string, unknown>, now: Date, attemptsLeft = OTP_ATTEMPTS): Record<string, unknown> {
  return { ...request, attempts_left: attemptsLeft, resend_available_at: new Date(now.getTime() + OTP_RESEND_SECONDS * 1000).toISOString() };
}

/**
 * What a failed OTP check keeps in `result` (a wrong code too often, an expired code): that the
 * record exists and where the code went, with no attempts left and none of the provider's request ids.
 */
export function otpFailedResult(request: Record<string, unknown>): Record<string, unknown> {
  return { record_found: true, otp_sent_to: request.otp_sent_to ?? null, attempts_left: 0 };
}
