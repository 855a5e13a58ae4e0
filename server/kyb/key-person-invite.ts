/**
 * A key person's invitation link: `{app}/flow/{child session id}/invite?k=ki_<mac>`, the address
 * the invitation email carries and the applicant copies from the waiting screen. Unlike a
 * client token (30 minutes, sliding), it works for as long as the child session is active
 * (`created`, `started`, `in_progress`, `resubmission_requested` and not past `expires_at`), so
 * a director who opens the email the next day still gets in.
 *
 * - The invite token is `ki_` + hex HMAC-SHA256 of the child session id, keyed with a key derived
 *   from the server secret (server/auth/auth-secret.ts), like the evidence URLs and OTP codes.
 *   Nothing is stored: the database never holds it (in clear or hashed), every email and every
 *   copy carry the same link, and it dies with the child session (cancelled, expired, or
 *   finished). A new AUTH_SECRET invalidates every invitation link; the applicant shares new
 *   ones from the flow and "Email again" sends them.
 * - The token travels only as the query parameter of GET /flow/{id}/invite
 *   (app/flow/[sessionId]/invite/route.ts); it is never accepted by the flow's procedures.
 * - Each visit issues a fresh client token with the ordinary issuance (`issueClientToken`),
 *   which revokes the child's earlier client tokens (decisions.md: a newly issued token revokes
 *   the earlier ones): the tab opened with an earlier visit shows "A newer link was opened".
 * - The applicant's "email again" is limited per key person (`admitInviteResend`).
 */
import { createHmac } from "node:crypto";
import { authSecret } from "../auth/auth-secret";
import { type Actor, writeAudit } from "../audit/write-audit";
import { digestsEqual } from "../crypto/hash";
import type { Db, Tx } from "../db";
import { appUrl } from "../env";
import { DomainError } from "../errors";
import { loadFlowSession } from "../flow/flow-session";
import { hostedFlowUrl, issueClientToken } from "../sessions/client-tokens";
import { ACTIVE_STATUSES } from "../sessions/session-state";
import type { Mode, SessionStatus } from "../generated/prisma/enums";
import { sql } from "../sql";

const INVITE_PREFIX = "ki_";

let cachedKey: { secret: string; key: Buffer } | undefined;

/** The invitation MAC key: HMAC-SHA256(server secret, "kyb-invite-v1"), so the raw secret is not reused as-is. */
function inviteKey(): Buffer {
  const secret = authSecret();
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createHmac("sha256", secret).update("kyb-invite-v1").digest() };
  return cachedKey.key;
}

const inviteMac = (childId: string) => createHmac("sha256", inviteKey()).update(childId).digest("hex");

/** The invite token of the key person's session `childId` (`ki_` + 64 hex characters). */
export function keyPersonInviteToken(childId: string): string {
  return `${INVITE_PREFIX}${inviteMac(childId)}`;
}

/** The invitation link of the key person's session `childId` (absolute, APP_URL). */
export function keyPersonInviteUrl(childId: string): string {
  return `${appUrl()}/flow/${childId}/invite?k=${keyPersonInviteToken(childId)}`;
}

/**
 * Why an invitation does not open the flow: the link is not one we issued (`invalid`), or its
 * session was cancelled, has expired, or is finished (the person already submitted: `processing`,
 * `review` or decided). The first three are the flow's own link problems (LinkProblemScreen).
 */
export type InviteRefusal = "invalid" | "session_cancelled" | "session_expired" | "session_finished";

/** A refused invitation, with the session's organization, flow language and mode when the link is genuine. */
export interface InviteProblem {
  reason: InviteRefusal;
  org: string | null;
  locale: string | null;
  testMode: boolean;
}

function refusal(status: SessionStatus): InviteRefusal | null {
  if (ACTIVE_STATUSES.includes(status)) return null;
  if (status === "cancelled") return "session_cancelled";
  if (status === "expired") return "session_expired";
  return "session_finished";
}

const INVALID: InviteProblem = { reason: "invalid", org: null, locale: null, testMode: false };

/**
 * Checks the invitation `k` of session `childId` without issuing anything (an active session
 * past `expires_at` is moved to `expired` first, as the flow does).
 * @returns null when it opens the flow, else the problem. An unknown or forged link says
 *   nothing about the session (`invalid`, no organization).
 */
