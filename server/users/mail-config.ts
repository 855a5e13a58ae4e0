/**
 * SMTP settings of the dashboard's account emails (password reset links, invitations), from the
 * variables of server/otp/otp-env.ts (`SMTP_URL`, `EMAIL_FROM`, `SMTP_TIMEOUT_MS`, default
 * 10000) read at send time. Both `SMTP_URL` and `EMAIL_FROM` unset: email is "not configured"
 * (invitations then show their link to the inviter).
 */
import { env, type ServerEnv } from "../env";
import type { SmtpConfig } from "../otp/otp-config";
import type { SMTP_ENV } from "../otp/otp-env";

/**
 * The account-email SMTP settings of `e` (default: the environment), or null when neither
 * `SMTP_URL` nor `EMAIL_FROM` is set.
 * @throws Error naming the variables when only one of the two is set.
 */
export function accountMailConfig(e: Pick<ServerEnv, keyof typeof SMTP_ENV> = env): SmtpConfig | null {
  if (!e.SMTP_URL && !e.EMAIL_FROM) return null;
  if (!e.SMTP_URL || !e.EMAIL_FROM) throw new Error("Invalid email settings: set both SMTP_URL and EMAIL_FROM");
  return { url: e.SMTP_URL, from: e.EMAIL_FROM, timeoutMs: e.SMTP_TIMEOUT_MS ?? 10_000 };
}
