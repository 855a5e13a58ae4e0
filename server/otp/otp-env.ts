/**
 * The mail and OTP delivery variables as zod fields, composed into server/env.ts (read them
 * through `env`). Empty strings count as unset (server/env.ts).
 */
import { z } from "zod";

/**
 * SMTP, shared by live OTP emails (server/otp/otp-config.ts) and the dashboard's account emails
 * (server/users/mail-config.ts):
 * - `SMTP_URL`: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465`.
 * - `EMAIL_FROM`: sender, e.g. `Acme Verify <no-reply@acme.in>`.
 * - `SMTP_TIMEOUT_MS`: connect, greeting and socket timeout of account emails, default 10000
 *   (OTP emails use `OTP_DELIVERY_TIMEOUT_MS`).
 */
export const SMTP_ENV = {
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be an smtp:// or smtps:// URL" }).optional(),
  EMAIL_FROM: z.string().min(3).optional(),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
};

/**
 * Live OTP SMS over MSG91, and the delivery timeout of both OTP channels:
 * - `MSG91_AUTH_KEY`: MSG91 auth key (sent in the `authkey` header).
 * - `MSG91_FLOW_ID`: id of the DLT-approved MSG91 flow/template holding a `##otp##` variable.
 * - `MSG91_FLOW_ID_HI`: optional Hindi flow; used for locale `hi` and sent with `unicode: 1`.
 * - `MSG91_SENDER_ID`: the DLT-registered 6-character sender id (header), e.g. `ACMEKY`.
 * - `MSG91_BASE_URL`: default `https://control.msg91.com` (overridable for tests and proxies).
 * - `OTP_DELIVERY_TIMEOUT_MS`: per-message timeout of either channel, default 10000.
 */
export const OTP_ENV = {
  MSG91_AUTH_KEY: z.string().min(1).optional(),
  MSG91_FLOW_ID: z.string().min(1).optional(),
  MSG91_FLOW_ID_HI: z.string().min(1).optional(),
  MSG91_SENDER_ID: z.string().min(1).max(11).optional(),
  MSG91_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  OTP_DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
};