export async function inspectKeyPersonInvite(db: Db, childId: string, k: string): Promise<InviteProblem | null> {
  if (!k.startsWith(INVITE_PREFIX) || !digestsEqual(k.slice(INVITE_PREFIX.length), inviteMac(childId))) return INVALID;
  let s;
  try {
    s = await loadFlowSession(db, childId);
  } catch (err) {
    if (err instanceof DomainError && err.code === "resource_missing") return INVALID;
    throw err;
  }
  const reason = refusal(s.status);
  return reason ? { reason, org: s.project.organization.name, locale: s.locale, testMode: s.mode === "test" } : null;
}

/**
 * A visit of the invitation link: a fresh client token for the child session (earlier ones
 * revoked), audited as `session.client_token_issued` by the applicant.
 * @returns the hosted-flow URL with the token in its fragment, or the problem (nothing issued).
 */
export async function redeemKeyPersonInvite(db: Db, childId: string, k: string, ip: string | null): Promise<{ url: string } | { problem: InviteProblem }> {
  const problem = await inspectKeyPersonInvite(db, childId, k);
  if (problem) return { problem };
  return db.$transaction(async (tx): Promise<{ url: string } | { problem: InviteProblem }> => {
    // the status again inside the transaction: a cancellation in between wins
    const s = await tx.session.findUniqueOrThrow({
      where: { id: childId },
      select: { status: true, locale: true, projectId: true, mode: true, project: { select: { organization: { select: { name: true } } } } },
    });
    const reason = refusal(s.status);
    if (reason) return { problem: { reason, org: s.project.organization.name, locale: s.locale, testMode: s.mode === "test" } };
    await writeAudit(tx, {
      actor: { type: "applicant", id: childId, ip },
      action: "session.client_token_issued",
      objectType: "session",
      objectId: childId,
      projectId: s.projectId,
      mode: s.mode,
      data: { via: "key_person_invite" },
    });
    return { url: hostedFlowUrl(childId, await issueClientToken(tx, childId)) };
  });
}

/** "Email again" per key person: at most one a minute and five a day (a mail-bombing guard, like OTP resends). */
export const INVITE_RESEND_LIMITS = { intervalMs: 60_000, perDay: 5 } as const;
const RESENT = "session.key_person_invite_resent";
const DAY_MS = 24 * 3600 * 1000;

/**
 * Admits one more invitation email of the key person's session `child` and audits it
 * (`session.key_person_invite_resent`, what the limits count), inside the transaction that
 * queues the email. The child's row is locked first, so concurrent resends count each other.
 * @throws DomainError invite_resend_too_soon (429, `details.retry_after` in seconds).
 */
export async function admitInviteResend(tx: Tx, child: { id: string; projectId: string; mode: Mode }, actor: Actor, now = new Date()): Promise<void> {
  await tx.$queryRaw(sql`SELECT id FROM sessions WHERE id = ${child.id} FOR UPDATE`);
  const recent = await tx.auditLog.findMany({
    where: { objectType: "session", objectId: child.id, action: RESENT, createdAt: { gt: new Date(now.getTime() - DAY_MS) } },
    select: { createdAt: true },
    orderBy: { createdAt: "desc" },
    take: INVITE_RESEND_LIMITS.perDay,
  });
  const waits = [
    recent[0] ? recent[0].createdAt.getTime() + INVITE_RESEND_LIMITS.intervalMs : 0,
    recent.length >= INVITE_RESEND_LIMITS.perDay ? recent.at(-1)!.createdAt.getTime() + DAY_MS : 0,
  ];
  const retryAfter = Math.ceil((Math.max(...waits) - now.getTime()) / 1000);
  if (retryAfter > 0) {
    throw new DomainError("invite_resend_too_soon", "This person was emailed a moment ago. Wait before emailing them again, or share the link.", {
      param: "child_session_id",
      details: { retry_after: retryAfter },
    });
  }
  await writeAudit(tx, { actor, action: RESENT, objectType: "session", objectId: child.id, projectId: child.projectId, mode: child.mode });
}
