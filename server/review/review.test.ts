/**
 * The review queue and the reviewer's actions (issue 7 "Review"), through the dashboard's tRPC
 * procedures with fake signed-in users of the demo organization (one per role) on PGlite:
 * queue order, filters and search, claims (and their races), decisions with the project's
 * reason codes, overrides that need a confirmation, and who may do what.
 */
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { demoDb } from "~/tests/fixtures/demo-db";
import { CONSENT_NOTICE_VERSION } from "../steps/consent/consent.schemas";
import type { Db } from "../db";
import { DomainError } from "../errors";
import { startFlow } from "../flow/flow-state";
import { submitStep } from "../flow/submit-step";
import type { Role } from "../generated/prisma/enums";
import { DEMO_ROLE_USERS } from "../seed/seed-demo";
import { createSession } from "../sessions/create-session";
import { decideSession } from "../sessions/decide-session";
import { VIEW_AUDIT_WINDOW_MS } from "../sessions/session-case";
import { applyAutomaticDecision, runSessionChecks } from "../sessions/process-session";
import { createCaller } from "../trpc/root";

vi.mock("../auth/auth", () => ({ auth: async () => null }));

let db: Db;
let tenant: { projectId: string; mode: "test" };
let kycWorkflow: string;
const users: Record<Role, string> = { owner: "", admin: "", developer: "", reviewer: "", viewer: "" };
const as = (role: Role) => createCaller({ db, userId: users[role], headers: new Headers({ "x-forwarded-for": "203.0.113.9" }) });

async function errorOf(call: Promise<unknown>): Promise<TRPCError | null> {
  try {
    await call;
    return null;
  } catch (err) {
    if (err instanceof TRPCError) return err;
    throw err;
  }
}

/** The DomainError code behind a tRPC error (what the dashboard branches on). */
const domainCode = (err: unknown) => ((err as TRPCError | null)?.cause instanceof DomainError ? ((err as TRPCError).cause as DomainError).code : null);

/** A session of the demo KYC workflow that went through the flow with this PAN step (created earlier, finished now). */
async function finish(created: { id: string; client_token: string }, pan: { pan: string; name: string; dob?: string }) {
  const ctx = { sessionId: created.id, token: created.client_token, ip: "203.0.113.7", userAgent: "vitest" };
  await startFlow(db, ctx);
  await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
  await submitStep(db, ctx, "pan", { dob: "1988-05-17", ...pan });
  await runSessionChecks(db, created.id, { attempts: 1, baseDelayMs: 1 });
  return applyAutomaticDecision(db, created.id);
}

const create = (reference: string, prefillName?: string) =>
  createSession(
    db,
    tenant,
    { workflow_id: kycWorkflow, reference_id: reference, ...(prefillName ? { prefill: { full_name: prefillName } } : {}) },
    { type: "api_key", id: "key_test" },
  );

const queueIds = async (filters: Record<string, unknown> = {}, role: Role = "reviewer") =>
  (await as(role).review.queue({ ...tenant, ...filters })).data.map((s) => s.id);

let asha: string; // created first, enters review second: PAN not found
let bela: string; // created second, enters review first: PAN not found
let chitra: string; // created third, enters review third: name does not match the registry

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  tenant = { projectId: demo.seed.projectId, mode: "test" };
  kycWorkflow = demo.seed.workflows.kyc;
  const byEmail = async (email: string) => (await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;
  users.owner = await byEmail(demo.seed.adminEmail);
  for (const u of DEMO_ROLE_USERS) users[u.role] = await byEmail(u.email);

  const a = await create("queue-asha", "Asha Rao");
  const b = await create("queue-bela");
  const c = await create("queue-chitra");
  [asha, bela, chitra] = [a.id, b.id, c.id];
  expect(await finish(b, { pan: "ABCPB9999A", name: "Bela Singh" })).toBe("review");
  expect(await finish(a, { pan: "ABCPA9999Z", name: "Asha Rao" })).toBe("review");
  expect(await finish(c, { pan: "ABCPC8888K", name: "Chitra Iyer" })).toBe("review");
});

