/**
 * "Forgot password": emails a single-use reset link valid for 30 minutes to a dashboard user.
 * The caller answers the same way whether or not the address has an account (no account
 * enumeration), and should not wait for this function (its duration would tell).
 */
import type { Db } from "../db";
import { newId } from "../ids";
import { accountLink, newAccountToken } from "./account-tokens";
import { accountMailConfig } from "./mail-config";
import { sendAccountMail } from "./send-account-mail";

export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
/** A second request within this time reuses nothing and sends nothing (mail-bombing guard). */
export const PASSWORD_RESET_RESEND_MS = 60 * 1000;

export type PasswordResetOutcome = "sent" | "no_account" | "too_soon" | "not_configured";

/**
 * Issues a reset link for `email` and sends it. Earlier unused links of the user stop working.
 * @returns what happened (for logs and tests; never shown to the requester).
 * @throws the SMTP transport's error when the server refuses the message.
 */
export async function requestPasswordReset(db: Db, email: string, now = new Date()): Promise<PasswordResetOutcome> {
  const user = await db.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: {
      id: true,
      email: true,
      name: true,
      passwordResets: { where: { usedAt: null }, orderBy: { createdAt: "desc" }, take: 1, select: { createdAt: true } },
    },
  });
  if (!user) return "no_account";
  const last = user.passwordResets[0];
  if (last && now.getTime() - last.createdAt.getTime() < PASSWORD_RESET_RESEND_MS) return "too_soon";
  const config = accountMailConfig();
  if (!config) {
    console.warn(JSON.stringify({ level: "warn", msg: "password reset requested but email is not configured (SMTP_URL, EMAIL_FROM)" }));
    return "not_configured";
  }
  const { token, hash } = newAccountToken();
  await db.$transaction([
    db.passwordResetToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } }),
    db.passwordResetToken.create({
      data: { id: newId("passwordReset"), userId: user.id, tokenHash: hash, expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS), createdAt: now },
    }),
  ]);
  await sendAccountMail(config, {
    to: user.email,
    subject: "Reset your Verify password",
    intro: [
      `Hi${user.name ? ` ${user.name}` : ""},`,
      "Someone (hopefully you) asked to reset the password of your Verify dashboard account. Choose a new password with this link:",
    ],
    action: { label: "Reset password", url: accountLink("/reset-password", token) },
    outro: ["The link works once and expires in 30 minutes.", "If you did not ask for this, ignore this email: your password stays the same."],
  });
  return "sent";
}
