/**
 * Inviting people to an organization by email with a role (issue 7). The accept link carries
 * a single-use secret (account-tokens.ts) and is valid 7 days. When email is not configured
 * (mail-config.ts) or the SMTP server refuses the message, the inviter gets the link to pass
 * on themselves; it is never shown again.
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import type { Role } from "../generated/prisma/enums";
import { newId } from "../ids";
import { accountLink, accountTokenHash, newAccountToken } from "./account-tokens";
import { accountMailConfig } from "./mail-config";
import { ROLE_LABELS } from "./permissions";
import { sendAccountMail } from "./send-account-mail";
import type { TInvitation, TInviteResult } from "./user.schemas";

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
const INVALID = "This invitation is invalid, was revoked, or has expired. Ask for a new one.";

/** Only owners make owners; admins invite every other role. */
function assertMayGrant(actorRole: Role, role: Role): void {
  if (role === "owner" && actorRole !== "owner") throw new DomainError("forbidden", "Only an owner can make someone an owner.", { param: "role" });
}

/**
 * Invites `email` to the organization as `role`, replacing a pending invitation of the same
 * address. The email is sent before returning.
 * @returns the invitation, whether it was emailed, and the accept link when it was not.
 * @throws DomainError already_member (409), forbidden (403, an admin inviting an owner).
 */
