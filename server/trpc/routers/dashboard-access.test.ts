/**
 * Every dashboard procedure checks the caller's role and project membership on the server
 * (issue 7): tRPC caller tests with a fake signed-in user (STYLE.md 7) on PGlite. Organization
 * A is the seeded demo (one user per role); organization B is a second tenant with its own
 * user, project and session.
 */
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { authenticateApiKey } from "../../api-keys/create-api-key";
import { getDb, getSql, type Db } from "../../db";
import { applyMigrations } from "../../db/migrate";
import type { Role } from "../../generated/prisma/enums";
import { newId } from "../../ids";
import { ensureProject } from "../../projects/ensure-project";
import { DEMO_ROLE_USERS, ensureIndiaWorkflows, seedDemo } from "../../seed/seed-demo";
import { createSession } from "../../sessions/create-session";
import { PERMISSIONS } from "../../users/permissions";
import { appRouter, createCaller } from "../root";

// next-auth's ESM build imports `next/server` without an extension, which only Next's bundler
// resolves; the context here is built by hand (a fake signed-in user), so auth() is never called.
vi.mock("../../auth/auth", () => ({ auth: async () => null }));

let db: Db;
let projectA: string;
let projectB: string;
/** A project of organization A that the role matrix archives (the demo project stays active). */
let projectArchived: string;
let sessionA: string;
let sessionB: string;
const users: Record<Role | "outsider", string> = { owner: "", admin: "", developer: "", reviewer: "", viewer: "", outsider: "" };

const as = (userId: string | null) => createCaller({ db, userId, headers: new Headers({ "x-forwarded-for": "203.0.113.9" }) });
const tenantA = () => ({ projectId: projectA, mode: "test" as const });

/** The tRPC error of a call, or null when it succeeded. */
async function errorOf(call: Promise<unknown>): Promise<TRPCError | null> {
  try {
    await call;
    return null;
  } catch (err) {
    if (err instanceof TRPCError) return err;
    throw err;
  }
}

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
  const seed = await seedDemo(db);
  projectA = seed.projectId;
  projectArchived = (await ensureProject(db, { organizationId: seed.organizationId, slug: "matrix-archived" })).id;
  const byEmail = async (email: string) => (await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;
  users.owner = await byEmail(seed.adminEmail);
  for (const u of DEMO_ROLE_USERS) users[u.role] = await byEmail(u.email);

  // organization B: its own user, project, workflows and session
  const orgB = await db.organization.create({ data: { id: newId("organization"), name: "Other Bank", slug: "other-bank" }, select: { id: true } });
  projectB = (await ensureProject(db, { organizationId: orgB.id, slug: "main" })).id;
  users.outsider = (
    await db.user.create({ data: { id: newId("user"), email: "owner@other.test", name: "Other Owner", passwordHash: "x" }, select: { id: true } })
  ).id;
  await db.membership.create({ data: { id: newId("membership"), userId: users.outsider, organizationId: orgB.id, role: "owner" } });
  const wfB = await ensureIndiaWorkflows(db, projectB);
  sessionB = (await createSession(db, { projectId: projectB, mode: "test" }, { workflow_id: wfB.kyc }, { type: "api_key", id: "key_b" })).id;
  sessionA = (await createSession(db, tenantA(), { workflow_id: seed.workflows.kyc }, { type: "api_key", id: "key_a" })).id;
});