describe("the queue", () => {
  it("lists sessions in review oldest first by when they entered review, with reasons and their rule descriptions", async () => {
    const page = await as("reviewer").review.queue(tenant);
    expect(page.data.map((s) => s.id)).toEqual([bela, asha, chitra]);
    expect(page.has_more).toBe(false);
    expect(page.data[0]).toMatchObject({
      reference_id: "queue-bela",
      type: "kyc",
      assignee: null,
      reasons: [{ name: "pan_not_found", description: "The Income Tax Department has no such PAN." }],
    });
    expect(page.data[2]!.reasons.map((r) => r.name)).toEqual(["pan_name_mismatch"]);
    expect(Date.parse(page.data[0]!.entered_review_at)).toBeLessThanOrEqual(Date.parse(page.data[1]!.entered_review_at));
  });

  it("pages with starting_after, and refuses a cursor of another project", async () => {
    const first = await as("reviewer").review.queue({ ...tenant, limit: 2 });
    expect(first.data.map((s) => s.id)).toEqual([bela, asha]);
    expect(first.has_more).toBe(true);
    const second = await as("reviewer").review.queue({ ...tenant, limit: 2, startingAfter: asha });
    expect(second.data.map((s) => s.id)).toEqual([chitra]);
    expect(second.has_more).toBe(false);
    const err = await errorOf(as("reviewer").review.queue({ ...tenant, startingAfter: "ses_not_here" }));
    expect(err?.code).toBe("NOT_FOUND");
  });

  it("filters by reason and searches by id, reference_id, name and PAN last 4", async () => {
    expect(await queueIds({ reason: "pan_name_mismatch" })).toEqual([chitra]);
    expect(await queueIds({ reason: "pan_not_found" })).toEqual([bela, asha]);
    expect(await queueIds({ search: chitra })).toEqual([chitra]);
    expect(await queueIds({ search: "queue-asha" })).toEqual([asha]);
    expect(await queueIds({ search: "queue-" })).toEqual([]); // reference ids match exactly
    expect(await queueIds({ search: "asha r" })).toEqual([asha]); // prefill and entered name, any case
    expect(await queueIds({ search: "iyer" })).toEqual([chitra]);
    expect(await queueIds({ search: "999z" })).toEqual([asha]); // the PAN's last 4 characters
    expect(await queueIds({ search: "9999" })).toEqual([bela, asha]); // its 4 digits
    expect(await queueIds({ search: "%" })).toEqual([]); // LIKE wildcards are literal
  });

  it("counts the queue for the navigation and the filters", async () => {
    const summary = await as("viewer").review.summary(tenant);
    expect(summary).toMatchObject({ total: 3, unassigned: 3, mine: 0 });
    expect(summary.reasons).toEqual([
      { name: "pan_not_found", count: 2 },
      { name: "pan_name_mismatch", count: 1 },
    ]);
  });
});

describe("claiming and assigning", () => {
  it("of two claims at the same time exactly one wins; the other learns who has it", async () => {
    const results = await Promise.allSettled([as("reviewer").review.claim({ ...tenant, id: bela }), as("admin").review.claim({ ...tenant, id: bela })]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0]!.reason as TRPCError).code).toBe("CONFLICT");
    expect(domainCode(lost[0]!.reason)).toBe("session_claimed");
    expect((lost[0]!.reason as TRPCError).message).toMatch(/has claimed this session/);
    const holder = (await db.session.findUniqueOrThrow({ where: { id: bela }, select: { assigneeId: true } })).assigneeId;
    expect([users.reviewer, users.admin]).toContain(holder);
    expect(await db.auditLog.count({ where: { objectId: bela, action: "session.claimed" } })).toBe(1);
  });

  it("taking over a claim names the current holder; then the filters see the new assignee", async () => {
    expect((await as("admin").review.assign({ ...tenant, id: bela, assigneeId: null })).assignee).toBeNull();
    await as("admin").review.assign({ ...tenant, id: bela, assigneeId: users.reviewer });
    const refused = await errorOf(as("owner").review.claim({ ...tenant, id: bela }));
    expect(refused?.code).toBe("CONFLICT");
    expect(domainCode(refused)).toBe("session_claimed");
    expect(refused?.message).toBe("reviewer@demo.test has claimed this session. Take it over to work on it.");
    const taken = await as("owner").review.claim({ ...tenant, id: bela, takeOverFrom: users.reviewer });
    expect(taken.assignee?.email).toBe("admin@demo.test");
    expect(await queueIds({ assignee: "me" }, "owner")).toEqual([bela]);
    expect(await queueIds({ assignee: "unassigned" }, "owner")).toEqual([asha, chitra]);
    expect(await queueIds({ assignee: users.owner })).toEqual([bela]);
    // the assignee releases it; someone else cannot
    expect(domainCode(await errorOf(as("reviewer").review.release({ ...tenant, id: bela })))).toBe("session_claimed");
    expect((await as("owner").review.release({ ...tenant, id: bela })).assignee).toBeNull();
    const audit = await db.auditLog.findMany({
      where: { objectId: bela, action: { in: ["session.claimed", "session.assigned", "session.unassigned"] } },
      orderBy: { createdAt: "asc" },
      select: { action: true },
    });
    expect(audit.map((a) => a.action).slice(-5)).toEqual([
      "session.claimed",
      "session.unassigned",
      "session.assigned",
      "session.claimed",
      "session.unassigned",
    ]);
  });

  it("assigns only to members who can decide", async () => {
    const err = await errorOf(as("admin").review.assign({ ...tenant, id: asha, assigneeId: users.viewer }));
    expect(err?.code).toBe("BAD_REQUEST");
    expect(err?.message).toMatch(/can decide sessions/);
    expect((await as("viewer").review.assignees(tenant)).map((m) => m.email)).toEqual(["admin@demo.test", "manager@demo.test", "reviewer@demo.test"]);
  });
});

