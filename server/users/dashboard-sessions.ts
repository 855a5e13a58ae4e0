/**
 * Revocable dashboard sessions. next-auth keeps a dashboard session in a signed JWT cookie
 * (12 h, server/auth/auth.ts); the JWT carries the user's `session_version` (`sv`) from sign-in,
 * and the `jwt` callback compares it with the user's row on every request. Bumping the version
 * ends every session of that user at their next request: sign-out, password reset, role change,
 * removal from an organization. Sign-ins and sign-outs are audited (`user.signed_in`,
 * `user.signed_out`) in each of the user's organizations.
 */
import { writeUserAudit } from "../audit/write-audit";
import type { Db, Tx } from "../db";

/** The claims this module reads and writes in next-auth's JWT (`sub`: user id, `sv`: session version). */
export interface DashboardToken {
  sub?: string;
  sv?: unknown;
}

/** Ends every dashboard session of the user (in the caller's transaction when given one). */
export async function endDashboardSessions(db: Db | Tx, userId: string): Promise<void> {
  await db.user.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
}

/** How a user signed in, for the audit row: the next-auth provider (`credentials`, `oidc`) and the client's IP. */
export interface SignInContext {
  method: string;
  ip?: string | null;
}

/**
 * The JWT of a new sign-in of `userId`, stamped with the user's current version, and the
 * sign-in audited; null for an unknown user.
 */
export async function signedInDashboardToken<T extends DashboardToken>(db: Db, token: T, userId: string, how: SignInContext): Promise<T | null> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
    if (!user) return null;
    await writeUserAudit(tx, { actor: { type: "user", id: userId, ip: how.ip }, action: "user.signed_in", userId, data: { method: how.method } });
    return { ...token, sub: userId, sv: user.sessionVersion };
  });
}

/** Signing out: ends every dashboard session of the user and audits it. */
export async function signOutDashboardUser(db: Db, userId: string, ip?: string | null): Promise<void> {
  await db.$transaction(async (tx) => {
    await endDashboardSessions(tx, userId);
    await writeUserAudit(tx, { actor: { type: "user", id: userId, ip }, action: "user.signed_out", userId });
  });
}

/** The JWT of a request when its session is still current, else null (next-auth then drops the cookie). */
export async function currentDashboardToken<T extends DashboardToken>(db: Db, token: T): Promise<T | null> {
  if (!token.sub || typeof token.sv !== "number") return null;
  const user = await db.user.findUnique({ where: { id: token.sub }, select: { sessionVersion: true } });
  return user?.sessionVersion === token.sv ? token : null;
}
