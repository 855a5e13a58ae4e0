/**
 * A key person's invitation link: `{app}/flow/{child session id}/invite#k=ki_<mac>`, the address
 * the invitation email carries and the applicant copies from the waiting screen. Unlike a
 * client token (30 minutes, sliding), it works for as long as the child session is active
 * (`created`, `started`, `in_progress`, `resubmission_requested` and not past `expires_at`), so
 * a director who opens the email the next day still gets in, unless it is withdrawn.
 *
 * - The invite token is `ki_` + hex HMAC-SHA256 of `<child session id>.<invite generation>`,
 *   keyed with a key derived from the server secret (server/auth/auth-secret.ts), like the
 *   evidence URLs and OTP codes. The token itself is never stored; the session holds only its
 *   generation (`sessions.invite_generation`) and whether it is withdrawn (`invite_revoked_at`).
 *   It dies with the child session (cancelled, expired, or finished). A new AUTH_SECRET
 *   invalidates every invitation link.
 * - Revocable and rotatable (`changeKeyPersonInvite`), by the business's applicant in the flow
 *   and by reviewers in the dashboard (server/kyb/key-people.ts): both bump the generation
 *   (every earlier link stops working) and revoke the child's client tokens (a device that is
 *   in the flow is sent out); a revocation also withdraws the invitation until a rotation gives
 *   a new link. Each change is audited.
 * - The token travels in the URL fragment, like the client token: browsers send neither to a
 *   server nor in a Referer. The invite page (app/flow/[sessionId]/invite/page.tsx) reads it and
 *   posts it to `flow.openInvite` (a mutation: the token is in the body, never in a URL).
 * - Single device at a time: when the child session is already open somewhere (a live client
 *   token), the invitation does not take it over silently; it answers `in_use` and issues a
 *   token only once the person confirms "continue here" (`takeOver`). The issuance revokes the
 *   earlier tokens (decisions.md: a newly issued token revokes the earlier ones), so the other
 *   tab shows "A newer link was opened".
 * - The applicant's "email again" is limited per key person (`admitInviteResend`).
 */
import { createHmac } from "node:crypto";
import { authSecret } from "../auth/auth-secret";
import { type Actor, writeAudit } from "../audit/write-audit";
import { digestsEqual } from "../crypto/hash";
import type { Db, Tx } from "../db";
import { appUrl } from "../env";
import { DomainError } from "../errors";
import { hasLiveClientToken, hostedFlowUrl, issueClientToken, revokeClientTokens } from "../sessions/client-tokens";
import { ACTIVE_STATUSES } from "../sessions/session-state";
import type { Mode, SessionStatus } from "../generated/prisma/enums";
import { sql } from "../sql";

const INVITE_PREFIX = "ki_";
/** The longest invite token accepted as input (`ki_` + 64 hex characters). */
export const MAX_INVITE_TOKEN_LENGTH = 67;

let cachedKey: { secret: string; key: Buffer } | undefined;

/** The invitation MAC key: HMAC-SHA256(server secret, "kyb-invite-v1"), so the raw secret is not reused as-is. */
function inviteKey(): Buffer {
  const secret = authSecret();
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createHmac("sha256", secret).update("kyb-invite-v1").digest() };
  return cachedKey.key;
}

const inviteMac = (childId: string, generation: number) => createHmac("sha256", inviteKey()).update(`${childId}.${generation}`).digest("hex");

/** The invite token of generation `generation` of the key person's session `childId` (`ki_` + 64 hex characters). */
export function keyPersonInviteToken(childId: string, generation: number): string {
  return `${INVITE_PREFIX}${inviteMac(childId, generation)}`;
}

/** The invitation link of the key person's session `childId` at `generation` (absolute, APP_URL; the token in the fragment). */
export function keyPersonInviteUrl(childId: string, generation: number): string {
  return `${appUrl()}/flow/${childId}/invite#k=${keyPersonInviteToken(childId, generation)}`;
}

/**
 * Why an invitation does not open the flow: the link is not one we issued, or was withdrawn or
 * replaced (`invalid`: a forged and a withdrawn link look the same, so a leaked old link says
 * nothing about the session), or its session was cancelled, has expired, or is finished (the
 * person already submitted: `processing`, `review` or decided). The first three are the flow's
 * own link problems (LinkProblemScreen).
 */
export type InviteRefusal = "invalid" | "session_cancelled" | "session_expired" | "session_finished";

/** A refused invitation, with the session's organization, flow language and mode when the link is genuine. */
export interface InviteProblem {
  reason: InviteRefusal;
  org: string | null;
  locale: string | null;
  testMode: boolean;
}

/** What opening an invitation gives: the flow (a fresh client token), a question (open elsewhere), or a problem. */
export type InviteOpening =
  | { outcome: "opened"; url: string }
  | { outcome: "in_use"; org: string; locale: string; testMode: boolean }
  | { outcome: "problem"; problem: InviteProblem };