describe("API keys by role", () => {
  it("a reviewer can neither create nor list API keys", async () => {
    const create = await errorOf(as(users.reviewer).apiKeys.create({ ...tenantA(), name: "reviewer's key" }));
    expect(create?.code).toBe("FORBIDDEN");
    expect(create?.message).toBe("Your role (reviewer) cannot do this.");
    expect((await errorOf(as(users.reviewer).apiKeys.list(tenantA())))?.code).toBe("FORBIDDEN");
    expect(await db.apiKey.count({ where: { name: "reviewer's key" } })).toBe(0);
  });

  it("a developer creates a key whose secret works once shown, lists it without the secret, and revokes it", async () => {
    const { key, secret } = await as(users.developer).apiKeys.create({ ...tenantA(), name: "Backend (staging)" });
    expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(key).toMatchObject({ name: "Backend (staging)", prefix: secret.slice(0, 12), lastUsedAt: null, revokedAt: null });
    const listed = await as(users.developer).apiKeys.list(tenantA());
    expect(listed.find((k) => k.id === key.id)).toEqual(key);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect((await authenticateApiKey(db, `Bearer ${secret}`)).projectId).toBe(projectA);

    await as(users.admin).apiKeys.revoke({ ...tenantA(), id: key.id });
    await expect(authenticateApiKey(db, `Bearer ${secret}`)).rejects.toMatchObject({ code: "api_key_invalid" });
    expect((await errorOf(as(users.admin).apiKeys.revoke({ ...tenantA(), id: key.id })))?.code).toBe("NOT_FOUND");
    const audit = await db.auditLog.findMany({ where: { objectId: key.id }, orderBy: { createdAt: "asc" }, select: { action: true, actorId: true } });
    expect(audit).toEqual([
      { action: "api_key.created", actorId: users.developer },
      { action: "api_key.revoked", actorId: users.admin },
    ]);
  });

  it("a key of live mode is not revocable from test mode (ids never cross modes)", async () => {
    const { key } = await as(users.owner).apiKeys.create({ projectId: projectA, mode: "live", name: "Production" });
    expect(key.prefix.startsWith("sk_live_")).toBe(true);
    expect((await errorOf(as(users.owner).apiKeys.revoke({ ...tenantA(), id: key.id })))?.code).toBe("NOT_FOUND");
    expect((await as(users.owner).apiKeys.list(tenantA())).some((k) => k.id === key.id)).toBe(false);
  });
});

describe("tenant isolation", () => {
  it("a user of organization A cannot read organization B's session by guessing its id", async () => {
    // through A's own project: the id is simply not there
    const viaOwn = await errorOf(as(users.owner).sessions.get({ ...tenantA(), id: sessionB }));
    expect(viaOwn?.code).toBe("NOT_FOUND");
    expect(viaOwn?.message).toBe(`No such session: '${sessionB}'`);
    // naming B's project: the project does not exist for this user (never FORBIDDEN, so nothing leaks)
    const viaB = await errorOf(as(users.owner).sessions.get({ projectId: projectB, mode: "test", id: sessionB }));
    expect(viaB?.code).toBe("NOT_FOUND");
    expect(viaB?.message).toBe("No such project.");
    expect((await errorOf(as(users.owner).sessions.list({ projectId: projectB, mode: "test", limit: 25 })))?.code).toBe("NOT_FOUND");
    // B's owner reads B's session, and not A's
    expect((await as(users.outsider).sessions.get({ projectId: projectB, mode: "test", id: sessionB })).session.id).toBe(sessionB);
    expect((await errorOf(as(users.outsider).sessions.get({ projectId: projectB, mode: "test", id: sessionA })))?.code).toBe("NOT_FOUND");
  });

  it("B's owner cannot decide, list members of, or change settings of A", async () => {
    const calls = [
      as(users.outsider).review.decide({ ...tenantA(), id: sessionA, outcome: "approved", reason_code: "identity_confirmed" }),
      as(users.outsider).members.list(tenantA()),
      as(users.outsider).settings.update({ ...tenantA(), name: "Hijacked", retentionDays: 30, brandColor: null }),
      as(users.outsider).overview.get({ ...tenantA(), days: 30, timeZone: "UTC" }),
    ];
    for (const call of calls) expect((await errorOf(call))?.message).toBe("No such project.");
    expect((await db.project.findUniqueOrThrow({ where: { id: projectA }, select: { name: true } })).name).toBe("Demo");
  });

  it("signed-out calls are UNAUTHORIZED", async () => {
    expect((await errorOf(as(null).sessions.list({ ...tenantA(), limit: 25 })))?.code).toBe("UNAUTHORIZED");
    expect((await errorOf(as(null).me.get()))?.code).toBe("UNAUTHORIZED");
  });
});

