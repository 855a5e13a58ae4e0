/**
 * How a live-mode code reaches the applicant: one `OtpSender` per channel. The real adapters
 * are SMTP email (smtp-email-sender.ts) and MSG91 SMS (msg91-sms-sender.ts), picked by
 * send-otp.ts from otpDeliveryConfig(); test mode sends nothing.
 */
import { DomainError } from "../errors";
import type { TLocale } from "../workflows/workflow.schemas";
import type { TOtpChannel } from "./otp.schemas";

/** One code to deliver. `to` is normalized: E.164 for `phone`, an address for `email`. */
export interface OtpMessage {
  channel: TOtpChannel;
  to: string;
  code: string;
  locale: TLocale;
  /** Shown to the applicant so they know who is asking (the project's name). */
  projectName: string;
  expiresInMinutes: number;
  /** For log correlation only. */
  challengeId: string;
}

/** Delivers one message; resolves once the provider accepted it. @throws DomainError otp_delivery_failed */
export interface OtpSender {
  send(message: OtpMessage): Promise<void>;
}

export type OtpSenders = Record<TOtpChannel, OtpSender>;

/** Why a delivery failed, as `details.reason` of `otp_delivery_failed` (no addresses, no provider text). */
export type OtpDeliveryFailure =
  | "not_configured"
  | "timeout"
  | "network"
  | "recipient_rejected"
  | "provider_auth"
  | "provider_rate_limited"
  | "provider_unavailable"
  | "provider_rejected";

/**
 * The `otp_delivery_failed` error (HTTP 502, `details: { channel, reason }`), logging the
 * cause server-side (`cause` must not contain the destination).
 */
export function deliveryFailed(channel: TOtpChannel, reason: OtpDeliveryFailure, cause?: string, challengeId?: string): DomainError {
  console.error(JSON.stringify({ level: "error", msg: "otp delivery failed", channel, reason, cause, challenge_id: challengeId }));
  const what = channel === "phone" ? "SMS" : "email";
  return new DomainError("otp_delivery_failed", `We could not send the ${what} with your code. Please try again.`, { details: { channel, reason } });
}
