/**
 * "Continue on your phone" (issue 18): the applicant's desktop tab asks for a handoff link, a
 * short code valid `HANDOFF_TTL_MS` and once (`/h/<code>`, shown as a QR code and as text). The
 * phone that opens it gets its own client token for the same session and becomes the **active
 * device**; every other token of the session turns passive (`client_tokens.passive_at`): it still
 * reads the flow's state (the desktop shows live progress and the outcome) but any input is
 * refused with `device_not_active` (server/flow/flow-session.ts `loadEditableSession`). A passive
 * device can take the flow back (`takeOverFlow`), which makes the others passive in turn: one
 * active device at a time, enforced here, not by the page.
 */
import type { Db, Tx } from "../db";
import { DomainError } from "../errors";
import { writeAudit } from "../audit/write-audit";
import { sha256Hex } from "../crypto/hash";
import { appUrl } from "../env";
import { newId, randomBase62 } from "../ids";
import { mintClientToken } from "../sessions/client-tokens";
import { ACTIVE_STATUSES } from "../sessions/session-state";
import { applicantActor, type FlowContext, authenticateFlow, loadEditableSession } from "./flow-session";

/** How long a handoff link opens the session: long enough to find the phone and scan, short as a secret in a QR code. */
export const HANDOFF_TTL_MS = 10 * 60 * 1000;
/** Base62 characters of a handoff code (~59 bits; single use and expiring, so a guess has no time to land). */
export const HANDOFF_CODE_LENGTH = 10;
export const HANDOFF_CODE_PATTERN = /^[0-9A-Za-z]{10}$/;

/** The short link a handoff code opens (app/h/[code]/page.tsx). */
export function handoffUrl(code: string): string {
  return `${appUrl()}/h/${code}`;
}

/**
 * A new handoff link for the session of `ctx` (its token must be the active device).
 * @returns the link, its code and when it stops working (ISO 8601).
 * @throws DomainError client_token_invalid (401), session_not_editable / device_not_active (409).
 */
export async function createHandoff(db: Db, ctx: FlowContext, now = new Date()): Promise<{ url: string; code: string; expiresAt: string }> {
  const s = await loadEditableSession(db, ctx);
  const code = randomBase62(HANDOFF_CODE_LENGTH);
  const expiresAt = new Date(now.getTime() + HANDOFF_TTL_MS);
  await db.$transaction(async (tx) => {
    await tx.flowHandoff.create({ data: { id: newId("flowHandoff"), sessionId: s.id, codeHash: sha256Hex(code), expiresAt, createdAt: now } });
    await writeAudit(tx, {
      actor: applicantActor(ctx),
      action: "session.handoff_link_created",
      objectType: "session",
      objectId: s.id,
      projectId: s.projectId,
      mode: s.mode,
    });
  });
  return { url: handoffUrl(code), code, expiresAt: expiresAt.toISOString() };
}

/** Why a handoff code does not open the flow: `used` (opened once already), `expired`, `invalid` (unknown). */
export type HandoffFailureReason = "used" | "expired" | "invalid";

function handoffInvalid(reason: HandoffFailureReason): DomainError {
  return new DomainError("handoff_link_invalid", "This link no longer works. Ask for a new one on the other device.", { details: { reason } });
}

/** Makes `tokenId` the session's active device and every other live token passive. */
async function makeActive(tx: Tx, sessionId: string, tokenId: string, now: Date): Promise<void> {
  await tx.clientToken.updateMany({ where: { sessionId, revokedAt: null, passiveAt: null, id: { not: tokenId } }, data: { passiveAt: now } });
  await tx.clientToken.update({ where: { id: tokenId }, data: { passiveAt: null }, select: { id: true } });
}

/**
 * Opens a handoff link on the phone: marks the code used, issues a client token for the session
 * (the active device from now on) and makes the session's other tokens passive.
 * @returns the session id and the new token (the page then opens `/flow/<id>#t=<token>`).
 * @throws DomainError handoff_link_invalid (401, `details.reason`: used | expired | invalid);
 *   session_not_editable (409) when the session no longer takes input.
 */
export async function claimHandoff(db: Db, code: string, ip: string | null, now = new Date()): Promise<{ sessionId: string; token: string }> {
  if (!HANDOFF_CODE_PATTERN.test(code)) throw handoffInvalid("invalid");
  const codeHash = sha256Hex(code);
  return db.$transaction(async (tx) => {
    const claimed = await tx.flowHandoff.updateMany({ where: { codeHash, claimedAt: null, expiresAt: { gt: now } }, data: { claimedAt: now } });
    const row = await tx.flowHandoff.findUnique({
      where: { codeHash },
      select: { claimedAt: true, session: { select: { id: true, status: true, expiresAt: true, projectId: true, mode: true } } },
    });
    if (!row) throw handoffInvalid("invalid");
    if (claimed.count !== 1) throw handoffInvalid(row.claimedAt ? "used" : "expired");
    const s = row.session;
    if (!ACTIVE_STATUSES.includes(s.status) || s.expiresAt <= now) {
      throw new DomainError("session_not_editable", `This verification is ${s.status.replace("_", " ")} and cannot be changed.`, {
        details: { status: s.status },
      });
    }
    const { token, row: tokenRow } = mintClientToken(now);
    await tx.clientToken.create({ data: { ...tokenRow, sessionId: s.id } });
    await makeActive(tx, s.id, tokenRow.id, now);
    await writeAudit(tx, {
      actor: { type: "applicant", id: s.id, ip },
      action: "session.client_token_issued",
      objectType: "session",
      objectId: s.id,
      projectId: s.projectId,
      mode: s.mode,
      data: { via: "handoff_link" },
    });
    return { sessionId: s.id, token };
  });
}

/**
 * "Continue here": the device of `ctx` becomes the active one again (the others turn passive).
 * No-op for the active device.
 * @throws DomainError client_token_invalid (401).
 */
export async function takeOverFlow(db: Db, ctx: FlowContext, now = new Date()): Promise<{ active: true }> {
  const device = await authenticateFlow(db, ctx);
  if (device.active) return { active: true };
  await db.$transaction(async (tx) => {
    const token = await tx.clientToken.findUniqueOrThrow({
      where: { tokenHash: sha256Hex(ctx.token) },
      select: { id: true, session: { select: { projectId: true, mode: true } } },
    });
    await makeActive(tx, ctx.sessionId, token.id, now);
    await writeAudit(tx, {
      actor: applicantActor(ctx),
      action: "session.flow_device_switched",
      objectType: "session",
      objectId: ctx.sessionId,
      projectId: token.session.projectId,
      mode: token.session.mode,
    });
  });
  return { active: true };
}
