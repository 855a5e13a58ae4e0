/**
 * A key person's invitation link (server/kyb/key-person-invite.ts): the same durable link from
 * every "show link", with its secret in the fragment; usable again, but never taking over a
 * device silently (an open flow elsewhere is `in_use` until the person says "continue here");
 * withdrawn and replaced by the business or a reviewer (audited, the old link dead, the device
 * in the flow sent out); refused with the flow's reason once the child session is no longer
 * active, and never opened by a forged token or another session's. "Email again" is limited
 * per key person.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { demoDb } from "../../tests/fixtures/demo-db";
import type { Db } from "../db";
import { authenticateFlow } from "../flow/flow-session";
import { createSession } from "../sessions/create-session";
import { revokeClientTokens } from "../sessions/client-tokens";
import { keyPersonInviteRequested } from "../events/internal-events";
import { changeKeyPersonInviteIn, issueKeyPersonLink, keyPeopleStatuses, resendKeyPersonInvite } from "./key-people";
import { INVITE_RESEND_LIMITS, keyPersonInviteToken, openKeyPersonInvite } from "./key-person-invite";
import { sendKeyPersonInvite } from "./send-key-person-invite";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let workflows: { kyc: string; kyb: string };
const API = { type: "api_key" as const, id: "key_test" };
const REVIEWER = { type: "user" as const, id: "usr_reviewer", ip: "198.51.100.7" };

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  tenant = { projectId: demo.seed.projectId, mode: "test" };
  workflows = demo.seed.workflows;
});

/** A KYB session with one director's child session (as syncKeyPeople makes it: no live client token); returns both ids and the invite token. */
async function businessWithDirector(locale: "en" | "hi" = "en") {
  const parent = await createSession(db, tenant, { workflow_id: workflows.kyb }, API);
  const child = await db.$transaction(async (tx) => {
    const created = await createSession(
      tx,
      tenant,
      { workflow_id: workflows.kyc, locale, prefill: { full_name: "Asha Verma", email: "asha@example.com" } },
      API,
      {
        parent: { sessionId: parent.id, role: "director" },
      },
    );
    await revokeClientTokens(tx, created.id);
    return created;
  });
  const { url } = await issueKeyPersonLink(db, parent.id, child.id, { type: "applicant", id: parent.id });
  return { parentId: parent.id, childId: child.id, url, k: kOf(url) };
}

const kOf = (url: string) => new URLSearchParams(new URL(url).hash.slice(1)).get("k")!;
const tokenOf = (url: string) => url.split("#t=")[1]!;
const flowCtx = (sessionId: string, token: string) => ({ sessionId, token });
const tokenRows = (sessionId: string) => db.clientToken.count({ where: { sessionId } });
const INVALID = { outcome: "problem", problem: { reason: "invalid", org: null, locale: null, testMode: false } };

async function opened(childId: string, k: string, takeOver = false): Promise<string> {
  const r = await openKeyPersonInvite(db, childId, k, "203.0.113.9", { takeOver });
  if (r.outcome !== "opened") throw new Error(`not opened: ${JSON.stringify(r)}`);
  return r.url;
}

