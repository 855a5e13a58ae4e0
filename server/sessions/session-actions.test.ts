/**
 * Concurrent backend actions on one session (session-actions.ts): they queue on the session's
 * row, so 10 client_token calls at once leave exactly one working token, and 10 erasures at once
 * erase (and cancel an active session) once, with one `session.pii_erased` event, every call
 * answering like the idempotent repeat it is. On this file's PGlite the calls run one after the
 * other; with TEST_POSTGRES_URL they race on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import type { SessionStatus } from "../generated/prisma/enums";
import { seedDemo } from "../seed/seed-demo";
import { authenticateClientToken } from "./client-tokens";
import { createSession } from "./create-session";
import { eraseSessionPii, reissueClientToken } from "./session-actions";
import { racingDatabases } from "~/tests/fixtures/postgres-db";

const actor = { type: "api_key" as const, id: "key_test" };
const AT_ONCE = 10;

describe.each(racingDatabases("session_actions"))("concurrent session actions on %s", (_name, open) => {
  let db: Db;
  let close: () => Promise<void>;
  let tenant: { projectId: string; mode: "test" };
  let workflowId: string;

  beforeAll(async () => {
    ({ db, close } = await open());
    const seed = await seedDemo(db);
    tenant = { projectId: seed.projectId, mode: "test" };
    workflowId = seed.workflows.kyc;
  });
  afterAll(() => close());

  async function newSession(status?: SessionStatus): Promise<string> {
    const { id } = await createSession(db, tenant, { workflow_id: workflowId, prefill: { email: "asha@example.com" } }, actor);
    if (status) await db.session.update({ where: { id }, data: { status, decision: "approved", decisionSource: "manual", completedAt: new Date() } });
    return id;
  }

  const count = (sessionId: string, type: string) => db.event.count({ where: { type, payload: { path: ["data", "session", "id"], equals: sessionId } } });

  it(`${AT_ONCE} client_token calls at once: each answers, exactly one token works`, async () => {
    const id = await newSession();
    const issued = await Promise.all(Array.from({ length: AT_ONCE }, () => reissueClientToken(db, tenant, id, actor)));
    expect(new Set(issued.map((t) => t.client_token)).size).toBe(AT_ONCE);
    expect(await db.clientToken.count({ where: { sessionId: id, revokedAt: null } })).toBe(1);
    const working = await Promise.allSettled(issued.map((t) => authenticateClientToken(db, id, t.client_token)));
    expect(working.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it(`${AT_ONCE} erasures of an approved session at once: all succeed, one erases and emits`, async () => {
    const id = await newSession("approved");
    const results = await Promise.allSettled(Array.from({ length: AT_ONCE }, () => eraseSessionPii(db, tenant, id, actor)));
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: AT_ONCE }, () => "fulfilled"));
    expect(await count(id, "session.pii_erased")).toBe(1);
    expect(await db.auditLog.count({ where: { objectId: id, action: "session.pii_erased" } })).toBe(1);
    expect(await db.session.findUniqueOrThrow({ where: { id }, select: { status: true, prefill: true } })).toEqual({ status: "approved", prefill: null });
  });

  it(`${AT_ONCE} erasures of an active session at once: cancelled and erased once, no conflict`, async () => {
    const id = await newSession();
    const results = await Promise.allSettled(Array.from({ length: AT_ONCE }, () => eraseSessionPii(db, tenant, id, actor)));
    expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect(await count(id, "session.cancelled")).toBe(1);
    expect(await count(id, "session.pii_erased")).toBe(1);
    expect((await db.session.findUniqueOrThrow({ where: { id }, select: { status: true } })).status).toBe("cancelled");
  });
});
