/**
 * Revocable dashboard sessions (dashboard-sessions.ts): a JWT stamped at sign-in stays valid
 * until the user's session version moves, which a password reset, a role change and a removal
 * do. Sign-out (next-auth's `signOut` event in server/auth/auth.ts) is covered over HTTP by
 * tests/api/dashboard-sessions.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { newId } from "../ids";
import { DEMO_ROLE_USERS } from "../seed/seed-demo";
import { newAccountToken } from "./account-tokens";
import { currentDashboardToken, endDashboardSessions, signedInDashboardToken } from "./dashboard-sessions";
import { changeMemberRole, removeMember } from "./members";
import { PASSWORD_RESET_TTL_MS } from "./request-password-reset";
import { resetPassword } from "./reset-password";
import { demoDb } from "~/tests/fixtures/demo-db";

let db: Db;
let organizationId: string;
let ownerId: string;

const idOf = async (email: string) => (await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;
const signIn = async (userId: string) =>
  (await signedInDashboardToken(db, { email: "x@demo.test" } as { email: string; sub?: string; sv?: unknown }, userId, {
    method: "credentials",
    ip: "203.0.113.5",
  }))!;
const owner = () => ({ organizationId, actor: { type: "user" as const, id: ownerId }, actorRole: "owner" as const });

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  organizationId = demo.seed.organizationId;
  ownerId = await idOf(demo.seed.adminEmail);
});

describe("dashboard session tokens", () => {
  it("a signed-in token stays current until the user's sessions are ended; a new sign-in works again", async () => {
    const userId = await idOf(DEMO_ROLE_USERS.find((u) => u.role === "developer")!.email);
    const token = await signIn(userId);
    expect(token).toMatchObject({ sub: userId, sv: expect.any(Number), email: "x@demo.test" });
    expect(await currentDashboardToken(db, token)).toEqual(token);
    const other = await signIn(userId);

    await endDashboardSessions(db, userId);
    expect(await currentDashboardToken(db, token)).toBeNull();
    expect(await currentDashboardToken(db, other)).toBeNull();
    const again = await signIn(userId);
    expect(await currentDashboardToken(db, again)).toEqual(again);
  });

  it("refuses a token without a version (issued before versions) or of an unknown user", async () => {
    const userId = await idOf(DEMO_ROLE_USERS.find((u) => u.role === "viewer")!.email);
    expect(await currentDashboardToken(db, { sub: userId })).toBeNull();
    expect(await currentDashboardToken(db, { sub: "usr_gone", sv: 0 })).toBeNull();
    expect(await signedInDashboardToken(db, {}, "usr_gone", { method: "credentials" })).toBeNull();
  });
});

describe("what ends every session of a user", () => {
  it("a password reset", async () => {
    const userId = newId("user");
    await db.user.create({ data: { id: userId, email: "reset-sessions@demo.test", passwordHash: "x" } });
    const token = await signIn(userId);
    const link = newAccountToken();
    await db.passwordResetToken.create({
      data: { id: newId("passwordReset"), userId, tokenHash: link.hash, expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS) },
    });
    await resetPassword(db, { token: link.token, password: "brand-new-password-1" });
    expect(await currentDashboardToken(db, token)).toBeNull();
  });

  it("a role change (not a change to the same role)", async () => {
    const userId = await idOf(DEMO_ROLE_USERS.find((u) => u.role === "reviewer")!.email);
    const token = await signIn(userId);
    await changeMemberRole(db, { ...owner(), userId, role: "reviewer" });
    expect(await currentDashboardToken(db, token)).toEqual(token);
    await changeMemberRole(db, { ...owner(), userId, role: "viewer" });
    expect(await currentDashboardToken(db, token)).toBeNull();
  });

  it("a removal from the organization", async () => {
    const userId = await idOf(DEMO_ROLE_USERS.find((u) => u.role === "admin")!.email);
    const token = await signIn(userId);
    await removeMember(db, { ...owner(), userId });
    expect(await currentDashboardToken(db, token)).toBeNull();
  });
});
