/**
 * Password reset links and invitations, emailed through a real SMTP server on loopback
 * (smtp-server) configured by SMTP_URL / EMAIL_FROM exactly as in production.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, getSql, type Db } from "../db";
import { appUrl } from "../env";
import { applyMigrations } from "../db/migrate";
import { DEMO_ROLE_USERS, seedDemo } from "../seed/seed-demo";
import { authenticateUser, MAX_FAILED_LOGINS } from "./authenticate-user";
import { acceptInvitation, inviteMember, listInvitations, lookupInvitation, revokeInvitation } from "./invitations";
import { changeMemberRole, listMembers, removeMember } from "./members";
import { hashPassword } from "./passwords";
import { PASSWORD_RESET_TTL_MS, requestPasswordReset } from "./request-password-reset";
import { resetPassword } from "./reset-password";
import { decodedMail, type SinkMail, type SmtpSink, startSmtpSink } from "~/tests/fixtures/smtp-sink";

let smtp: SmtpSink;
let mails: SinkMail[];
let smtpUrl: string;
let db: Db;
let organizationId: string;
let ownerId: string;

/** The single link with a `#token=` fragment in the mail (text part). */
function linkIn(mail: SinkMail): string {
  const links = [...new Set(decodedMail(mail.raw).match(/https?:\/\/[^\s"<>]+#token=[0-9A-Za-z]+/g) ?? [])];
  expect(links).toHaveLength(1);
  return links[0]!;
}
const tokenOf = (link: string) => new URL(link).hash.slice("#token=".length);

async function waitForMail(to: string): Promise<SinkMail> {
  await expect.poll(() => mails.some((m) => m.to.includes(to)), { timeout: 10_000 }).toBe(true);
  return mails.find((m) => m.to.includes(to))!;
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  mails = smtp.mails;
  smtpUrl = `smtp://127.0.0.1:${smtp.port}`;

  await applyMigrations(await getSql());
  db = await getDb();
  const seed = await seedDemo(db);
  organizationId = seed.organizationId;
  ownerId = (await db.user.findUniqueOrThrow({ where: { email: seed.adminEmail }, select: { id: true } })).id;
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.EMAIL_FROM;
  await smtp.close();
});

beforeEach(() => {
  mails.length = 0;
  process.env.SMTP_URL = smtpUrl;
  process.env.EMAIL_FROM = "Verify <no-reply@verify.test>";
});

async function newUser(email: string, password = "old-password-123") {
  return db.user.create({
    data: { id: `usr_${email.replace(/\W/g, "")}`, email, name: "Priya Shah", passwordHash: await hashPassword(password) },
    select: { id: true },
  });
}

describe("password reset by emailed link", () => {
  it("emails a link that sets a new password once, lifts a lockout, and stops the old password", async () => {
    await newUser("reset@demo.test");
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await authenticateUser(db, "reset@demo.test", "wrong").catch(() => {});
    await expect(authenticateUser(db, "reset@demo.test", "old-password-123")).rejects.toMatchObject({ code: "account_locked" });

    expect(await requestPasswordReset(db, "  Reset@Demo.test ")).toBe("sent");
    const mail = await waitForMail("reset@demo.test");
    expect(mail.from).toBe("no-reply@verify.test");
    expect(decodedMail(mail.raw)).toContain("Subject: Reset your Verify password");
    expect(decodedMail(mail.raw)).toContain("expires in 30 minutes");
    const link = linkIn(mail);
    expect(link.startsWith(`${appUrl()}/reset-password#token=`)).toBe(true);
    // only the hash is stored
    const row = await db.passwordResetToken.findFirstOrThrow({ where: { user: { email: "reset@demo.test" } }, select: { tokenHash: true } });
    expect(row.tokenHash).not.toContain(tokenOf(link));

    await expect(resetPassword(db, { token: tokenOf(link), password: "new-password-456" })).resolves.toEqual({ email: "reset@demo.test" });
    await expect(authenticateUser(db, "reset@demo.test", "new-password-456")).resolves.toMatchObject({ email: "reset@demo.test" });
    await expect(authenticateUser(db, "reset@demo.test", "old-password-123")).rejects.toMatchObject({ code: "invalid_credentials" });
    // single use
    await expect(resetPassword(db, { token: tokenOf(link), password: "third-password-789" })).rejects.toMatchObject({ code: "password_reset_invalid" });
  });

  it("a link expires after 30 minutes; a newer link voids the older one", async () => {
    await newUser("expiry@demo.test");
    const t0 = new Date(Date.now() - 2 * 60_000);
    await requestPasswordReset(db, "expiry@demo.test", t0);
    const first = tokenOf(linkIn(await waitForMail("expiry@demo.test")));
    await expect(resetPassword(db, { token: first, password: "new-password-456" }, new Date(t0.getTime() + PASSWORD_RESET_TTL_MS + 1))).rejects.toMatchObject({
      code: "password_reset_invalid",
    });

    mails.length = 0;
    expect(await requestPasswordReset(db, "expiry@demo.test")).toBe("sent");
    const second = tokenOf(linkIn(await waitForMail("expiry@demo.test")));
    expect(second).not.toBe(first);
    await expect(resetPassword(db, { token: first, password: "new-password-456" }, t0)).rejects.toMatchObject({ code: "password_reset_invalid" });
    await expect(resetPassword(db, { token: second, password: "new-password-456" })).resolves.toEqual({ email: "expiry@demo.test" });
  });

  it("sends nothing for an unknown address, nor twice within a minute", async () => {
    expect(await requestPasswordReset(db, "nobody@demo.test")).toBe("no_account");
    await newUser("twice@demo.test");
    expect(await requestPasswordReset(db, "twice@demo.test")).toBe("sent");
    expect(await requestPasswordReset(db, "twice@demo.test")).toBe("too_soon");
    await new Promise((r) => setTimeout(r, 300));
    expect(mails.map((m) => m.to)).toEqual([["twice@demo.test"]]);
  });

  it("concurrent uses of one link: exactly one sets the password", async () => {
    await newUser("race@demo.test");
    await requestPasswordReset(db, "race@demo.test");
    const token = tokenOf(linkIn(await waitForMail("race@demo.test")));
    const results = await Promise.allSettled([
      resetPassword(db, { token, password: "first-password-1" }),
      resetPassword(db, { token, password: "second-password-2" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "password_reset_invalid" } });
  });
});

describe("invitations", () => {
  const actor = () => ({ type: "user" as const, id: ownerId });

  it("emails an invitation whose link creates the account with name, password and role", async () => {
    const res = await inviteMember(db, { organizationId, email: "New.Dev@Example.com", role: "developer", actor: actor(), actorRole: "owner" });
    expect(res).toMatchObject({ emailed: true, acceptUrl: null, invitation: { email: "new.dev@example.com", role: "developer", invitedBy: "Demo Admin" } });
    const mail = await waitForMail("new.dev@example.com");
    const text = decodedMail(mail.raw);
    expect(text).toContain("Demo Admin invited you to join Demo Fintech on Verify as Developer.");
    const link = linkIn(mail);
    expect(link.startsWith(`${appUrl()}/invite#token=`)).toBe(true);

    expect(await lookupInvitation(db, tokenOf(link))).toMatchObject({
      organizationName: "Demo Fintech",
      email: "new.dev@example.com",
      role: "developer",
      hasAccount: false,
    });
    expect((await listInvitations(db, organizationId)).map((i) => i.email)).toContain("new.dev@example.com");

    await acceptInvitation(db, { token: tokenOf(link), kind: "new", name: "Nisha Dev", passwordHash: await hashPassword("nisha-password-1") });
    await expect(authenticateUser(db, "new.dev@example.com", "nisha-password-1")).resolves.toMatchObject({ name: "Nisha Dev" });
    expect((await listMembers(db, organizationId)).find((m) => m.email === "new.dev@example.com")).toMatchObject({ role: "developer", name: "Nisha Dev" });
    expect((await listInvitations(db, organizationId)).map((i) => i.email)).not.toContain("new.dev@example.com");
    // the link is spent
    await expect(lookupInvitation(db, tokenOf(link))).rejects.toMatchObject({ code: "invitation_invalid" });
    await expect(acceptInvitation(db, { token: tokenOf(link), kind: "new", name: "Again", passwordHash: "x" })).rejects.toMatchObject({
      code: "invitation_invalid",
    });
  });

  it("refuses to invite a member, lets only owners invite owners, and revoked or replaced links stop working", async () => {
    await expect(inviteMember(db, { organizationId, email: "reviewer@demo.test", role: "viewer", actor: actor(), actorRole: "owner" })).rejects.toMatchObject({
      code: "already_member",
    });
    await expect(inviteMember(db, { organizationId, email: "boss@example.com", role: "owner", actor: actor(), actorRole: "admin" })).rejects.toMatchObject({
      code: "forbidden",
    });

    await inviteMember(db, { organizationId, email: "twice@example.com", role: "viewer", actor: actor(), actorRole: "admin" });
    const first = tokenOf(linkIn(await waitForMail("twice@example.com")));
    mails.length = 0;
    const second = await inviteMember(db, { organizationId, email: "twice@example.com", role: "reviewer", actor: actor(), actorRole: "admin" });
    const secondToken = tokenOf(linkIn(await waitForMail("twice@example.com")));
    await expect(lookupInvitation(db, first)).rejects.toMatchObject({ code: "invitation_invalid" });
    expect((await lookupInvitation(db, secondToken)).role).toBe("reviewer");
    await revokeInvitation(db, { organizationId, invitationId: second.invitation.id, actor: actor() });
    await expect(lookupInvitation(db, secondToken)).rejects.toMatchObject({ code: "invitation_invalid" });
  });

  it("an existing account joins with its password (wrong passwords count toward the lockout)", async () => {
    await newUser("elsewhere@example.com", "their-password-1");
    await inviteMember(db, { organizationId, email: "elsewhere@example.com", role: "viewer", actor: actor(), actorRole: "owner" });
    const token = tokenOf(linkIn(await waitForMail("elsewhere@example.com")));
    expect((await lookupInvitation(db, token)).hasAccount).toBe(true);
    await expect(acceptInvitation(db, { token, kind: "new", name: "X", passwordHash: "x" })).rejects.toMatchObject({ code: "parameter_invalid" });
    const authenticate = (password: string) => (email: string) => authenticateUser(db, email, password);
    await expect(acceptInvitation(db, { token, kind: "existing", authenticate: authenticate("wrong") })).rejects.toMatchObject({ code: "invalid_credentials" });
    await acceptInvitation(db, { token, kind: "existing", authenticate: authenticate("their-password-1") });
    expect((await listMembers(db, organizationId)).find((m) => m.email === "elsewhere@example.com")?.role).toBe("viewer");
  });

  it("without email settings the invitation is created and its link handed to the inviter", async () => {
    delete process.env.SMTP_URL;
    delete process.env.EMAIL_FROM;
    const res = await inviteMember(db, { organizationId, email: "nomail@example.com", role: "viewer", actor: actor(), actorRole: "owner" });
    expect(res.emailed).toBe(false);
    expect(res.acceptUrl).toMatch(/\/invite#token=[0-9A-Za-z]{40}$/);
    expect((await lookupInvitation(db, tokenOf(res.acceptUrl!))).email).toBe("nomail@example.com");
    expect(mails).toEqual([]);
  });
});

describe("members", () => {
  const reviewerEmail = DEMO_ROLE_USERS.find((u) => u.role === "reviewer")!.email;
  const idOf = async (email: string) => (await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;

  it("never removes or demotes the last owner; an admin cannot touch owners", async () => {
    await expect(removeMember(db, { organizationId, userId: ownerId, actor: { type: "user", id: ownerId }, actorRole: "owner" })).rejects.toMatchObject({
      code: "last_owner",
    });
    await expect(
      changeMemberRole(db, { organizationId, userId: ownerId, role: "admin", actor: { type: "user", id: ownerId }, actorRole: "owner" }),
    ).rejects.toMatchObject({
      code: "last_owner",
    });
    const adminId = await idOf("manager@demo.test");
    await expect(removeMember(db, { organizationId, userId: ownerId, actor: { type: "user", id: adminId }, actorRole: "admin" })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(
      changeMemberRole(db, { organizationId, userId: adminId, role: "owner", actor: { type: "user", id: adminId }, actorRole: "admin" }),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("with a second owner, the first can step down; concurrent demotions of two owners leave one", async () => {
    const viewerId = await idOf("viewer@demo.test");
    await changeMemberRole(db, { organizationId, userId: viewerId, role: "owner", actor: { type: "user", id: ownerId }, actorRole: "owner" });
    const results = await Promise.allSettled([
      changeMemberRole(db, { organizationId, userId: viewerId, role: "viewer", actor: { type: "user", id: ownerId }, actorRole: "owner" }),
      changeMemberRole(db, { organizationId, userId: ownerId, role: "admin", actor: { type: "user", id: viewerId }, actorRole: "owner" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((await listMembers(db, organizationId)).filter((m) => m.role === "owner")).toHaveLength(1);
    // restore: the demo owner is an owner again, the viewer a viewer
    const owners = (await listMembers(db, organizationId)).filter((m) => m.role === "owner");
    if (owners[0]!.userId !== ownerId) {
      await changeMemberRole(db, { organizationId, userId: ownerId, role: "owner", actor: { type: "user", id: viewerId }, actorRole: "owner" });
      await changeMemberRole(db, { organizationId, userId: viewerId, role: "viewer", actor: { type: "user", id: ownerId }, actorRole: "owner" });
    }
  });

  it("changes a role and removes a member, with audit rows", async () => {
    const reviewerId = await idOf(reviewerEmail);
    expect(
      (await changeMemberRole(db, { organizationId, userId: reviewerId, role: "developer", actor: { type: "user", id: ownerId }, actorRole: "owner" })).role,
    ).toBe("developer");
    await removeMember(db, { organizationId, userId: reviewerId, actor: { type: "user", id: ownerId }, actorRole: "owner" });
    expect((await listMembers(db, organizationId)).some((m) => m.userId === reviewerId)).toBe(false);
    const audit = await db.auditLog.findMany({ where: { objectId: reviewerId }, orderBy: { createdAt: "asc" }, select: { action: true, data: true } });
    expect(audit).toEqual([
      { action: "member.role_changed", data: { from: "reviewer", to: "developer" } },
      { action: "member.removed", data: { role: "developer" } },
    ]);
  });
});