/** One call per dashboard procedure with an input that passes validation. */
const PROCEDURES: Record<string, { allowed: readonly Role[]; call: (c: ReturnType<typeof as>) => Promise<unknown> }> = {
  "sessions.list": { allowed: PERMISSIONS.readProject, call: (c) => c.sessions.list({ ...tenantA(), limit: 1 }) },
  "sessions.get": { allowed: PERMISSIONS.readProject, call: (c) => c.sessions.get({ ...tenantA(), id: "ses_missing" }) },
  "review.reasonCodes": { allowed: PERMISSIONS.readProject, call: (c) => c.review.reasonCodes(tenantA()) },
  "review.decide": {
    allowed: PERMISSIONS.decideSessions,
    call: (c) => c.review.decide({ ...tenantA(), id: "ses_missing", outcome: "approved", reason_code: "identity_confirmed" }),
  },
  "review.queue": { allowed: PERMISSIONS.readProject, call: (c) => c.review.queue({ ...tenantA(), limit: 1 }) },
  "review.summary": { allowed: PERMISSIONS.readProject, call: (c) => c.review.summary(tenantA()) },
  "review.assignees": { allowed: PERMISSIONS.readProject, call: (c) => c.review.assignees(tenantA()) },
  "review.claim": { allowed: PERMISSIONS.decideSessions, call: (c) => c.review.claim({ ...tenantA(), id: "ses_missing" }) },
  "review.release": { allowed: PERMISSIONS.decideSessions, call: (c) => c.review.release({ ...tenantA(), id: "ses_missing" }) },
  "review.assign": { allowed: PERMISSIONS.assignReviews, call: (c) => c.review.assign({ ...tenantA(), id: "ses_missing", assigneeId: null }) },
  "review.resolveCandidate": {
    allowed: PERMISSIONS.decideSessions,
    call: (c) => c.review.resolveCandidate({ ...tenantA(), checkId: "chk_missing", entryId: "sle_missing", match: false, note: "matrix" }),
  },
  "review.evidenceAddress": {
    allowed: PERMISSIONS.readProject,
    call: (c) => c.review.evidenceAddress({ ...tenantA(), id: "ses_missing", evidenceId: "file_missing" }),
  },
  "review.originalEvidenceAddress": {
    allowed: PERMISSIONS.downloadOriginalEvidence,
    call: (c) => c.review.originalEvidenceAddress({ ...tenantA(), id: "ses_missing", evidenceId: "file_missing" }),
  },
  "review.updateReasonCodes": {
    allowed: PERMISSIONS.manageSettings,
    call: (c) => c.review.updateReasonCodes({ ...tenantA(), codes: [{ code: "identity_confirmed", label: "Identity confirmed by reviewer" }] }),
  },
  "audit.list": { allowed: PERMISSIONS.readAuditLog, call: (c) => c.audit.list({ ...tenantA(), limit: 1 }) },
  "audit.filterOptions": { allowed: PERMISSIONS.readAuditLog, call: (c) => c.audit.filterOptions(tenantA()) },
  "audit.recordExport": { allowed: PERMISSIONS.readAuditLog, call: (c) => c.audit.recordExport(tenantA()) },
  "kyb.tree": { allowed: PERMISSIONS.readProject, call: (c) => c.kyb.tree({ ...tenantA(), id: "ses_missing" }) },
  "kyb.changeInvite": { allowed: PERMISSIONS.decideSessions, call: (c) => c.kyb.changeInvite({ ...tenantA(), id: "ses_missing", change: "revoke" }) },
  "workflows.list": { allowed: PERMISSIONS.readProject, call: (c) => c.workflows.list(tenantA()) },
  "workflows.catalog": { allowed: PERMISSIONS.readProject, call: (c) => c.workflows.catalog({ ...tenantA(), country: "IN" }) },
  "workflows.get": { allowed: PERMISSIONS.readProject, call: (c) => c.workflows.get({ ...tenantA(), id: "wf_missing" }) },
  "workflows.versions": { allowed: PERMISSIONS.readProject, call: (c) => c.workflows.versions({ ...tenantA(), id: "wf_missing" }) },
  "workflows.diff": { allowed: PERMISSIONS.readProject, call: (c) => c.workflows.diff({ ...tenantA(), id: "wf_missing", version: "draft" }) },
  "workflows.create": {
    allowed: PERMISSIONS.manageWorkflows,
    call: (c) => c.workflows.create({ ...tenantA(), name: `Matrix ${Math.random()}`, type: "kyc", country: "IN", languages: ["en"], ttl_seconds: 3600 }),
  },
  "workflows.saveDraft": { allowed: PERMISSIONS.manageWorkflows, call: (c) => c.workflows.saveDraft({ ...tenantA(), id: "wf_missing", definition: {} }) },
  "workflows.discardDraft": { allowed: PERMISSIONS.manageWorkflows, call: (c) => c.workflows.discardDraft({ ...tenantA(), id: "wf_missing" }) },
  "workflows.publish": { allowed: PERMISSIONS.manageWorkflows, call: (c) => c.workflows.publish({ ...tenantA(), id: "wf_missing" }) },
  "workflows.preview": { allowed: PERMISSIONS.manageWorkflows, call: (c) => c.workflows.preview({ ...tenantA(), id: "wf_missing" }) },
  "workflows.rename": { allowed: PERMISSIONS.manageWorkflows, call: (c) => c.workflows.rename({ ...tenantA(), id: "wf_missing", name: "Renamed" }) },
  "workflows.archive": { allowed: PERMISSIONS.manageWorkflows, call: (c) => c.workflows.archive({ ...tenantA(), id: "wf_missing", archived: true }) },
  "projects.create": { allowed: PERMISSIONS.manageSettings, call: (c) => c.projects.create({ ...tenantA(), name: `Matrix ${Math.random()}` }) },
  "projects.archive": { allowed: PERMISSIONS.manageSettings, call: (c) => c.projects.archive({ projectId: projectArchived, mode: "test" }) },
  "apiKeys.list": { allowed: PERMISSIONS.manageApiKeys, call: (c) => c.apiKeys.list(tenantA()) },
  "apiKeys.create": { allowed: PERMISSIONS.manageApiKeys, call: (c) => c.apiKeys.create({ ...tenantA(), name: "matrix" }) },
  "apiKeys.revoke": { allowed: PERMISSIONS.manageApiKeys, call: (c) => c.apiKeys.revoke({ ...tenantA(), id: "key_missing" }) },
  "settings.get": { allowed: PERMISSIONS.readProject, call: (c) => c.settings.get(tenantA()) },
  "settings.update": {
    allowed: PERMISSIONS.manageSettings,
    call: (c) => c.settings.update({ ...tenantA(), name: "Demo", retentionDays: 365, brandColor: null }),
  },
  "settings.setLogo": {
    allowed: PERMISSIONS.manageSettings,
    call: (c) => c.settings.setLogo({ ...tenantA(), contentBase64: Buffer.from("not an image").toString("base64") }),
  },
  "settings.removeLogo": { allowed: PERMISSIONS.manageSettings, call: (c) => c.settings.removeLogo(tenantA()) },
  "settings.registryProviders": { allowed: PERMISSIONS.readProject, call: (c) => c.settings.registryProviders(tenantA()) },
  "settings.setRegistryProvider": {
    allowed: PERMISSIONS.manageSettings,
    call: (c) => c.settings.setRegistryProvider({ ...tenantA(), checkKey: "in.pan.verify", adapters: null }),
  },
  "settings.digilocker": { allowed: PERMISSIONS.readProject, call: (c) => c.settings.digilocker(tenantA()) },
  "settings.setDigilocker": {
    allowed: PERMISSIONS.manageSettings,
    call: (c) =>
      c.settings.setDigilocker({
        ...tenantA(),
        clientId: "MATRIX1",
        clientSecret: "matrix-secret",
        redirectUri: "https://kyc.example/flow/digilocker/callback",
      }),
  },
  "settings.removeDigilocker": { allowed: PERMISSIONS.manageSettings, call: (c) => c.settings.removeDigilocker(tenantA()) },
  "settings.riskReviewYears": { allowed: PERMISSIONS.readProject, call: (c) => c.settings.riskReviewYears(tenantA()) },
  "settings.setRiskReviewYears": {
    allowed: PERMISSIONS.manageSettings,
    call: (c) => c.settings.setRiskReviewYears({ ...tenantA(), high: 2, medium: 8, low: 10 }),
  },
  "settings.addOrigin": { allowed: PERMISSIONS.manageOrigins, call: (c) => c.settings.addOrigin({ ...tenantA(), origin: "https://shop.example.com" }) },
  "settings.removeOrigin": { allowed: PERMISSIONS.manageOrigins, call: (c) => c.settings.removeOrigin({ ...tenantA(), origin: "https://gone.example.com" }) },
  "members.list": { allowed: PERMISSIONS.readProject, call: (c) => c.members.list(tenantA()) },
  "members.invitations": { allowed: PERMISSIONS.manageMembers, call: (c) => c.members.invitations(tenantA()) },
  "members.invite": { allowed: PERMISSIONS.manageMembers, call: (c) => c.members.invite({ ...tenantA(), email: "matrix@demo.test", role: "viewer" }) },
  "members.revokeInvitation": { allowed: PERMISSIONS.manageMembers, call: (c) => c.members.revokeInvitation({ ...tenantA(), invitationId: "inv_missing" }) },
  "members.changeRole": { allowed: PERMISSIONS.manageMembers, call: (c) => c.members.changeRole({ ...tenantA(), userId: "usr_missing", role: "viewer" }) },
  "members.remove": { allowed: PERMISSIONS.manageMembers, call: (c) => c.members.remove({ ...tenantA(), userId: "usr_missing" }) },
  "overview.get": { allowed: PERMISSIONS.readProject, call: (c) => c.overview.get({ ...tenantA(), days: 30, timeZone: "Asia/Kolkata" }) },
};

