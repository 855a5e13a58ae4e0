/**
 * Session expiry (decisions.md "Session lifecycle": active statuses -> `expired` when
 * `expires_at` passes). Run by the `expire-sessions` Inngest function
 * (inngest/functions/expire-sessions.ts): a tick every `EXPIRY_TICK_MS` that also sleeps until
 * each session due before the next tick, so a session expires on time while the process wakes
 * only every five minutes when nothing is due. Each session moves in its own transaction
 * through the state machine (history row with reason `expires_at_passed`, audit row, event
 * `session.expired`) and its client tokens are revoked with it.
 */
import type { Db } from "../db";
import { DomainError } from "../errors";
import { SYSTEM_ACTOR } from "../audit/write-audit";
import { outboxCommitted } from "../events/outbox";
import { sql, sqlJoin, sqlTimestamp } from "../sql";
import { ACTIVE_STATUSES, transitionSession } from "./session-state";

/** Sessions expired per call at most (the caller calls again while a batch comes back full). */
export const EXPIRE_BATCH = 200;

/**
 * The interval of the expiry ticks: the shortest `expires_in` (interface.md: 300 s), so a
 * session created after a tick looked can never come due before the next tick.
 */
export const EXPIRY_TICK_MS = 300_000;

/** What one call found and did; times in epoch ms. */
export interface ExpiryRound {
  /** Sessions found due (at most the limit: a full batch means more may be due). */
  due: number;
  /** Of them, expired now (the others changed status meanwhile). */
  expired: number;
  /** `now` of this call. */
  at: number;
  /** The earliest `expires_at` of an active session still ahead, or null when none is. */
  nextDueAt: number | null;
}

/**
 * Expires active sessions whose `expires_at` is at or before `now`, oldest expiry first, at
 * most `limit`. A session that changed status meanwhile (submitted, cancelled) is skipped.
 */
export async function expireDueSessions(db: Db, now: Date = new Date(), limit: number = EXPIRE_BATCH): Promise<ExpiryRound> {
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
  return { due: due.length, expired, at: now.getTime(), nextDueAt: await nextExpiry(db, now) };
}

/**
 * The earliest `expires_at` after `now` among active sessions (epoch ms), or null: one index
 * probe per active status on `(status, expires_at)`.
 */
async function nextExpiry(db: Db, now: Date): Promise<number | null> {
  const [row] = await db.$queryRaw<{ next: number | null }[]>`
    SELECT (extract(epoch FROM min(n.t)) * 1000)::float8 AS next FROM (VALUES ${sqlJoin(
      ACTIVE_STATUSES.map((st) => sql`(${st}::"SessionStatus")`),
      ", ",
    )}) AS a(status),
      LATERAL (SELECT s.expires_at AS t FROM sessions s WHERE s.status = a.status AND s.expires_at > ${sqlTimestamp(now)} ORDER BY s.expires_at LIMIT 1) n`;
  return row?.next ?? null;
}
