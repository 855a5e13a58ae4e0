/**
 * Delivery settings of live-mode OTPs, from the variables of server/otp/otp-env.ts (`SMTP_URL`,
 * `EMAIL_FROM`, `MSG91_*`, `OTP_DELIVERY_TIMEOUT_MS`) read at send time.
 * A channel whose variables are all unset is "not configured"; live sends on it fail with
 * `otp_delivery_failed` (reason `not_configured`). A half-configured channel throws.
 */
import { env, type ServerEnv } from "../env";
import type { OTP_ENV } from "./otp-env";

export interface SmtpConfig {
  url: string;
  from: string;
  timeoutMs: number;
}

export interface Msg91Config {
  /** Origin of the MSG91 API without a trailing slash; the flow endpoint is `${baseUrl}/api/v5/flow/`. */
  baseUrl: string;
  authKey: string;
  senderId: string;
  flowId: string;
  flowIdHi?: string;
  timeoutMs: number;
}

export interface OtpDeliveryConfig {
  /** null when SMTP_URL and EMAIL_FROM are both unset. */
  email: SmtpConfig | null;
  /** null when MSG91_AUTH_KEY, MSG91_FLOW_ID and MSG91_SENDER_ID are all unset. */
  sms: Msg91Config | null;
}

/**
 * The OTP delivery settings of `e` (default: the environment).
 * @throws Error naming the variables when a channel is half configured.
 */
export function otpDeliveryConfig(e: Pick<ServerEnv, "SMTP_URL" | "EMAIL_FROM" | keyof typeof OTP_ENV> = env): OtpDeliveryConfig {
  const timeoutMs = e.OTP_DELIVERY_TIMEOUT_MS ?? 10_000;

  let email: SmtpConfig | null = null;
  if (e.SMTP_URL || e.EMAIL_FROM) {
    if (!e.SMTP_URL || !e.EMAIL_FROM) throw new Error("Invalid OTP delivery settings: set both SMTP_URL and EMAIL_FROM");
    email = { url: e.SMTP_URL, from: e.EMAIL_FROM, timeoutMs };
  }

  let sms: Msg91Config | null = null;
  if (e.MSG91_AUTH_KEY || e.MSG91_FLOW_ID || e.MSG91_SENDER_ID) {
    if (!e.MSG91_AUTH_KEY || !e.MSG91_FLOW_ID || !e.MSG91_SENDER_ID) {
      throw new Error("Invalid OTP delivery settings: set MSG91_AUTH_KEY, MSG91_FLOW_ID and MSG91_SENDER_ID together");
    }
    sms = {
      baseUrl: (e.MSG91_BASE_URL ?? "https://control.msg91.com").replace(/\/+$/, ""),
      authKey: e.MSG91_AUTH_KEY,
      senderId: e.MSG91_SENDER_ID,
      flowId: e.MSG91_FLOW_ID,
      flowIdHi: e.MSG91_FLOW_ID_HI,
      timeoutMs,
    };
  }
  return { email, sms };
}