describe("reason codes per project", () => {
  it("starts with the default list and takes an edited one, always keeping `other`", async () => {
    const defaults = await as("viewer").review.reasonCodes(tenant);
    expect(defaults.map((c) => c.code)).toContain("identity_confirmed");
    expect(defaults.at(-1)).toEqual({
      code: "other",
      label: "Other (explain in the note)",
      applicant: { en: "Some of your details could not be verified.", hi: "आपके कुछ विवरणों का सत्यापन नहीं हो सका।" },
    });
    // every default code says something to the applicant, in both languages
    for (const c of defaults) expect(c.applicant?.en && c.applicant.hi, c.code).toBeTruthy();
    const saved = await as("admin").review.updateReasonCodes({
      ...tenant,
      codes: [
        { code: "kyc_ok", label: "KYC documents fine" },
        { code: "fraud", label: "Fraud" },
      ],
    });
    expect(saved.map((c) => c.code)).toEqual(["kyc_ok", "fraud", "other"]);
    expect(await as("reviewer").review.reasonCodes(tenant)).toEqual(saved);
  });

  it("refuses an empty list, duplicate codes and a reviewer editing it", async () => {
    expect((await errorOf(as("admin").review.updateReasonCodes({ ...tenant, codes: [{ code: "other", label: "Other" }] })))?.code).toBe("BAD_REQUEST");
    const dup = await errorOf(
      as("admin").review.updateReasonCodes({
        ...tenant,
        codes: [
          { code: "a", label: "A" },
          { code: "a", label: "A again" },
        ],
      }),
    );
    expect(dup?.code).toBe("BAD_REQUEST");
    expect((await errorOf(as("reviewer").review.updateReasonCodes({ ...tenant, codes: [{ code: "a", label: "A" }] })))?.code).toBe("FORBIDDEN");
  });

  it("the dashboard accepts only the project's codes; the API any code", async () => {
    const err = await errorOf(as("reviewer").review.decide({ ...tenant, id: asha, outcome: "approved", reason_code: "identity_confirmed" }));
    expect(err?.code).toBe("BAD_REQUEST");
    expect(err?.message).toBe("'identity_confirmed' is not one of this project's reason codes.");
    expect((await db.session.findUniqueOrThrow({ where: { id: asha }, select: { status: true } })).status).toBe("review");
  });
});

