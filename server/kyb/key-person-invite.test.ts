/**
 * A key person's invitation link (server/kyb/key-person-invite.ts): the same durable link from
 * every "show link", usable again (each visit a fresh client token, the earlier one revoked),
 * refused with the flow's reason once the child session is no longer active, and never opened
 * by a forged token or another session's. "Email again" is limited per key person.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { demoDb } from "../../tests/fixtures/demo-db";
import type { Db } from "../db";
import { authenticateFlow } from "../flow/flow-session";
import { createSession } from "../sessions/create-session";
import { keyPersonInviteRequested } from "../events/internal-events";
import { issueKeyPersonLink, resendKeyPersonInvite } from "./key-people";
import { INVITE_RESEND_LIMITS, inspectKeyPersonInvite, keyPersonInviteToken, redeemKeyPersonInvite } from "./key-person-invite";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let workflows: { kyc: string; kyb: string };
const API = { type: "api_key" as const, id: "key_test" };

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  tenant = { projectId: demo.seed.projectId, mode: "test" };
  workflows = demo.seed.workflows;
});

/** A KYB session with one director's child session; returns both ids and the invite token. */
async function businessWithDirector(locale: "en" | "hi" = "en") {
  const parent = await createSession(db, tenant, { workflow_id: workflows.kyb }, API);
  const child = await db.$transaction((tx) =>
    createSession(tx, tenant, { workflow_id: workflows.kyc, locale, prefill: { full_name: "Asha Verma", email: "asha@example.com" } }, API, {
      parent: { sessionId: parent.id, role: "director" },
    }),
  );
  const { url } = await issueKeyPersonLink(db, parent.id, child.id, { type: "applicant", id: parent.id });
  return { parentId: parent.id, childId: child.id, url, k: new URL(url).searchParams.get("k")! };
}

const tokenOf = (url: string) => url.split("#t=")[1]!;
const flowCtx = (sessionId: string, token: string) => ({ sessionId, token });
const tokenRows = (sessionId: string) => db.clientToken.count({ where: { sessionId } });

async function redeemed(childId: string, k: string): Promise<string> {
  const r = await redeemKeyPersonInvite(db, childId, k, "203.0.113.9");
  if (!("url" in r)) throw new Error(`refused: ${r.problem.reason}`);
  return r.url;
}