/** Calls a procedure by its dotted path. */
function callPath(caller: ReturnType<typeof as>, path: string, input: unknown): Promise<unknown> {
  const fn = path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], caller) as (i: unknown) => Promise<unknown>;
  return fn(input);
}

describe("every dashboard procedure", () => {
  const paths = Object.keys(appRouter._def.procedures).filter((p) => !p.startsWith("flow."));

  it("refuses signed-out callers", async () => {
    for (const path of paths) expect((await errorOf(callPath(as(null), path, tenantA())))?.code, path).toBe("UNAUTHORIZED");
  });

  it("answers 'No such project' to a user outside the project's organization (membership is checked before anything else)", async () => {
    for (const path of paths.filter((p) => p !== "me.get")) {
      expect((await errorOf(callPath(as(users.outsider), path, { ...tenantA(), id: sessionA })))?.message, path).toBe("No such project.");
    }
  });
});

describe("role matrix", () => {
  it("covers every procedure of the routers of this issue and the session routers", () => {
    const mine = Object.keys(appRouter._def.procedures).filter((p) =>
      /^(sessions|review|audit|kyb|workflows|projects|apiKeys|settings|members|overview)\./.test(p),
    );
    expect(mine.filter((p) => !(p in PROCEDURES))).toEqual([]);
  });

  for (const [path, { allowed, call }] of Object.entries(PROCEDURES)) {
    it(`${path}: allowed for ${allowed.join(", ")}; FORBIDDEN for the other roles; "No such project" outside the organization`, async () => {
      for (const role of ["owner", "admin", "developer", "reviewer", "viewer"] as const) {
        const err = await errorOf(call(as(users[role])));
        if (allowed.includes(role)) {
          // allowed: the call reaches the domain (which may still refuse the made-up id)
          expect(err?.code === "FORBIDDEN" || err?.message === "No such project.", `${path} as ${role}: ${err?.message}`).toBe(false);
        } else {
          expect(err?.code, `${path} as ${role}`).toBe("FORBIDDEN");
        }
      }
      expect((await errorOf(call(as(users.outsider))))?.message).toBe("No such project.");
    });
  }
});
