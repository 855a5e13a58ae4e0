/**
 * Session expiry (decisions.md "Session lifecycle": active statuses -> `expired` when
 * `expires_at` passes). Run by the `expire-sessions` Inngest cron every minute, so a session
 * expires at most about a minute late. Each session moves in its own transaction through the
 * state machine (history row with reason `expires_at_passed`, audit row, event
 * `session.expired`) and its client tokens are revoked with it.
 */
import type { Db } from "../db";
import { DomainError } from "../errors";
import { SYSTEM_ACTOR } from "../audit/write-audit";
import { outboxCommitted } from "../events/outbox";
import { ACTIVE_STATUSES, transitionSession } from "./session-state";

/** Sessions expired per call at most (the cron calls again while a batch comes back full). */
export const EXPIRE_BATCH = 200;

/**
 * Expires active sessions whose `expires_at` is at or before `now`, oldest expiry first, at
 * most `limit`. A session that changed status meanwhile (submitted, cancelled) is skipped.
 * @returns how many sessions were found due and how many were expired.
 */
export async function expireDueSessions(db: Db, now: Date = new Date(), limit: number = EXPIRE_BATCH): Promise<{ due: number; expired: number }> {
  const due = await db.session.findMany({
    where: { status: { in: [...ACTIVE_STATUSES] }, expiresAt: { lte: now } },
    orderBy: { expiresAt: "asc" },
    take: limit,
    select: { id: true, status: true },
  });
  let expired = 0;
  for (const s of due) {
    try {
      await db.$transaction(async (tx) => {
        await transitionSession(tx, s.id, s.status, "expired", { actor: SYSTEM_ACTOR, reason: "expires_at_passed" });
        await tx.clientToken.updateMany({ where: { sessionId: s.id, revokedAt: null }, data: { revokedAt: now } });
      });
      expired++;
    } catch (err) {
      if (!(err instanceof DomainError && err.code === "session_not_editable")) throw err; // the status changed meanwhile
    }
  }
  if (expired) outboxCommitted();
  return { due: due.length, expired };
}