function refusal(status: SessionStatus): InviteRefusal | null {
  if (ACTIVE_STATUSES.includes(status)) return null;
  if (status === "cancelled") return "session_cancelled";
  if (status === "expired") return "session_expired";
  return "session_finished";
}

const INVALID: InviteProblem = { reason: "invalid", org: null, locale: null, testMode: false };

/**
 * Opens the invitation `k` of the key person's session `childId` (an active session past
 * `expires_at` counts as expired). When the session is open on another device or tab (a live
 * client token) and `takeOver` is not set, nothing is issued: the answer is `in_use`, for the
 * person to confirm. Otherwise a fresh client token (the others revoked), audited as
 * `session.client_token_issued` by the applicant (`data.took_over` when one was live).
 * An unknown, forged, replaced or withdrawn link says nothing about the session (`invalid`).
 */
export async function openKeyPersonInvite(db: Db, childId: string, k: string, ip: string | null, opts: { takeOver?: boolean } = {}): Promise<InviteOpening> {
  // an id or token that cannot be ours is refused before it reaches a query (the caller is anonymous)
  if (!/^[A-Za-z0-9_]{1,64}$/.test(childId) || !k.startsWith(INVITE_PREFIX) || k.length > MAX_INVITE_TOKEN_LENGTH)
    return { outcome: "problem", problem: INVALID };
  return db.$transaction(async (tx): Promise<InviteOpening> => {
    // the row locked: a concurrent revocation, rotation or opening waits for this one
    const [row] = await tx.$queryRaw<{ id: string }[]>(sql`SELECT id FROM sessions WHERE id = ${childId} AND parent_session_id IS NOT NULL FOR UPDATE`);
    if (!row) return { outcome: "problem", problem: INVALID };
    const s = await tx.session.findUniqueOrThrow({
      where: { id: childId },
      select: {
        status: true,
        expiresAt: true,
        locale: true,
        projectId: true,
        mode: true,
        inviteGeneration: true,
        inviteRevokedAt: true,
        project: { select: { organization: { select: { name: true } } } },
      },
    });
    if (s.inviteRevokedAt || !digestsEqual(k.slice(INVITE_PREFIX.length), inviteMac(childId, s.inviteGeneration)))
      return { outcome: "problem", problem: INVALID };
    const org = s.project.organization.name;
    const now = new Date();
    const status: SessionStatus = ACTIVE_STATUSES.includes(s.status) && s.expiresAt <= now ? "expired" : s.status;
    const reason = refusal(status);
    if (reason) return { outcome: "problem", problem: { reason, org, locale: s.locale, testMode: s.mode === "test" } };
    const live = await hasLiveClientToken(tx, childId, now);
    if (live && !opts.takeOver) return { outcome: "in_use", org, locale: s.locale, testMode: s.mode === "test" };
    await writeAudit(tx, {
      actor: { type: "applicant", id: childId, ip },
      action: "session.client_token_issued",
      objectType: "session",
      objectId: childId,
      projectId: s.projectId,
      mode: s.mode,
      data: { via: "key_person_invite", took_over: live },
    });
    return { outcome: "opened", url: hostedFlowUrl(childId, await issueClientToken(tx, childId, now)) };
  });
}

/** A change of a key person's invitation: withdrawn (no link works) or replaced (a new link, the old ones dead). */
export type InviteChange = "revoke" | "rotate";

/**
 * Revokes or rotates the invitation of the key person's session `child` (active, checked by
 * the caller in the same transaction; the update locks its row): bumps the generation, sets or clears
 * `invite_revoked_at`, revokes the child's client tokens (whoever is in the flow with the old
 * link is sent out), and audits `session.key_person_invite_revoked` / `_rotated` by `actor`.
 * @returns the new invitation link (null after a revocation).
 */
export async function changeKeyPersonInvite(
  tx: Tx,
  child: { id: string; projectId: string; mode: Mode },
  change: InviteChange,
  actor: Actor,
): Promise<{ url: string | null }> {
  const now = new Date();
  const { inviteGeneration: generation } = await tx.session.update({
    where: { id: child.id },
    data: { inviteGeneration: { increment: 1 }, inviteRevokedAt: change === "revoke" ? now : null },
    select: { inviteGeneration: true },
  });
  await revokeClientTokens(tx, child.id, now);
  await writeAudit(tx, {
    actor,
    action: change === "revoke" ? "session.key_person_invite_revoked" : "session.key_person_invite_rotated",
    objectType: "session",
    objectId: child.id,
    projectId: child.projectId,
    mode: child.mode,
    data: { generation },
  });
  return { url: change === "revoke" ? null : keyPersonInviteUrl(child.id, generation) };
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
