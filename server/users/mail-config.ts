/**
 * SMTP settings of the dashboard's account emails (password reset links, invitations), read
 * from the environment at send time like server/otp/otp-config.ts (the variables belong in
 * server/env.ts, STYLE.md 1.7; this function should then read `env` instead):
 * - `SMTP_URL`: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465`.
 * - `EMAIL_FROM`: sender, e.g. `Acme Verify <no-reply@acme.in>`.
 * - `SMTP_TIMEOUT_MS`: connect, greeting and socket timeout, default 10000.
 * Both unset: email is "not configured" (invitations then show their link to the inviter).
 */
import { z } from "zod";
import type { SmtpConfig } from "../otp/otp-config";

const blank = (v: unknown) => (v === "" ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const ZMailEnv = z.object({
  SMTP_URL: opt(z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be an smtp:// or smtps:// URL" })),
  EMAIL_FROM: opt(z.string().min(3)),
  SMTP_TIMEOUT_MS: opt(z.coerce.number().int().min(100).max(60_000)),
});

/**
 * The account-email SMTP settings from `source` (default `process.env`), or null when neither
 * `SMTP_URL` nor `EMAIL_FROM` is set.
 * @throws Error naming the variable when a value is malformed or only one of the two is set.
 */
export function accountMailConfig(source: Record<string, string | undefined> = process.env): SmtpConfig | null {
  const parsed = ZMailEnv.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid email settings: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  const e = parsed.data;
  if (!e.SMTP_URL && !e.EMAIL_FROM) return null;
  if (!e.SMTP_URL || !e.EMAIL_FROM) throw new Error("Invalid email settings: set both SMTP_URL and EMAIL_FROM");
  return { url: e.SMTP_URL, from: e.EMAIL_FROM, timeoutMs: e.SMTP_TIMEOUT_MS ?? 10_000 };
}
