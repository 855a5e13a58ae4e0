/**
 * Delivery settings of live-mode OTPs, read from the environment at send time.
 *
 * This is the one place OTP code reads `process.env`; the variables belong in server/env.ts
 * (STYLE.md 1.7) and this function should then read `env` instead:
 * - `SMTP_URL`: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465`.
 * - `EMAIL_FROM`: sender of OTP emails, e.g. `Acme Verify <no-reply@acme.in>`.
 * - `MSG91_AUTH_KEY`: MSG91 auth key (sent in the `authkey` header).
 * - `MSG91_FLOW_ID`: id of the DLT-approved MSG91 flow/template holding a `##otp##` variable.
 * - `MSG91_FLOW_ID_HI`: optional Hindi flow; used for locale `hi` and sent with `unicode: 1`.
 * - `MSG91_SENDER_ID`: the DLT-registered 6-character sender id (header), e.g. `ACMEKY`.
 * - `MSG91_BASE_URL`: default `https://control.msg91.com` (overridable for tests and proxies).
 * - `OTP_DELIVERY_TIMEOUT_MS`: per-message timeout of either channel, default 10000.
 * A channel whose variables are all unset is "not configured"; live sends on it fail with
 * `otp_delivery_failed` (reason `not_configured`). A set but malformed value throws.
 */
import { z } from "zod";
import { optionalEnv } from "../env-fields";

const opt = optionalEnv;

const ZOtpEnv = z.object({
  SMTP_URL: opt(z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be an smtp:// or smtps:// URL" })),
  EMAIL_FROM: opt(z.string().min(3)),
  MSG91_AUTH_KEY: opt(z.string().min(1)),
  MSG91_FLOW_ID: opt(z.string().min(1)),
  MSG91_FLOW_ID_HI: opt(z.string().min(1)),
  MSG91_SENDER_ID: opt(z.string().min(1).max(11)),
  MSG91_BASE_URL: opt(z.url({ protocol: /^https?$/ })),
  OTP_DELIVERY_TIMEOUT_MS: opt(z.coerce.number().int().min(100).max(60_000)),
});

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
 * The OTP delivery settings from `source` (default `process.env`).
 * @throws Error naming the variable when a value is malformed or a channel is half configured.
 */
export function otpDeliveryConfig(source: Record<string, string | undefined> = process.env): OtpDeliveryConfig {
  const parsed = ZOtpEnv.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid OTP delivery settings: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const e = parsed.data;
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
