/**
 * Dashboard sign-in with email + password, with lockout: 5 attempts without a good one lock the
 * address for 15 minutes (OWASP ASVS 2.2.1 style throttling).
 *
 * Every attempt first takes its number in one statement (an upsert of the address's
 * `login_throttles` row RETURNING the count); only attempts numbered up to MAX_FAILED_LOGINS
 * have their password checked, and the one that reaches it sets the lock in that same statement.
 * So parallel attempts never check more passwords than the limit. A good sign-in deletes the
 * row. Unknown addresses take the same steps (a row of their own, a check against a dummy hash
 * of the same cost): their answers (`invalid_credentials`, then `account_locked`) and timing are
 * those of a known address with a wrong password.
 */
import { sha256Hex } from "../crypto/hash";
import type { Db, Tx } from "../db";
import { DomainError } from "../errors";
import { sql, sqlTimestamp } from "../sql";
import { hashPassword, needsRehash, verifyPassword } from "./passwords";

export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;
/** Throttle rows untouched this long are deleted (`pruneLoginThrottles`): their window restarts. */
export const LOGIN_THROTTLE_TTL_MS = 24 * 3600 * 1000;

const emailKey = (email: string) => sha256Hex(email.trim().toLowerCase());

/**
 * Checks an email + password (email case and surrounding spaces ignored); a good one also
 * upgrades a legacy password hash (passwords.ts `needsRehash`).
 * @throws DomainError invalid_credentials (unknown email or wrong password), account_locked.
 */
export async function authenticateUser(db: Db, email: string, password: string, now = new Date()): Promise<{ id: string; email: string; name: string }> {
  const at = sqlTimestamp(now);
  const [attempt] = await db.$queryRaw<{ attempts: number; id: string | null; email: string | null; name: string | null; password_hash: string | null }[]>(sql`
    WITH attempt AS (
      INSERT INTO login_throttles AS t (email_hash, attempts, locked_until, updated_at)
      VALUES (${emailKey(email)}, 1, NULL, ${at})
      ON CONFLICT (email_hash) DO UPDATE SET
        attempts = CASE WHEN t.locked_until <= ${at} THEN 1 ELSE t.attempts + 1 END,
        locked_until = CASE
          WHEN t.locked_until > ${at} THEN t.locked_until
          WHEN t.locked_until IS NULL AND t.attempts + 1 >= ${MAX_FAILED_LOGINS} THEN ${sqlTimestamp(new Date(now.getTime() + LOCKOUT_MS))}
        END,
        updated_at = ${at}
      RETURNING attempts)
    SELECT a.attempts, u.id, u.email, u.name, u.password_hash
    FROM attempt a LEFT JOIN users u ON u.email = ${email.trim().toLowerCase()}`);
  if (attempt!.attempts > MAX_FAILED_LOGINS) {
    throw new DomainError("account_locked", "Too many failed attempts. Try again in 15 minutes or reset your password.");
  }
  const { id, email: userEmail, name, password_hash: passwordHash } = attempt!;
  if (!(await verifyPassword(password, passwordHash)) || id === null || userEmail === null || passwordHash === null) {
    throw new DomainError("invalid_credentials", "Wrong email or password.");
  }
  await clearLoginThrottle(db, userEmail);
  if (needsRehash(passwordHash)) {
    await db.user.updateMany({ where: { id, passwordHash }, data: { passwordHash: await hashPassword(password) } });
  }
  return { id, email: userEmail, name: name ?? "" };
}

/** Ends the lockout window of an address (a good sign-in, a password reset). */
export async function clearLoginThrottle(db: Db | Tx, email: string): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { emailHash: emailKey(email) } });
}

/**
 * Deletes throttle rows untouched for LOGIN_THROTTLE_TTL_MS before `now` (a lock lasts less, so
 * none is lifted early). Run daily by inngest/functions/prune-login-throttles.ts.
 * @returns how many rows were deleted.
 */
export async function pruneLoginThrottles(db: Db, now = new Date()): Promise<{ deleted: number }> {
  const { count } = await db.loginThrottle.deleteMany({ where: { updatedAt: { lt: new Date(now.getTime() - LOGIN_THROTTLE_TTL_MS) } } });
  return { deleted: count };
}