describe("deciding and overriding", () => {
  it("decides a session in review; deciding it again needs the override confirmation, and both decisions stay in the audit log", async () => {
    expect(await as("reviewer").review.decide({ ...tenant, id: asha, outcome: "approved", reason_code: "kyc_ok", note: "Checked by video call." })).toEqual({
      id: asha,
      status: "approved",
      outcome: "approved",
    });
    const refused = await errorOf(as("reviewer").review.decide({ ...tenant, id: asha, outcome: "declined", reason_code: "fraud" }));
    expect(refused?.code).toBe("CONFLICT");
    expect(domainCode(refused)).toBe("override_not_confirmed");
    expect(refused?.message).toBe("This session was already approved. Confirm the override to change a final decision.");
    expect((await db.session.findUniqueOrThrow({ where: { id: asha }, select: { status: true } })).status).toBe("approved");

    await as("reviewer").review.decide({ ...tenant, id: asha, outcome: "declined", reason_code: "fraud", override: true });
    const s = await db.session.findUniqueOrThrow({ where: { id: asha }, select: { status: true, decision: true, decisionSource: true, reasonCode: true } });
    expect(s).toEqual({ status: "declined", decision: "declined", decisionSource: "manual", reasonCode: "fraud" });
    const audit = await as("owner").audit.list({ ...tenant, sessionId: asha, action: "session.decided" });
    expect(audit.data.map((r) => [r.actor.label, (r.data as { to: string }).to])).toEqual([
      ["reviewer@demo.test", "declined"],
      ["reviewer@demo.test", "approved"],
    ]);
    const overridden = await as("owner").audit.list({ ...tenant, sessionId: asha, action: "session.decision_overridden" });
    expect(overridden.data[0]!.data).toEqual({
      previous: { decision: "approved", decision_source: "manual", reason_code: "kyc_ok" },
      new: { decision: "declined", decision_source: "manual", reason_code: "fraud" },
    });
  });

  it("a session someone else has claimed is decided only after taking it over", async () => {
    const d = await create("queue-dina");
    expect(await finish(d, { pan: "ABCPD9999D", name: "Dina Shah" })).toBe("review");
    await as("reviewer").review.claim({ ...tenant, id: d.id });
    const refused = await errorOf(as("admin").review.decide({ ...tenant, id: d.id, outcome: "approved", reason_code: "kyc_ok" }));
    expect(refused?.code).toBe("CONFLICT");
    expect(domainCode(refused)).toBe("session_claimed");
    expect(refused?.message).toBe("reviewer@demo.test has claimed this session. Take it over to decide it.");
    expect((await db.session.findUniqueOrThrow({ where: { id: d.id }, select: { status: true } })).status).toBe("review");

    await as("admin").review.claim({ ...tenant, id: d.id, takeOverFrom: users.reviewer });
    expect(await as("admin").review.decide({ ...tenant, id: d.id, outcome: "approved", reason_code: "kyc_ok" })).toMatchObject({ status: "approved" });
    // the assignee stays after the decision; an override by another member is not a claim question
    await as("reviewer").review.decide({ ...tenant, id: d.id, outcome: "declined", reason_code: "fraud", override: true });
    expect((await db.session.findUniqueOrThrow({ where: { id: d.id }, select: { status: true } })).status).toBe("declined");
  });

  it("the /v1 decision endpoint still overrides without a confirmation", async () => {
    await decideSession(db, tenant, asha, { outcome: "approved", reason_code: "api_override" }, { type: "api_key", id: "key_test" });
    expect((await db.session.findUniqueOrThrow({ where: { id: asha }, select: { status: true } })).status).toBe("approved");
  });
});

describe("viewing a case", () => {
  const views = (userId: string) => db.auditLog.findMany({ where: { objectId: chitra, action: "session.viewed", actorId: userId }, select: { id: true } });

  it("audits a view once per reviewer within the window: refetches after a claim or a decision add no row", async () => {
    for (let i = 0; i < 3; i++) expect((await as("reviewer").sessions.get({ ...tenant, id: chitra })).session.id).toBe(chitra);
    expect(await views(users.reviewer)).toHaveLength(1);
    await as("admin").sessions.get({ ...tenant, id: chitra });
    expect(await views(users.admin)).toHaveLength(1);
    expect(await views(users.reviewer)).toHaveLength(1);
  });

  it("audits the next view once the last one is older than the window", async () => {
    const [row] = await views(users.reviewer);
    await db.auditLog.update({ where: { id: row!.id }, data: { createdAt: new Date(Date.now() - VIEW_AUDIT_WINDOW_MS - 1000) } });
    await as("reviewer").sessions.get({ ...tenant, id: chitra });
    expect(await views(users.reviewer)).toHaveLength(2);
  });
});

describe("who may do what", () => {
  it("a viewer reads the queue but cannot claim, decide, read or export the audit log", async () => {
    expect(await queueIds({}, "viewer")).toEqual([bela, chitra]);
    for (const call of [
      as("viewer").review.claim({ ...tenant, id: chitra }),
      as("viewer").review.decide({ ...tenant, id: chitra, outcome: "approved", reason_code: "kyc_ok" }),
      as("viewer").audit.list(tenant),
      as("viewer").audit.recordExport(tenant),
      as("viewer").review.assign({ ...tenant, id: chitra, assigneeId: users.reviewer }),
    ]) {
      expect((await errorOf(call))?.code).toBe("FORBIDDEN");
    }
  });

  it("a reviewer claims and decides but neither assigns to others nor reads the audit log", async () => {
    expect((await errorOf(as("reviewer").review.assign({ ...tenant, id: chitra, assigneeId: users.reviewer })))?.code).toBe("FORBIDDEN");
    expect((await errorOf(as("reviewer").audit.list(tenant)))?.code).toBe("FORBIDDEN");
    expect((await as("reviewer").review.claim({ ...tenant, id: chitra })).assignee?.email).toBe("reviewer@demo.test");
  });
});
