/** Sets a new password with an emailed reset link (request-password-reset.ts). */
import { writeUserAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { DomainError } from "../errors";
import { accountTokenHash } from "./account-tokens";
import { clearLoginThrottle } from "./authenticate-user";
import { endDashboardSessions } from "./dashboard-sessions";
import { hashPassword } from "./passwords";

const INVALID = "This reset link is invalid or has expired. Ask for a new one.";

/**
 * Uses the reset link `token` once: sets the password, lifts a login lockout, ends every
 * dashboard session of the user, and voids every other unused link of the user. Two concurrent uses of one link: exactly one wins.
 * @returns the user's email (to sign them in).
 * @throws DomainError password_reset_invalid for an unknown, used or expired link.
 */
export async function resetPassword(db: Db, input: { token: string; password: string; ip?: string | null }, now = new Date()): Promise<{ email: string }> {
  const row = await db.passwordResetToken.findUnique({
    where: { tokenHash: accountTokenHash(input.token) },
    select: { id: true, userId: true, usedAt: true, expiresAt: true, user: { select: { email: true } } },
  });
  if (!row || row.usedAt || row.expiresAt <= now) throw new DomainError("password_reset_invalid", INVALID, { param: "token" });
  const passwordHash = await hashPassword(input.password);
  await db.$transaction(async (tx) => {
    const used = await tx.passwordResetToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
    if (used.count !== 1) throw new DomainError("password_reset_invalid", INVALID, { param: "token" });
    await tx.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
    await tx.user.update({ where: { id: row.userId }, data: { passwordHash } });
    await clearLoginThrottle(tx, row.user.email);
    await endDashboardSessions(tx, row.userId);
    await writeUserAudit(tx, { actor: { type: "user", id: row.userId, ip: input.ip }, action: "user.password_reset", userId: row.userId });
  });
  return { email: row.user.email };
}
