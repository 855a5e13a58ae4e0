/**
 * Active liveness challenges (issue 15): the server issues one per attempt (2-3 random actions in
 * a random order, always one head turn so that depth can be measured, a secret nonce, a
 * CHALLENGE_TTL_MS expiry), binds the frames the flow posts with the nonce to it and refuses
 * frames whose bytes it has seen before; liveness-verdict.ts judges them with the face models.
 * A challenge is used once: judged, then taken by the step's submission. No model is loaded here.
 */
import { randomInt } from "node:crypto";
import type { Db } from "../../../db";
import { DomainError } from "../../../errors";
import { newId, randomBase62 } from "../../../ids";
import { LIVENESS_ACTIONS, type LivenessAction } from "./liveness-judge";

/** How long a challenge takes frames: 90 s from issue. */
export const CHALLENGE_TTL_MS = 90_000;
/** Most frames one challenge takes (the flow takes about 4 a second). */
export const CHALLENGE_MAX_FRAMES = 40;

const TURNS: readonly LivenessAction[] = ["turn_left", "turn_right"];

/**
 * 2 or 3 distinct actions from `pool` in a random order, one of them a head turn (cryptographic
 * randomness: the order is what a recorded video cannot know).
 * @param pool the workflow's allowed actions; must hold a turn.
 */
export function drawActions(pool: readonly LivenessAction[]): LivenessAction[] {
  const turns = pool.filter((a) => TURNS.includes(a));
  if (!turns.length) throw new Error("drawActions: the pool has no head turn");
  const pick = <T>(list: T[]): T => list.splice(randomInt(list.length), 1)[0]!;
  const rest = pool.filter((a) => LIVENESS_ACTIONS.includes(a));
  const chosen = [pick(turns)];
  const others = rest.filter((a) => a !== chosen[0]);
  const count = Math.min(others.length + 1, 2 + randomInt(2));
  while (chosen.length < count) chosen.push(pick(others));
  const order: LivenessAction[] = [];
  while (chosen.length) order.push(pick(chosen));
  return order;
}

/** A challenge as the flow sees it. */
export interface IssuedChallenge {
  id: string;
  /** Posted with every frame (never shown in results). */
  nonce: string;
  actions: LivenessAction[];
  expires_at: string;
  attempt: number;
  max_attempts: number;
}

/**
 * Issues the next challenge of a session's step; an earlier open one stops taking frames.
 * @throws DomainError liveness_attempts_exhausted when `maxAttempts` challenges were issued.
 */
export async function issueChallenge(
  db: Db,
  input: { sessionId: string; step: string; pool: readonly LivenessAction[]; maxAttempts: number; now?: Date },
): Promise<IssuedChallenge> {
  const now = input.now ?? new Date();
  const issued = await db.livenessChallenge.count({ where: { sessionId: input.sessionId, step: input.step } });
  if (issued >= input.maxAttempts)
    throw new DomainError("liveness_attempts_exhausted", "No liveness attempts are left for this step.", { details: { max_attempts: input.maxAttempts } });
  const row = await db.$transaction(async (tx) => {
    await tx.livenessChallenge.updateMany({ where: { sessionId: input.sessionId, step: input.step, status: "open" }, data: { status: "superseded" } });
    return tx.livenessChallenge.create({
      data: {
        id: newId("livenessChallenge"),
        sessionId: input.sessionId,
        step: input.step,
        nonce: randomBase62(32),
        actions: drawActions(input.pool),
        attempt: issued + 1,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      },
    });
  });
  return {
    id: row.id,
    nonce: row.nonce,
    actions: row.actions as LivenessAction[],
    expires_at: row.expiresAt.toISOString(),
    attempt: row.attempt,
    max_attempts: input.maxAttempts,
  };
}

/**
 * The open challenge of a session's step that `nonce` names, for a frame about to be stored.
 * @throws DomainError liveness_challenge_invalid when no open challenge of the step has that
 *   nonce, it expired, or it has CHALLENGE_MAX_FRAMES frames already.
 */
export async function openChallengeFor(db: Db, input: { sessionId: string; step: string; nonce: string; now?: Date }): Promise<{ id: string }> {
  const row = await db.livenessChallenge.findUnique({
    where: { nonce: input.nonce },
    select: { id: true, sessionId: true, step: true, status: true, expiresAt: true, _count: { select: { frames: true } } },
  });
  const now = input.now ?? new Date();
  if (
    !row ||
    row.sessionId !== input.sessionId ||
    row.step !== input.step ||
    row.status !== "open" ||
    row.expiresAt <= now ||
    row._count.frames >= CHALLENGE_MAX_FRAMES
  )
    throw new DomainError("liveness_challenge_invalid", "This liveness challenge is not open. Start a new one.", { param: "challenge" });
  return { id: row.id };
}

/**
 * Binds a stored frame to its challenge.
 * @throws DomainError liveness_frame_replayed when a frame with the same bytes was bound before
 *   (to any challenge); the challenge counts it and its verdict is `replayed`.
 */
export async function bindFrame(db: Db, input: { challengeId: string; evidenceFileId: string; sha256: string; capturedMs: number }): Promise<void> {
  const seen = await db.livenessFrame.findUnique({ where: { sha256: input.sha256 }, select: { evidenceFileId: true } });
  if (!seen) {
    try {
      await db.livenessFrame.create({ data: input });
      return;
    } catch (err) {
      // a concurrent upload of the same bytes won the unique index
      if ((err as { code?: string }).code !== "P2002") throw err;
    }
  }
  await db.livenessChallenge.update({ where: { id: input.challengeId }, data: { replayedFrames: { increment: 1 } } });
  throw new DomainError("liveness_frame_replayed", "This frame was sent before.", { param: "file" });
}

/**
 * Takes a challenge for a step's submission: it must be of that session's step, and not used or
 * superseded (expired or failed ones are taken too: their verdict is the check's answer).
 * @throws DomainError parameter_invalid `liveness_challenge_required` (`param: "challenge_id"`) otherwise.
 */
export async function takeChallenge(db: Db, input: { sessionId: string; step: string; challengeId: string }): Promise<void> {
  const taken = await db.livenessChallenge.updateMany({
    where: { id: input.challengeId, sessionId: input.sessionId, step: input.step, status: { in: ["open", "judged"] } },
    data: { status: "used" },
  });
  if (taken.count !== 1) throw new DomainError("parameter_invalid", "liveness_challenge_required", { param: "challenge_id" });
}