describe("a key person's invitation link", () => {
  it("is the same link every time it is shown, with its secret in the fragment only, and carries no client token", async () => {
    const { parentId, childId, url } = await businessWithDirector();
    expect(url).toMatch(new RegExp(`/flow/${childId}/invite#k=ki_[0-9a-f]{64}$`));
    expect(new URL(url).search).toBe("");
    expect(url).not.toContain("#t=");
    expect((await issueKeyPersonLink(db, parentId, childId, { type: "applicant", id: parentId })).url).toBe(url);
    // the invite token is not a client token: the flow's procedures refuse it
    await expect(authenticateFlow(db, flowCtx(childId, keyPersonInviteToken(childId, 0)))).rejects.toMatchObject({ code: "client_token_invalid" });
  });

  it("opens the flow; while it is open there, another visit asks before taking it over", async () => {
    const { childId, k } = await businessWithDirector();
    const first = await opened(childId, k);
    expect(first).toMatch(new RegExp(`/flow/${childId}#t=st_`));
    await expect(authenticateFlow(db, flowCtx(childId, tokenOf(first)))).resolves.toEqual({ active: true });

    // a second device: nothing issued, the first device keeps working
    const rows = await tokenRows(childId);
    expect(await openKeyPersonInvite(db, childId, k, null)).toEqual({ outcome: "in_use", org: "Demo Fintech", locale: "en", testMode: true });
    expect(await tokenRows(childId)).toBe(rows);
    await expect(authenticateFlow(db, flowCtx(childId, tokenOf(first)))).resolves.toEqual({ active: true });

    // "continue here": a fresh token, the first device's revoked
    const second = await opened(childId, k, true);
    expect(tokenOf(second)).not.toBe(tokenOf(first));
    await expect(authenticateFlow(db, flowCtx(childId, tokenOf(second)))).resolves.toEqual({ active: true });
    await expect(authenticateFlow(db, flowCtx(childId, tokenOf(first)))).rejects.toMatchObject({
      code: "client_token_invalid",
      details: { reason: "token_replaced" },
    });

    const audit = await db.auditLog.findMany({
      where: { objectId: childId, action: "session.client_token_issued" },
      select: { actorType: true, ip: true, data: true },
      orderBy: { createdAt: "asc" },
    });
    expect(audit).toEqual([
      { actorType: "applicant", ip: "203.0.113.9", data: { via: "key_person_invite", took_over: false } },
      { actorType: "applicant", ip: "203.0.113.9", data: { via: "key_person_invite", took_over: true } },
    ]);
  });

  it("opens without asking once the earlier device's token has lapsed", async () => {
    const { childId, k } = await businessWithDirector();
    await opened(childId, k);
    await db.clientToken.updateMany({ where: { sessionId: childId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(opened(childId, k)).resolves.toMatch(/#t=st_/);
  });

  it("is refused, with nothing issued, once the child session has expired", async () => {
    const { childId, k } = await businessWithDirector("hi");
    await db.session.update({ where: { id: childId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const before = await tokenRows(childId);
    expect(await openKeyPersonInvite(db, childId, k, null)).toEqual({
      outcome: "problem",
      problem: { reason: "session_expired", org: "Demo Fintech", locale: "hi", testMode: true },
    });
    expect(await tokenRows(childId)).toBe(before);
  });

  it("is refused once the child session is cancelled or finished", async () => {
    const cancelled = await businessWithDirector();
    await db.session.update({ where: { id: cancelled.childId }, data: { status: "cancelled" } });
    expect(await openKeyPersonInvite(db, cancelled.childId, cancelled.k, null)).toMatchObject({
      problem: { reason: "session_cancelled", org: "Demo Fintech" },
    });

    const done = await businessWithDirector();
    await opened(done.childId, done.k);
    await db.session.update({ where: { id: done.childId }, data: { status: "review" } });
    expect(await openKeyPersonInvite(db, done.childId, done.k, null)).toEqual({
      outcome: "problem",
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
    expect(await openKeyPersonInvite(db, a.childId, b.k, null)).toEqual(INVALID);
    expect(await openKeyPersonInvite(db, a.childId, `${a.k.slice(0, -1)}${a.k.endsWith("0") ? "1" : "0"}`, null)).toEqual(INVALID);
    expect(await openKeyPersonInvite(db, a.childId, "", null)).toEqual(INVALID);
    expect(await openKeyPersonInvite(db, "ses_\u0000", a.k, null)).toEqual(INVALID);
    expect(await openKeyPersonInvite(db, "ses_unknown", keyPersonInviteToken("ses_unknown", 0), null)).toEqual(INVALID);
  });
});

describe("withdrawing and replacing an invitation", () => {
  it("a rotation by the business kills the old link and the device using it, and gives a new link", async () => {
    const { parentId, childId, k, url } = await businessWithDirector();
    const inFlow = await opened(childId, k);
    const { url: next } = await changeKeyPersonInviteIn(db, { parentId }, childId, "rotate", { type: "applicant", id: parentId, ip: "203.0.113.1" });
    expect(next).toMatch(new RegExp(`/flow/${childId}/invite#k=ki_[0-9a-f]{64}$`));
    expect(next).not.toBe(url);
    expect(await openKeyPersonInvite(db, childId, k, null)).toEqual(INVALID);
    await expect(authenticateFlow(db, flowCtx(childId, tokenOf(inFlow)))).rejects.toMatchObject({ code: "client_token_invalid" });
    // the new link opens at once: nobody holds the session any more
    await expect(opened(childId, kOf(next!))).resolves.toMatch(/#t=st_/);
    expect((await issueKeyPersonLink(db, parentId, childId, { type: "applicant", id: parentId })).url).toBe(next);
    expect(
      await db.auditLog.findMany({
        where: { objectId: childId, action: "session.key_person_invite_rotated" },
        select: { actorType: true, actorId: true, ip: true },
      }),
    ).toEqual([{ actorType: "applicant", actorId: parentId, ip: "203.0.113.1" }]);
  });

  it("a revocation by a reviewer withdraws every link until a new one is made; no email goes out meanwhile", async () => {
    const { parentId, childId, k } = await businessWithDirector();
    const inFlow = await opened(childId, k);
    expect(await changeKeyPersonInviteIn(db, { tenant }, childId, "revoke", REVIEWER)).toEqual({ url: null });
    expect(await openKeyPersonInvite(db, childId, k, null)).toEqual(INVALID);
    await expect(authenticateFlow(db, flowCtx(childId, tokenOf(inFlow)))).rejects.toMatchObject({ code: "client_token_invalid" });
    await expect(issueKeyPersonLink(db, parentId, childId, { type: "applicant", id: parentId })).rejects.toMatchObject({ code: "invite_revoked" });
    await expect(resendKeyPersonInvite(db, parentId, childId)).rejects.toMatchObject({ code: "invite_revoked" });
    expect(await sendKeyPersonInvite(db, childId)).toEqual({ sent: false, reason: "invite_revoked" });
    const steps = [{ type: "key_people", data: { people: [{ name: "Asha Verma", role: "director", email: "asha@example.com", session_id: childId }] } }];
    expect((await keyPeopleStatuses(db, parentId, steps))[0]).toMatchObject({ session_id: childId, invite_revoked: true });
    expect(
      await db.auditLog.findMany({
        where: { objectId: childId, action: "session.key_person_invite_revoked" },
        select: { actorType: true, actorId: true, ip: true },
      }),
    ).toEqual([{ actorType: "user", actorId: "usr_reviewer", ip: "198.51.100.7" }]);

    const { url } = await changeKeyPersonInviteIn(db, { tenant }, childId, "rotate", REVIEWER);
    await expect(opened(childId, kOf(url!))).resolves.toMatch(/#t=st_/);
    expect((await keyPeopleStatuses(db, parentId, steps))[0]).toMatchObject({ invite_revoked: false });
  });

  it("is refused for a session that is not a key person's of the caller", async () => {
    const a = await businessWithDirector();
    const b = await businessWithDirector();
    await expect(changeKeyPersonInviteIn(db, { parentId: a.parentId }, b.childId, "revoke", { type: "applicant", id: a.parentId })).rejects.toMatchObject({
      code: "resource_missing",
    });
    await expect(changeKeyPersonInviteIn(db, { tenant: { ...tenant, mode: "live" } }, a.childId, "revoke", REVIEWER)).rejects.toMatchObject({
      code: "resource_missing",
    });
    await expect(changeKeyPersonInviteIn(db, { tenant }, a.parentId, "revoke", REVIEWER)).rejects.toMatchObject({ code: "resource_missing" });
    await db.session.update({ where: { id: a.childId }, data: { status: "approved" } });
    await expect(changeKeyPersonInviteIn(db, { tenant }, a.childId, "rotate", REVIEWER)).rejects.toMatchObject({ code: "session_not_resumable" });
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