describe("a key person's invitation link", () => {
  it("is the same link every time it is shown, carries no client token, and only as the invite route's query", async () => {
    const { parentId, childId, url } = await businessWithDirector();
    expect(url).toMatch(new RegExp(`/flow/${childId}/invite\\?k=ki_[0-9a-f]{64}$`));
    expect(url).not.toContain("#t=");
    expect((await issueKeyPersonLink(db, parentId, childId, { type: "applicant", id: parentId })).url).toBe(url);
    // the invite token is not a client token: the flow's procedures refuse it
    await expect(authenticateFlow(db, flowCtx(childId, keyPersonInviteToken(childId)))).rejects.toMatchObject({ code: "client_token_invalid" });
  });

  it("opens the flow on every visit; each visit's client token revokes the previous visit's", async () => {
    const { childId, k } = await businessWithDirector();
    const first = await redeemed(childId, k);
    expect(first).toMatch(new RegExp(`/flow/${childId}#t=st_`));
    await expect(authenticateFlow(db, flowCtx(childId, tokenOf(first)))).resolves.toBeUndefined();

    const second = await redeemed(childId, k); // the next day, say: the link still works
    expect(tokenOf(second)).not.toBe(tokenOf(first));
    await expect(authenticateFlow(db, flowCtx(childId, tokenOf(second)))).resolves.toBeUndefined();
    await expect(authenticateFlow(db, flowCtx(childId, tokenOf(first)))).rejects.toMatchObject({
      code: "client_token_invalid",
      details: { reason: "token_replaced" },
    });

    const audit = await db.auditLog.findMany({
      where: { objectId: childId, action: "session.client_token_issued" },
      select: { actorType: true, ip: true, data: true },
    });
    expect(audit).toEqual([
      { actorType: "applicant", ip: "203.0.113.9", data: { via: "key_person_invite" } },
      { actorType: "applicant", ip: "203.0.113.9", data: { via: "key_person_invite" } },
    ]);
  });

  it("is refused, with nothing issued, once the child session has expired", async () => {
    const { childId, k } = await businessWithDirector("hi");
    await db.session.update({ where: { id: childId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const before = await tokenRows(childId);
    expect(await redeemKeyPersonInvite(db, childId, k, null)).toEqual({
      problem: { reason: "session_expired", org: "Demo Fintech", locale: "hi", testMode: true },
    });
    expect(await tokenRows(childId)).toBe(before);
    expect((await db.session.findUniqueOrThrow({ where: { id: childId }, select: { status: true } })).status).toBe("expired");
  });

  it("is refused once the child session is cancelled or finished", async () => {
    const cancelled = await businessWithDirector();
    await db.session.update({ where: { id: cancelled.childId }, data: { status: "cancelled" } });
    expect(await inspectKeyPersonInvite(db, cancelled.childId, cancelled.k)).toMatchObject({ reason: "session_cancelled", org: "Demo Fintech" });

    const done = await businessWithDirector();
    await redeemed(done.childId, done.k);
    await db.session.update({ where: { id: done.childId }, data: { status: "review" } });
    expect(await redeemKeyPersonInvite(db, done.childId, done.k, null)).toEqual({
      problem: { reason: "session_finished", org: "Demo Fintech", locale: "en", testMode: true },
    });
    // the applicant cannot show a link of a session that needs none
    await expect(issueKeyPersonLink(db, done.parentId, done.childId, { type: "applicant", id: done.parentId })).rejects.toMatchObject({
      code: "session_not_resumable",
    });
  });

  it("does not open with a forged token or another session's, and then says nothing about the session", async () => {
    const a = await businessWithDirector();
    const b = await businessWithDirector();
    const invalid = { problem: { reason: "invalid", org: null, locale: null, testMode: false } };
    expect(await redeemKeyPersonInvite(db, a.childId, b.k, null)).toEqual(invalid);
    expect(await redeemKeyPersonInvite(db, a.childId, `${a.k.slice(0, -1)}${a.k.endsWith("0") ? "1" : "0"}`, null)).toEqual(invalid);
    expect(await redeemKeyPersonInvite(db, a.childId, "", null)).toEqual(invalid);
    expect(await redeemKeyPersonInvite(db, "ses_unknown", keyPersonInviteToken("ses_unknown"), null)).toEqual(invalid);
  });
});

describe("emailing a key person again", () => {
  const queued = (childId: string) =>
    db.outboxMessage.count({ where: { name: keyPersonInviteRequested.name, data: { path: ["sessionId"], equals: childId } } });
  /** Moves the resends recorded so far `ms` into the past. */
  const age = async (childId: string, ms: number) => {
    for (const r of await db.auditLog.findMany({ where: { objectId: childId, action: "session.key_person_invite_resent" } }))
      await db.auditLog.update({ where: { id: r.id }, data: { createdAt: new Date(r.createdAt.getTime() - ms) } });
  };

  it("allows one a minute and five a day per key person, concurrent ones included", async () => {
    const { parentId, childId } = await businessWithDirector();
    const before = await queued(childId);
    const burst = await Promise.allSettled(Array.from({ length: 3 }, () => resendKeyPersonInvite(db, parentId, childId)));
    expect(burst.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = burst.find((r): r is PromiseRejectedResult => r.status === "rejected")!.reason as {
      code: string;
      status: number;
      details: { retry_after: number };
    };
    expect(refused).toMatchObject({ code: "invite_resend_too_soon", status: 429 });
    expect(refused.details.retry_after).toBeGreaterThan(55);
    expect(refused.details.retry_after).toBeLessThanOrEqual(60);
    expect(await queued(childId)).toBe(before + 1);

    for (let i = 1; i < INVITE_RESEND_LIMITS.perDay; i++) {
      await age(childId, INVITE_RESEND_LIMITS.intervalMs);
      await resendKeyPersonInvite(db, parentId, childId);
    }
    await age(childId, INVITE_RESEND_LIMITS.intervalMs);
    await expect(resendKeyPersonInvite(db, parentId, childId)).rejects.toMatchObject({ code: "invite_resend_too_soon" });
    expect(await queued(childId)).toBe(before + INVITE_RESEND_LIMITS.perDay);
    await age(childId, 24 * 3600 * 1000);
    await expect(resendKeyPersonInvite(db, parentId, childId)).resolves.toEqual({ queued: true });
  });
});
