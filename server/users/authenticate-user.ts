/**
 * Dashboard sign-in with email + password, with lockout: 5 consecutive failures lock the
 * account for 15 minutes (OWASP ASVS 2.2.1 style throttling). Answers are deliberately the
 * same for an unknown email and a wrong password.
 */
import type { Db } from "../db";
import { DomainError } from "../errors";
import { verifyPassword } from "./passwords";

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

/** @throws DomainError invalid_credentials, account_locked. */
export async function authenticateUser(db: Db, email: string, password: string): Promise<{ id: string; email: string; name: string }> {
  const user = await db.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, email: true, name: true, passwordHash: true, failedLoginCount: true, lockedUntil: true },
  });
  if (!user) throw new DomainError("invalid_credentials", "Wrong email or password.");
  if (user.lockedUntil && user.lockedUntil > new Date()) {
    throw new DomainError("account_locked", "Too many failed attempts. Try again in 15 minutes or reset your password.");
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    const failed = user.failedLoginCount + 1;
    await db.user.update({
      where: { id: user.id },
      data: failed >= MAX_FAILED_LOGINS ? { failedLoginCount: 0, lockedUntil: new Date(Date.now() + LOCKOUT_MS) } : { failedLoginCount: failed },
    });
    throw new DomainError("invalid_credentials", "Wrong email or password.");
  }
  if (user.failedLoginCount || user.lockedUntil) await db.user.update({ where: { id: user.id }, data: { failedLoginCount: 0, lockedUntil: null } });
  return { id: user.id, email: user.email, name: user.name };
}
