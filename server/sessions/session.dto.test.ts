/**
 * The Session object as PostgreSQL builds it (session.dto.ts, list-sessions.ts), checked field by
 * field against the stored rows read with Prisma, and the list's pagination and filters.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { demoDb } from "~/tests/fixtures/demo-db";
import type { Db } from "../db";
import { createSession } from "./create-session";
import { listSessions, listSessionsJson } from "./list-sessions";
import { getSession, getSessionJson, sessionJsonSql } from "./session.dto";
import { ZSession, ZSessionList } from "./session.schemas";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let workflowId: string;
const actor = { type: "api_key" as const, id: "key_test" };
let parentId: string;
let childIds: string[];

beforeAll(async () => {
  const { seed, ...rest } = await demoDb();
  db = rest.db;
  tenant = { projectId: seed.projectId, mode: "test" };
  workflowId = seed.workflows.kyc;
  const parent = await createSession(
    db,
    tenant,
    { workflow_id: workflowId, reference_id: "ref-parent", metadata: { plan: "gold", "a b": 'quote " x' } },
    actor,
  );
  parentId = parent.id;
  childIds = [];
  for (const role of ["director", "partner"]) {
    childIds.push((await createSession(db, tenant, { workflow_id: workflowId }, actor, { parent: { sessionId: parentId, role } })).id);
  }
  const [first, second] = await db.sessionStep.findMany({ where: { sessionId: parentId }, orderBy: { position: "asc" }, select: { id: true } });
  await db.sessionStep.update({ where: { id: first!.id }, data: { status: "submitted", attempts: 1 } });
  await db.sessionStep.update({ where: { id: second!.id }, data: { status: "submitted", method: "otp", attempts: 2 } });
  await db.session.update({
    where: { id: parentId },
    data: {
      status: "approved",
      decision: "approved",
      decisionSource: "auto",
      reasonCode: "ok",
      completedAt: new Date("2026-11-24T10:11:12.345Z"),
      nextReviewAt: new Date("2034-11-24T00:00:00.000Z"),
      riskLevel: "low",
      riskRules: [{ name: "r1", level: "low", explanation: "why" }],
      duplicates: [{ session_id: "ses_other", signals: ["pan"] }],
      applicant: { name: "Asha" },
    },
  });
});

/** The Session object from the stored rows: what the API showed before PostgreSQL built it. */
async function expectedSession(id: string) {
  const s = await db.session.findUniqueOrThrow({
    where: { id },
    include: {
      workflowVersion: { select: { version: true } },
      steps: { orderBy: { position: "asc" } },
      parent: { select: { id: true, status: true } },
      children: { select: { id: true, role: true, status: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
    },
  });
  return {
    id: s.id,
    object: "session",
    mode: s.mode,
    type: s.type,
    status: s.status,
    country: s.country,
    workflow_id: s.workflowId,
    workflow_version: s.workflowVersion.version,
    reference_id: s.referenceId,
    parent_session_id: s.parentSessionId,
    decision: s.decision,
    decision_source: s.decisionSource,
    reason_code: s.reasonCode,
    steps: Object.fromEntries(
      s.steps.map((st) => [st.name, { type: st.type, status: st.status, ...(st.method ? { method: st.method } : {}), attempts: st.attempts }]),
    ),
    metadata: s.metadata,
    locale: s.locale,
    expires_at: s.expiresAt.toISOString(),
    created_at: s.createdAt.toISOString(),
    completed_at: s.completedAt?.toISOString() ?? null,
    pii_erased_at: s.piiErasedAt?.toISOString() ?? null,
    duplicates: s.duplicates,
    risk_level: s.riskLevel,
    risk_rules: s.riskRules,
    next_review_at: s.nextReviewAt?.toISOString() ?? null,
    related_sessions: [
      ...(s.parent ? [{ id: s.parent.id, role: "parent", status: s.parent.status }] : []),
      ...s.children.map((c) => ({ id: c.id, role: c.role, status: c.status })),
    ],
  };
}

describe("the Session object built by PostgreSQL", () => {
  it("has every field of the stored rows, keys in the schema's order, method only when set", async () => {
    const s = await getSession(db, tenant, parentId);
    const expected = await expectedSession(parentId);
    expect(s).toStrictEqual(expected);
    expect(Object.keys(s)).toEqual(Object.keys(expected));
    expect(Object.keys(s.steps)).toEqual(Object.keys(expected.steps)); // workflow order
    expect(Object.values(s.steps).filter((st) => "method" in st)).toEqual([expect.objectContaining({ method: "otp", attempts: 2 })]);
    expect(s.completed_at).toBe("2026-11-24T10:11:12.345Z");
    expect(s.related_sessions.map((r) => r.role).sort()).toEqual(["director", "partner"]);
    expect(ZSession.strict().safeParse(s).success).toBe(true);
  });

  it("shows a child's parent first with role parent", async () => {
    const child = await getSession(db, tenant, childIds[0]!);
    expect(child).toStrictEqual(await expectedSession(childIds[0]!));
    expect(child.related_sessions).toEqual([{ id: parentId, role: "parent", status: "approved" }]);
    expect(child.parent_session_id).toBe(parentId);
  });

  it("sends the same object as compact JSON text to /v1", async () => {
    const json = await getSessionJson(db, tenant, parentId);
    expect(JSON.parse(json.text)).toStrictEqual(await getSession(db, tenant, parentId));
    expect(json.text.startsWith('{"id":"ses_')).toBe(true);
    expect(json.text).not.toMatch(/" : /);
  });

  it("adds applicant and business only when expanded, and checks after them", async () => {
    expect(await getSession(db, tenant, parentId)).not.toHaveProperty("applicant");
    const expanded = await getSession(db, tenant, parentId, ["applicant", "business", "checks"]);
    expect(expanded).toMatchObject({ applicant: { name: "Asha" }, business: null, checks: [] });
    expect(Object.keys(expanded).slice(-3)).toEqual(["applicant", "business", "checks"]);
    expect(JSON.parse((await getSessionJson(db, tenant, parentId, ["checks"])).text)).toStrictEqual(await getSession(db, tenant, parentId, ["checks"]));
  });

  it("builds each expand variant of its SQL once, holding no values (so reusing it can never carry one request's input to another)", () => {
    expect(sessionJsonSql()).toBe(sessionJsonSql([]));
    expect(sessionJsonSql(["checks"])).toBe(sessionJsonSql());
    expect(sessionJsonSql(["business", "applicant"])).toBe(sessionJsonSql(["applicant", "business", "checks"]));
    expect(sessionJsonSql(["applicant"])).not.toBe(sessionJsonSql());
    for (const expand of [[], ["applicant"], ["business"], ["applicant", "business"]] as const) expect(sessionJsonSql(expand).values).toEqual([]);
    expect(sessionJsonSql(["applicant"]).text).toContain(", s.applicant");
  });

  it("is 404 for another mode's or an unknown id", async () => {
    await expect(getSession(db, { ...tenant, mode: "live" } as never, parentId)).rejects.toMatchObject({ code: "resource_missing" });
    await expect(getSessionJson(db, tenant, "ses_missing")).rejects.toMatchObject({ code: "resource_missing" });
  });
});

describe("the sessions list built by PostgreSQL", () => {
  it("pages newest first with has_more and starting_after, each item the Session object", async () => {
    const all = await db.session.findMany({ where: tenant, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
    expect(all.length).toBe(3);
    const first = await listSessions(db, tenant, { limit: 2 });
    expect(ZSessionList.safeParse(first).success).toBe(true);
    expect(first.has_more).toBe(true);
    expect(first.data.map((s) => s.id)).toEqual(all.slice(0, 2).map((s) => s.id));
    for (const s of first.data) expect(s).toStrictEqual(await expectedSession(s.id));
    const second = await listSessions(db, tenant, { limit: 2, starting_after: first.data[1]!.id });
    expect(second).toEqual({ object: "list", data: [await expectedSession(all[2]!.id)], has_more: false });
    const text = (await listSessionsJson(db, tenant, { limit: 2 })).text;
    expect(JSON.parse(text)).toStrictEqual(first);
    expect(text.startsWith('{"object":"list","data":[{"id":')).toBe(true);
  });

  it("filters by status and reference id, and answers an empty page", async () => {
    expect((await listSessions(db, tenant, { limit: 10, status: "approved" })).data.map((s) => s.id)).toEqual([parentId]);
    expect((await listSessions(db, tenant, { limit: 10, reference_id: "ref-parent" })).data.map((s) => s.id)).toEqual([parentId]);
    expect(await listSessions(db, tenant, { limit: 10, reference_id: "nobody" })).toEqual({ object: "list", data: [], has_more: false });
    expect(await listSessions(db, { ...tenant, mode: "live" } as never, { limit: 10 })).toEqual({ object: "list", data: [], has_more: false });
  });

  it("refuses a cursor that is not a session of the tenant", async () => {
    await expect(listSessions(db, tenant, { limit: 2, starting_after: "ses_missing" })).rejects.toMatchObject({
      code: "resource_missing",
      param: "starting_after",
    });
  });
});
