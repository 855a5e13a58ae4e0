/**
 * Client tokens (decisions.md "Client tokens and the hosted flow"): `st_` + 32 random base62
 * characters (~190 bits), stored only as a sha256 hash; valid 30 minutes, sliding with each
 * authenticated flow call; issuing a new token revokes the session's earlier ones. A "continue on
 * your phone" link (server/flow/flow-handoff.ts) is the exception: its token joins the earlier
 * ones, which turn passive (they read the flow, only the active device submits).
 */
import type { Db, Tx } from "../db";
import { DomainError } from "../errors";
import { sha256Hex } from "../crypto/hash";
import { newId } from "../ids";
import { appUrl } from "../env";

export const CLIENT_TOKEN_TTL_MS = 30 * 60 * 1000;

/** Hosted-flow address carrying the token in the fragment (never sent to servers). */
export function hostedFlowUrl(sessionId: string, token: string): string {
  return `${appUrl()}/flow/${sessionId}#t=${token}`;
}

/** A fresh token and the row that stores only its hash (to nest into a session's create). */
export function mintClientToken(now = new Date()) {
  const token = newId("clientToken", 32);
  return {
    token,
    row: { id: newId("clientTokenRecord"), tokenHash: sha256Hex(token), expiresAt: new Date(now.getTime() + CLIENT_TOKEN_TTL_MS), createdAt: now },
  };
}

/** Issues a fresh token for the session and revokes the earlier ones. Returns the token. */
export async function issueClientToken(tx: Tx, sessionId: string, now = new Date()): Promise<string> {
  await tx.clientToken.updateMany({ where: { sessionId, revokedAt: null }, data: { revokedAt: now } });
  const { token, row } = mintClientToken(now);
  await tx.clientToken.create({ data: { ...row, sessionId } });
  return token;
}

/** Revokes every unrevoked client token of the session (nobody can be in its flow until a new one is issued). */
export async function revokeClientTokens(tx: Tx, sessionId: string, now = new Date()): Promise<void> {
  await tx.clientToken.updateMany({ where: { sessionId, revokedAt: null }, data: { revokedAt: now } });
}

/** True when some client token of the session still works (unrevoked, unexpired): the flow is open on some device. */
export async function hasLiveClientToken(db: Db | Tx, sessionId: string, now = new Date()): Promise<boolean> {
  return (await db.clientToken.count({ where: { sessionId, revokedAt: null, expiresAt: { gt: now } } })) > 0;
}

/**
 * Authenticates a flow call: the token must be unrevoked, unexpired and belong to
 * `sessionId`. Slides its expiry to now + 30 min.
 * @returns `active`: false once another device took the flow over (`passiveAt` set,
 *   server/flow/flow-handoff.ts): such a token reads the flow but cannot submit.
 * @throws DomainError client_token_invalid (401) otherwise.
 */
export async function authenticateClientToken(db: Db, sessionId: string, token: string): Promise<{ active: boolean }> {
  const now = new Date();
  const tokenHash = sha256Hex(token);
  const slid = await db.clientToken.updateMany({
    where: { tokenHash, sessionId, revokedAt: null, expiresAt: { gt: now } },
    data: { expiresAt: new Date(now.getTime() + CLIENT_TOKEN_TTL_MS) },
  });
  if (slid.count !== 1) {
    throw new DomainError("client_token_invalid", "This link has expired. Ask for a new link to continue.");
  }
  const row = await db.clientToken.findUniqueOrThrow({ where: { tokenHash }, select: { passiveAt: true } });
  return { active: row.passiveAt === null };
}
