/**
 * The audit log browser and its CSV export (issue 7): filters by actor, session, action and
 * date range within one project and mode, keyset pages, and the CSV an admin downloads. The
 * organization's own rows are listed too: member changes, its members' sign-ins, sign-outs and
 * password resets, and API keys the CLI creates.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { demoDb } from "~/tests/fixtures/demo-db";
import { createApiKey } from "../api-keys/create-api-key";
import { runAdminCommand } from "../cli/admin-commands";
import type { Db } from "../db";
import { newId } from "../ids";
import { newAccountToken } from "../users/account-tokens";
import { signedInDashboardToken, signOutDashboardUser } from "../users/dashboard-sessions";
import { changeMemberRole } from "../users/members";
import { PASSWORD_RESET_TTL_MS } from "../users/request-password-reset";
import { resetPassword } from "../users/reset-password";
import { allPages, auditCsvStream } from "./audit-csv";
import type { TAuditRow } from "./audit-log.schemas";
import { auditFilterOptions, listAuditLog, recordAuditExport } from "./list-audit-log";
import { writeAudit } from "./write-audit";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let organizationId: string;
let reviewerId: string;
let keyId: string;

async function write(at: string, entry: Omit<Parameters<typeof writeAudit>[1], "projectId" | "mode"> & { mode?: "test" | "live" | null }) {
  await db.$transaction((tx) => writeAudit(tx, { projectId: tenant.projectId, ...entry, mode: entry.mode === null ? undefined : (entry.mode ?? "test") }));
  const last = await db.auditLog.findFirstOrThrow({ where: { action: entry.action, objectId: entry.objectId }, orderBy: { createdAt: "desc" } });
  await db.auditLog.update({ where: { id: last.id }, data: { createdAt: new Date(at) } });
}

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  tenant = { projectId: demo.seed.projectId, mode: "test" };
  organizationId = demo.seed.organizationId;
  reviewerId = (await db.user.findUniqueOrThrow({ where: { email: "reviewer@demo.test" }, select: { id: true } })).id;
  const key = await createApiKey(db, { ...tenant, name: "Backend" });
  keyId = key.id;
  const reviewer = { type: "user" as const, id: reviewerId, ip: "203.0.113.9" };
  await write("2026-03-01T09:00:00.000Z", {
    actor: { type: "api_key", id: keyId, ip: "198.51.100.1" },
    action: "session.created",
    objectType: "session",
    objectId: "ses_one",
  });
  await write("2026-03-02T10:00:00.000Z", { actor: reviewer, action: "session.viewed", objectType: "session", objectId: "ses_one" });
  await write("2026-03-02T10:01:00.000Z", {
    actor: reviewer,
    action: "evidence.address_issued",
    objectType: "evidence_file",
    objectId: "file_a",
    data: { session_id: "ses_one" },
  });
  await write("2026-03-03T11:00:00.000Z", {
    actor: reviewer,
    action: "session.decided",
    objectType: "session",
    objectId: "ses_one",
    data: { from: "review", to: "declined", reason_code: '=HYPERLINK("http://evil"),"quoted"' },
  });
  await write("2026-03-04T12:00:00.000Z", { actor: { type: "system" }, action: "session.status_changed", objectType: "session", objectId: "ses_two" });
  await write("2026-03-04T13:00:00.000Z", { actor: reviewer, action: "session.viewed", objectType: "session", objectId: "ses_live", mode: "live" });
  await write("2026-03-05T08:00:00.000Z", {
    actor: reviewer,
    action: "project.reason_codes_changed",
    objectType: "project",
    objectId: tenant.projectId,
    mode: null,
  });
});

const ids = (rows: TAuditRow[]) => rows.map((r) => `${r.action}:${r.object_id}`);

describe("listAuditLog", () => {
  it("lists the project's rows of the mode (and mode-less ones) newest first, actors named", async () => {
    const page = await listAuditLog(db, tenant, {});
    const mine = page.data.filter((r) => r.created_at.startsWith("2026-03"));
    expect(ids(mine)).toEqual([
      `project.reason_codes_changed:${tenant.projectId}`,
      "session.status_changed:ses_two",
      "session.decided:ses_one",
      "evidence.address_issued:file_a",
      "session.viewed:ses_one",
      "session.created:ses_one",
    ]);
    expect(mine.map((r) => r.actor.label)).toEqual([
      "reviewer@demo.test",
      "System",
      "reviewer@demo.test",
      "reviewer@demo.test",
      "reviewer@demo.test",
      expect.stringMatching(/^Backend \(sk_test_/),
    ]);
    expect(mine[3]).toMatchObject({ session_id: "ses_one", ip: "203.0.113.9", object_type: "evidence_file" });
  });

  it("filters by session (its evidence too), actor, action and an inclusive date range", async () => {
    expect(ids((await listAuditLog(db, tenant, { sessionId: "ses_one" })).data)).toEqual([
      "session.decided:ses_one",
      "evidence.address_issued:file_a",
      "session.viewed:ses_one",
      "session.created:ses_one",
    ]);
    expect(ids((await listAuditLog(db, tenant, { actor: `api_key:${keyId}` })).data)).toEqual(["session.created:ses_one"]);
    expect(ids((await listAuditLog(db, tenant, { actor: "system", from: "2026-03-01" })).data)).toEqual(["session.status_changed:ses_two"]);
    expect(ids((await listAuditLog(db, tenant, { action: "session.viewed" })).data)).toEqual(["session.viewed:ses_one"]);
    expect(ids((await listAuditLog(db, tenant, { from: "2026-03-02", to: "2026-03-03" })).data)).toEqual([
      "session.decided:ses_one",
      "evidence.address_issued:file_a",
      "session.viewed:ses_one",
    ]);
  });

  it("pages with starting_after", async () => {
    const first = await listAuditLog(db, tenant, { sessionId: "ses_one", limit: 3 });
    expect(first.has_more).toBe(true);
    const second = await listAuditLog(db, tenant, { sessionId: "ses_one", limit: 3, startingAfter: first.data.at(-1)!.id });
    expect(ids(second.data)).toEqual(["session.created:ses_one"]);
    expect(second.has_more).toBe(false);
  });

  it("offers the actions present and the organization's users as filters", async () => {
    const options = await auditFilterOptions(db, tenant, organizationId);
    expect(options.actions).toEqual(expect.arrayContaining(["session.created", "session.decided", "evidence.address_issued"]));
    expect(options.users.map((u) => u.email)).toContain("reviewer@demo.test");
  });

  it("records an export with its filters", async () => {
    await recordAuditExport(db, tenant, { sessionId: "ses_one" }, { type: "user", id: reviewerId, ip: "203.0.113.9" });
    const row = await db.auditLog.findFirstOrThrow({ where: { action: "audit_log.exported" }, select: { actorId: true, data: true, mode: true } });
    expect(row).toEqual({ actorId: reviewerId, data: { filters: { sessionId: "ses_one" } }, mode: "test" });
  });
});

describe("auditCsvStream", () => {
  it("writes a header and every page, quoting cells with commas and quotes", async () => {
    const csv = await new Response(
      auditCsvStream(allPages((startingAfter) => listAuditLog(db, tenant, { sessionId: "ses_one", action: "session.decided", limit: 1, startingAfter }))),
    ).text();
    const lines = csv.trimEnd().split("\n");
    expect(lines[0]).toBe("time,actor_type,actor,actor_id,action,object_type,object_id,session_id,ip,data");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      `2026-03-03T11:00:00.000Z,user,reviewer@demo.test,${reviewerId},session.decided,session,ses_one,ses_one,203.0.113.9,` +
        `"{""to"":""declined"",""from"":""review"",""reason_code"":""=HYPERLINK(\\""http://evil\\""),\\""quoted\\""""}"`,
    );
  });

  it("defuses a cell that starts like a formula", async () => {
    const row: TAuditRow = {
      id: "aud_x",
      created_at: "2026-03-06T00:00:00.000Z",
      actor: { type: "api_key", id: null, label: "=cmd|' /C calc'!A0" },
      action: "session.created",
      object_type: "session",
      object_id: "ses_x",
      session_id: "ses_x",
      ip: null,
      data: null,
    };
    const csv = await new Response(
      auditCsvStream(
        (async function* () {
          yield [row];
        })(),
      ),
    ).text();
    expect(csv.split("\n")[1]).toBe("2026-03-06T00:00:00.000Z,api_key,'=cmd|' /C calc'!A0,,session.created,session,ses_x,ses_x,,");
  });
});

describe("the organization's own rows", () => {
  it("lists member changes and the members' sign-ins, sign-outs and password resets, in the page and the CSV; not another organization's", async () => {
    const ownerId = (await db.user.findUniqueOrThrow({ where: { email: "admin@demo.test" }, select: { id: true } })).id;
    const owner = { type: "user" as const, id: ownerId, ip: "203.0.113.1" };
    await changeMemberRole(db, { organizationId, userId: reviewerId, role: "viewer", actor: owner, actorRole: "owner" });
    await signedInDashboardToken(db, {}, reviewerId, { method: "credentials", ip: "203.0.113.9" });
    await signOutDashboardUser(db, reviewerId, "203.0.113.9");
    const link = newAccountToken();
    await db.passwordResetToken.create({
      data: { id: newId("passwordReset"), userId: reviewerId, tokenHash: link.hash, expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS) },
    });
    await resetPassword(db, { token: link.token, password: "reviewer-new-password", ip: "203.0.113.9" });
    // another organization's member and its events stay there
    const other = await db.organization.create({ data: { id: newId("organization"), name: "Other", slug: "other-org" }, select: { id: true } });
    const outsider = await db.user.create({ data: { id: newId("user"), email: "outsider@other.test", passwordHash: "x" }, select: { id: true } });
    await db.membership.create({ data: { id: newId("membership"), userId: outsider.id, organizationId: other.id, role: "owner" } });
    await signedInDashboardToken(db, {}, outsider.id, { method: "oidc" });

    const rows = (await listAuditLog(db, tenant, { actor: `user:${reviewerId}` })).data.filter((r) => r.object_type === "user");
    expect(rows.map((r) => [r.action, r.object_id, r.ip])).toEqual([
      ["user.password_reset", reviewerId, "203.0.113.9"],
      ["user.signed_out", reviewerId, "203.0.113.9"],
      ["user.signed_in", reviewerId, "203.0.113.9"],
    ]);
    expect(rows.at(-1)!.data).toEqual({ method: "credentials" });
    expect((await listAuditLog(db, tenant, { action: "member.role_changed" })).data).toMatchObject([
      { actor: { label: "admin@demo.test" }, object_id: reviewerId, data: { from: "reviewer", to: "viewer" } },
    ]);
    expect((await listAuditLog(db, { ...tenant, mode: "live" }, { action: "user.signed_in" })).data.map((r) => r.object_id)).toEqual([reviewerId]);
    expect((await listAuditLog(db, tenant, { limit: 100 })).data.map((r) => r.object_id)).not.toContain(outsider.id);
    expect((await auditFilterOptions(db, tenant, organizationId)).actions).toEqual(
      expect.arrayContaining(["member.role_changed", "user.signed_in", "user.password_reset"]),
    );

    const csv = await new Response(
      auditCsvStream(allPages((startingAfter) => listAuditLog(db, tenant, { action: "user.signed_in", limit: 100, startingAfter }))),
    ).text();
    expect(csv.trimEnd().split("\n").slice(1)).toEqual([
      expect.stringMatching(new RegExp(`,user,reviewer@demo.test,${reviewerId},user.signed_in,user,${reviewerId},,203.0.113.9,`)),
    ]);
  });

  it("audits an API key created with the CLI", async () => {
    const secret = await runAdminCommand(db, { command: "api-key.create", project: "demo", mode: "test" });
    const key = await db.apiKey.findFirstOrThrow({ where: { prefix: secret.slice(0, 12) }, select: { id: true } });
    expect((await listAuditLog(db, tenant, { action: "api_key.created" })).data).toMatchObject([
      { actor: { type: "system", id: "cli", label: "System" }, object_type: "api_key", object_id: key.id, data: { name: "cli" } },
    ]);
  });
});
