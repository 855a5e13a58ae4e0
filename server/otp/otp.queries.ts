/** The OTP domain's only Prisma calls (STYLE.md 2: `*.queries.ts`). Table `otp_challenges`. */
import type { Db, Tx } from "../db";

export const challengeSelect = {
  id: true,
  channel: true,
  destination: true,
  codeHash: true,
  attempts: true,
  expiresAt: true,
  lockedUntil: true,
  sentAt: true,
  verifiedAt: true,
} as const;

export type ChallengeRow = {
  id: string;
  channel: string;
  destination: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  lockedUntil: Date | null;
  sentAt: Date;
  verifiedAt: Date | null;
};

/**
 * Locks the session row until the transaction ends (`SELECT ... FOR UPDATE`), so sends and
 * verifications of one session run one at a time, and returns what OTP needs of it; null when
 * there is no such session.
 */
export async function lockOtpSession(tx: Tx, sessionId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM sessions WHERE id = ${sessionId} FOR UPDATE`;
  if (rows.length === 0) return null;
  return tx.session.findUnique({ where: { id: sessionId }, select: { projectId: true, mode: true, project: { select: { name: true } } } });
}

/** The current challenge of a session step (a new send deletes older ones, so there is at most one). */
export function currentChallenge(tx: Tx, sessionId: string, step: string): Promise<ChallengeRow | null> {
  return tx.otpChallenge.findFirst({ where: { sessionId, step }, orderBy: { createdAt: "desc" }, select: challengeSelect });
}

/** Supersedes: deletes the step's earlier challenges and stores the new one. */
export async function replaceChallenge(
  tx: Tx,
  row: {
    id: string;
    projectId: string;
    sessionId: string;
    step: string;
    channel: string;
    destination: string;
    codeHash: string;
    expiresAt: Date;
    sentAt: Date;
  },
): Promise<void> {
  await tx.otpChallenge.deleteMany({ where: { sessionId: row.sessionId, step: row.step } });
  await tx.otpChallenge.create({ data: { ...row, attempts: 0, createdAt: row.sentAt }, select: { id: true } });
}

/** Removes a challenge whose code could not be delivered. */
export async function deleteChallenge(db: Db, id: string): Promise<void> {
  await db.otpChallenge.deleteMany({ where: { id } });
}

/** Stores a wrong attempt: the new count and, on the last allowed one, the end of the cool-down. */
export async function recordWrongCode(tx: Tx, id: string, attempts: number, lockedUntil: Date | null): Promise<void> {
  await tx.otpChallenge.update({ where: { id }, data: { attempts, lockedUntil }, select: { id: true } });
}

/** Marks a challenge verified at `at`. */
export async function markVerified(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.otpChallenge.update({ where: { id }, data: { verifiedAt: at }, select: { id: true } });
}
