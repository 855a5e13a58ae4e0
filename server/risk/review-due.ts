/**
 * The daily periodic re-KYC job (issue 20, item 5): every approved session whose
 * `next_review_at` has passed gets `session.review_due` once (`review_due_emitted_at` marks it; a
 * new approval schedules and arms it again). In batches, each session in its own transaction with
 * its event.
 */
import type { Db } from "../db";
import { emitEvent, outboxCommitted } from "../events/outbox";
import { sessionEventData } from "../sessions/session-state";

/** Sessions per batch. */
export const REVIEW_DUE_BATCH = 500;

/** Emits `session.review_due` for up to `limit` due sessions; returns how many were due in this batch. */
export async function emitReviewsDue(db: Db, now = new Date(), limit = REVIEW_DUE_BATCH): Promise<{ emitted: number }> {
  const due = await db.session.findMany({
    where: { status: "approved", nextReviewAt: { lte: now }, reviewDueEmittedAt: null },
    orderBy: { nextReviewAt: "asc" },
    take: limit,
    select: { id: true },
  });
  let emitted = 0;
  for (const { id } of due) {
    const done = await db.$transaction(async (tx) => {
      const claimed = await tx.session.updateMany({ where: { id, status: "approved", reviewDueEmittedAt: null }, data: { reviewDueEmittedAt: now } });
      if (claimed.count !== 1) return false;
      const s = await tx.session.findUniqueOrThrow({
        where: { id },
        select: {
          id: true,
          projectId: true,
          mode: true,
          status: true,
          referenceId: true,
          decision: true,
          decisionSource: true,
          riskLevel: true,
          nextReviewAt: true,
        },
      });
      await emitEvent(
        tx,
        {
          projectId: s.projectId,
          mode: s.mode,
          type: "session.review_due",
          data: { session: sessionEventData(s), review: { risk_level: s.riskLevel ?? "low", next_review_at: s.nextReviewAt!.toISOString() } },
          sessionId: s.id,
        },
        now,
      );
      return true;
    });
    if (done) emitted++;
  }
  if (emitted) outboxCommitted();
  return { emitted };
}