export async function inviteMember(
  db: Db,
  input: { organizationId: string; email: string; role: Role; actor: Actor & { id: string }; actorRole: Role },
  now = new Date(),
): Promise<TInviteResult> {
  const email = input.email.trim().toLowerCase();
  assertMayGrant(input.actorRole, input.role);
  const member = await db.membership.findFirst({ where: { organizationId: input.organizationId, user: { email } }, select: { id: true } });
  if (member) throw new DomainError("already_member", `${email} is already a member of this organization.`, { param: "email" });

  const { token, hash } = newAccountToken();
  const created = await db.$transaction(async (tx) => {
    await tx.invitation.updateMany({ where: { organizationId: input.organizationId, email, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
    const inv = await tx.invitation.create({
      data: {
        id: newId("invitation"),
        organizationId: input.organizationId,
        email,
        role: input.role,
        tokenHash: hash,
        invitedBy: input.actor.id,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      },
      select: { id: true, email: true, role: true, createdAt: true, expiresAt: true, organization: { select: { name: true } } },
    });
    await writeAudit(tx, {
      actor: input.actor,
      action: "member.invited",
      objectType: "invitation",
      objectId: inv.id,
      organizationId: input.organizationId,
      data: { email, role: input.role },
    });
    return inv;
  });
  const inviter = await db.user.findUnique({ where: { id: input.actor.id }, select: { name: true, email: true } });
  const acceptUrl = accountLink("/invite", token);
  let emailed = false;
  const config = accountMailConfig();
  if (config) {
    try {
      const who = inviter?.name || inviter?.email || "A colleague";
      await sendAccountMail(config, {
        to: email,
        subject: `${who} invited you to ${created.organization.name} on Verify`,
        intro: [
          `${who} invited you to join ${created.organization.name} on Verify as ${ROLE_LABELS[input.role].label}.`,
          "Accept the invitation to set up your account:",
        ],
        action: { label: "Accept invitation", url: acceptUrl },
        outro: ["The link works once and expires in 7 days. If you did not expect this, ignore this email."],
      });
      emailed = true;
    } catch (err) {
      console.warn(
        JSON.stringify({ level: "warn", msg: "invitation email failed", invitation: created.id, error: (err as { code?: string }).code ?? "error" }),
      );
    }
  }
  return {
    invitation: {
      id: created.id,
      email: created.email,
      role: created.role,
      invitedBy: inviter?.name || inviter?.email || null,
      createdAt: created.createdAt,
      expiresAt: created.expiresAt,
      expired: false,
    },
    emailed,
    acceptUrl: emailed ? null : acceptUrl,
  };
}

/** Invitations of the organization that were neither accepted nor revoked, newest first (expired ones included, marked). */
export async function listInvitations(db: Db, organizationId: string, now = new Date()): Promise<TInvitation[]> {
  const rows = await db.invitation.findMany({
    where: { organizationId, acceptedAt: null, revokedAt: null },
    orderBy: { createdAt: "desc" },
    select: { id: true, email: true, role: true, invitedBy: true, createdAt: true, expiresAt: true },
  });
  const inviterIds = [...new Set(rows.map((r) => r.invitedBy).filter((v): v is string => !!v))];
  const inviters = new Map(
    (await db.user.findMany({ where: { id: { in: inviterIds } }, select: { id: true, name: true, email: true } })).map((u) => [u.id, u.name || u.email]),
  );
  return rows.map((r) => ({ ...r, invitedBy: r.invitedBy ? (inviters.get(r.invitedBy) ?? null) : null, expired: r.expiresAt <= now }));
}

/**
 * Revokes a pending invitation of the organization: its link stops working.
 * @throws DomainError resource_missing for an invitation of another organization or one already used.
 */
export async function revokeInvitation(db: Db, input: { organizationId: string; invitationId: string; actor: Actor }, now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    const r = await tx.invitation.updateMany({
      where: { id: input.invitationId, organizationId: input.organizationId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    if (r.count !== 1) throw notFound("invitation", input.invitationId);
    await writeAudit(tx, {
      actor: input.actor,
      action: "member.invitation_revoked",
      objectType: "invitation",
      objectId: input.invitationId,
      organizationId: input.organizationId,
    });
  });
}

async function usableInvitation(db: Db, token: string, now: Date) {
  const inv = await db.invitation.findUnique({
    where: { tokenHash: accountTokenHash(token) },
    select: {
      id: true,
      organizationId: true,
      email: true,
      role: true,
      invitedBy: true,
      expiresAt: true,
      acceptedAt: true,
      revokedAt: true,
      organization: { select: { name: true } },
    },
  });
  if (!inv || inv.acceptedAt || inv.revokedAt || inv.expiresAt <= now) throw new DomainError("invitation_invalid", INVALID, { param: "token" });
  return inv;
}

/**
 * What the accept page shows for an invitation link.
 * @throws DomainError invitation_invalid for an unknown, used, revoked or expired link.
 */
export async function lookupInvitation(db: Db, token: string, now = new Date()) {
  const inv = await usableInvitation(db, token, now);
  const [user, inviter] = await Promise.all([
    db.user.findUnique({ where: { email: inv.email }, select: { id: true } }),
    inv.invitedBy ? db.user.findUnique({ where: { id: inv.invitedBy }, select: { name: true, email: true } }) : null,
  ]);
  return {
    organizationName: inv.organization.name,
    email: inv.email,
    role: inv.role,
    invitedBy: inviter ? inviter.name || inviter.email : null,
    /** true: the address already has an account; joining asks for its password instead of a new one */
    hasAccount: !!user,
    expiresAt: inv.expiresAt,
  };
}

/**
 * Accepts an invitation: a new user (name + password), or an existing account that proves its
 * password (`authenticate`, with the login lockout), joins the organization with the role.
 * The invitation is used exactly once, even under concurrent submissions.
 * @returns the user's email (to sign them in).
 * @throws DomainError invitation_invalid; parameter_invalid when a new-account form is used for an
 *   existing account (or the reverse); the errors of `authenticate`.
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; ip?: string | null } & (
    | { kind: "new"; name: string; passwordHash: string }
    | { kind: "existing"; authenticate: (email: string) => Promise<{ id: string }> }
  ),
  now = new Date(),
): Promise<{ email: string }> {
  const inv = await usableInvitation(db, input.token, now);
  const existing = await db.user.findUnique({ where: { email: inv.email }, select: { id: true } });
  if (input.kind === "new" && existing)
    throw new DomainError("parameter_invalid", "This email already has an account: sign in with its password to join.", { param: "token" });
  if (input.kind === "existing" && !existing)
    throw new DomainError("parameter_invalid", "This email has no account yet: choose a name and password.", { param: "token" });
  const userId = input.kind === "existing" ? (await input.authenticate(inv.email)).id : newId("user");
  await db.$transaction(async (tx) => {
    const used = await tx.invitation.updateMany({ where: { id: inv.id, acceptedAt: null, revokedAt: null }, data: { acceptedAt: now } });
    if (used.count !== 1) throw new DomainError("invitation_invalid", INVALID, { param: "token" });
    if (input.kind === "new") {
      await tx.user.create({ data: { id: userId, email: inv.email, name: input.name.trim(), passwordHash: input.passwordHash, createdAt: now } });
    }
    await tx.membership.upsert({
      where: { userId_organizationId: { userId, organizationId: inv.organizationId } },
      update: {},
      create: { id: newId("membership"), userId, organizationId: inv.organizationId, role: inv.role, createdAt: now },
    });
    await writeAudit(tx, {
      actor: { type: "user", id: userId, ip: input.ip },
      action: "member.joined",
      objectType: "invitation",
      objectId: inv.id,
      organizationId: inv.organizationId,
      data: { role: inv.role },
    });
  });
  return { email: inv.email };
}
