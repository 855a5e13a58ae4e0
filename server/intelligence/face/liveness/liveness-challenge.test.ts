/**
 * Liveness challenges against the database (embedded PGlite): issue (random actions, attempts,
 * expiry), frames bound by nonce, replayed bytes refused and counted, single use.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../db";
import { storeEvidence } from "../../../evidence/evidence";
import { createSession } from "../../../sessions/create-session";
import { bindFrame, CHALLENGE_TTL_MS, drawActions, issueChallenge, openChallengeFor, takeChallenge } from "./liveness-challenge";
import { LIVENESS_ACTIONS } from "./liveness-judge";
import { demoDb } from "~/tests/fixtures/demo-db";

let db: Db;
let projectId: string;
let workflowId: string;
const actor = { type: "api_key" as const, id: "key_test" };
const POOL = [...LIVENESS_ACTIONS];

beforeAll(async () => {
  const { seed, ...rest } = await demoDb();
  db = rest.db;
  projectId = seed.projectId;
  workflowId = seed.workflows.kyc;
});

async function session() {
  return (await createSession(db, { projectId, mode: "test" }, { workflow_id: workflowId }, actor)).id;
}

async function frame(sessionId: string, bytes: string) {
  const id = await storeEvidence(db, { projectId, sessionId, step: "selfie", kind: "selfie_frame", contentType: "image/jpeg", data: Buffer.from(bytes) });
  const { sha256 } = await db.evidenceFile.findUniqueOrThrow({ where: { id }, select: { sha256: true } });
  return { id, sha256 };
}

describe("drawActions", () => {
  it("draws 2 or 3 distinct actions of the pool, always one head turn, in every order", () => {
    const orders = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const a = drawActions(POOL);
      expect(a.length === 2 || a.length === 3).toBe(true);
      expect(new Set(a).size).toBe(a.length);
      expect(a.some((x) => x === "turn_left" || x === "turn_right")).toBe(true);
      orders.add(a.join(","));
    }
    // 5 actions, one turn among them: dozens of sequences, not a fixed few
    expect(orders.size).toBeGreaterThan(30);
    expect(drawActions(["turn_right", "move_closer"]).sort()).toEqual(["move_closer", "turn_right"]);
    expect(() => drawActions(["look_up", "blink"])).toThrow(/head turn/);
  });
});

describe("liveness challenges", () => {
  it("issues one challenge per attempt up to the step's limit; a new one closes the previous", async () => {
    const sessionId = await session();
    const now = new Date("2026-11-24T10:00:00Z");
    const first = await issueChallenge(db, { sessionId, step: "selfie", pool: POOL, maxAttempts: 2, now });
    expect(first).toMatchObject({ attempt: 1, max_attempts: 2, expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString() });
    expect(first.id).toMatch(/^lch_[0-9A-Za-z]{24}$/);
    expect(first.nonce).toHaveLength(32);
    const second = await issueChallenge(db, { sessionId, step: "selfie", pool: POOL, maxAttempts: 2, now });
    expect(second.attempt).toBe(2);
    expect(second.nonce).not.toBe(first.nonce);
    await expect(openChallengeFor(db, { sessionId, step: "selfie", nonce: first.nonce, now })).rejects.toMatchObject({ code: "liveness_challenge_invalid" });
    await expect(issueChallenge(db, { sessionId, step: "selfie", pool: POOL, maxAttempts: 2, now })).rejects.toMatchObject({
      code: "liveness_attempts_exhausted",
      details: { max_attempts: 2 },
    });
  });

  it("takes frames only with the nonce of the session's step's open challenge, before it expires", async () => {
    const sessionId = await session();
    const other = await session();
    const now = new Date("2026-11-24T10:00:00Z");
    const c = await issueChallenge(db, { sessionId, step: "selfie", pool: POOL, maxAttempts: 3, now });
    expect(await openChallengeFor(db, { sessionId, step: "selfie", nonce: c.nonce, now })).toEqual({ id: c.id });
    for (const input of [
      { sessionId, step: "selfie", nonce: "x".repeat(32), now },
      { sessionId: other, step: "selfie", nonce: c.nonce, now },
      { sessionId, step: "selfie_2", nonce: c.nonce, now },
      { sessionId, step: "selfie", nonce: c.nonce, now: new Date(now.getTime() + CHALLENGE_TTL_MS) },
    ])
      await expect(openChallengeFor(db, input)).rejects.toMatchObject({ code: "liveness_challenge_invalid", param: "challenge" });
  });

  it("refuses a frame whose bytes were bound before, in this or another challenge, and counts it on the challenge", async () => {
    const sessionId = await session();
    const c = await issueChallenge(db, { sessionId, step: "selfie", pool: POOL, maxAttempts: 3 });
    const a = await frame(sessionId, "frame a");
    await bindFrame(db, { challengeId: c.id, evidenceFileId: a.id, sha256: a.sha256, capturedMs: 250 });
    const again = await frame(sessionId, "frame a");
    await expect(bindFrame(db, { challengeId: c.id, evidenceFileId: again.id, sha256: again.sha256, capturedMs: 500 })).rejects.toMatchObject({
      code: "liveness_frame_replayed",
    });
    const later = await issueChallenge(db, { sessionId: await session(), step: "selfie", pool: POOL, maxAttempts: 3 });
    await expect(bindFrame(db, { challengeId: later.id, evidenceFileId: again.id, sha256: again.sha256, capturedMs: 250 })).rejects.toMatchObject({
      code: "liveness_frame_replayed",
    });
    expect((await db.livenessChallenge.findUniqueOrThrow({ where: { id: c.id } })).replayedFrames).toBe(1);
    expect((await db.livenessChallenge.findUniqueOrThrow({ where: { id: later.id } })).replayedFrames).toBe(1);
    expect(await db.livenessFrame.count({ where: { challengeId: c.id } })).toBe(1);
  });

  it("is used once, by its own session's step", async () => {
    const sessionId = await session();
    const c = await issueChallenge(db, { sessionId, step: "selfie", pool: POOL, maxAttempts: 3 });
    await expect(takeChallenge(db, { sessionId: await session(), step: "selfie", challengeId: c.id })).rejects.toMatchObject({
      code: "parameter_invalid",
      message: "liveness_challenge_required",
    });
    await takeChallenge(db, { sessionId, step: "selfie", challengeId: c.id });
    await expect(takeChallenge(db, { sessionId, step: "selfie", challengeId: c.id })).rejects.toMatchObject({ param: "challenge_id" });
    await expect(openChallengeFor(db, { sessionId, step: "selfie", nonce: c.nonce })).rejects.toMatchObject({ code: "liveness_challenge_invalid" });
  });
});
