import { beforeAll, describe, expect, it } from "vitest";
import { demoDb } from "~/tests/fixtures/demo-db";
import { domainError } from "~/tests/fixtures/domain-error";
import type { Db } from "../../db";
import type { Tenant } from "../../tenant";
import { completeIdempotencyKey, IDEMPOTENCY_LEASE_MS, type IdempotencyScope } from "../idempotency";
import { claimOrReplay, idempotencyScope } from "./idempotency-key";
import { openExchange } from "./request-id";

let db: Db;
let tenant: Tenant;

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  tenant = { projectId: demo.seed.projectId, mode: "test" };
});

const post = (key?: string) =>
  new Request("http://localhost/v1/sessions?x=1", { method: "POST", headers: key === undefined ? {} : { "Idempotency-Key": key } });
const scopeOf = (key: string): IdempotencyScope => ({ ...tenant, method: "POST", path: "/v1/sessions", key });

describe("idempotencyScope", () => {
  it("scopes a POST's key to the tenant, method and path (no query)", () => {
    expect(idempotencyScope(post("k1"), "POST", { ...tenant, extra: 1 } as Tenant)).toEqual(scopeOf("k1"));
  });

  it("is null without the header, and for other methods", () => {
    expect(idempotencyScope(post(), "POST", tenant)).toBeNull();
    expect(idempotencyScope(new Request("http://localhost/v1/sessions", { headers: { "Idempotency-Key": "k" } }), "GET", tenant)).toBeNull();
  });
});

describe("claimOrReplay", () => {
  it("claims a new key for the request, then answers in use, reused, and replays once completed", async () => {
    const scope = scopeOf(`claim-${Math.random()}`);
    const first = openExchange(post());
    expect(await claimOrReplay(first, db, scope, '{"a":1}')).toBeNull();
    expect(first.claim).toMatchObject({ recordId: expect.stringMatching(/^idem_/) });

    const second = openExchange(post());
    expect(await domainError(claimOrReplay(second, db, scope, '{"a":1}'))).toMatchObject({
      code: "idempotency_key_in_use",
      status: 409,
      param: "Idempotency-Key",
    });
    expect(await domainError(claimOrReplay(second, db, scope, '{"a":2}'))).toMatchObject({ code: "idempotency_key_reused", status: 400 });
    expect(second.claim).toBeNull();

    const stored = { status: 201, headers: { "Content-Type": "application/json", "Request-Id": first.requestId }, body: '{"id":"ses_1"}' };
    await completeIdempotencyKey(db, first.claim!.recordId, stored);
    expect(await claimOrReplay(second, db, scope, '{"a":1}')).toEqual(stored);
    expect(second.claim).toBeNull();
  });

  it("replays a body stored in clear before bodies were encrypted as it is", async () => {
    const scope = scopeOf(`clear-${Math.random()}`);
    const first = openExchange(post());
    await claimOrReplay(first, db, scope, "{}");
    await db.idempotencyRecord.update({
      where: { id: first.claim!.recordId },
      data: { responseStatus: 201, responseHeaders: {}, responseBody: '{"id":"ses_1"}', completedAt: new Date() },
    });
    expect(await claimOrReplay(openExchange(post()), db, scope, "{}")).toEqual({ status: 201, headers: {}, body: '{"id":"ses_1"}' });
  });

  it("takes over an expired record", async () => {
    const scope = scopeOf(`expired-${Math.random()}`);
    const first = openExchange(post());
    await claimOrReplay(first, db, scope, "{}");
    await db.idempotencyRecord.update({ where: { id: first.claim!.recordId }, data: { expiresAt: new Date(Date.now() - 1) } });
    const retry = openExchange(post());
    expect(await claimOrReplay(retry, db, scope, "{}")).toBeNull();
    expect(retry.claim!.recordId).not.toBe(first.claim!.recordId);
  });

  it("takes over a key whose request stopped renewing its lease (its process died), and fences the old holder out", async () => {
    const scope = scopeOf(`lease-${Math.random()}`);
    const dead = openExchange(post());
    await claimOrReplay(dead, db, scope, "{}");
    dead.claim!.stopLease(); // the process died: no more renewals
    await expect(claimOrReplay(openExchange(post()), db, scope, "{}")).rejects.toMatchObject({ code: "idempotency_key_in_use" });

    await db.idempotencyRecord.update({ where: { id: dead.claim!.recordId }, data: { lockedUntil: new Date(Date.now() - 1) } });
    const retry = openExchange(post());
    expect(await claimOrReplay(retry, db, scope, "{}")).toBeNull();
    expect(retry.claim!.recordId).not.toBe(dead.claim!.recordId);
    retry.claim!.stopLease();

    // the old holder, had it only stalled, can no longer store its answer over the new one
    const late = { status: 201, headers: {}, body: '{"run":1}' };
    expect(await completeIdempotencyKey(db, dead.claim!.recordId, late)).toBe(false);
    const answer = { status: 201, headers: {}, body: '{"run":2}' };
    expect(await completeIdempotencyKey(db, retry.claim!.recordId, answer)).toBe(true);
    expect(await claimOrReplay(openExchange(post()), db, scope, "{}")).toEqual(answer);
  });

  it("takes over an in-flight record from before leases once it is a lease old", async () => {
    const scope = scopeOf(`legacy-${Math.random()}`);
    const old = openExchange(post());
    await claimOrReplay(old, db, scope, "{}");
    old.claim!.stopLease();
    await db.idempotencyRecord.update({ where: { id: old.claim!.recordId }, data: { lockedUntil: null } });
    await expect(claimOrReplay(openExchange(post()), db, scope, "{}")).rejects.toMatchObject({ code: "idempotency_key_in_use" });
    await db.idempotencyRecord.update({ where: { id: old.claim!.recordId }, data: { createdAt: new Date(Date.now() - IDEMPOTENCY_LEASE_MS - 1) } });
    expect(await claimOrReplay(openExchange(post()), db, scope, "{}")).toBeNull();
  });

  it("renews the lease while the request runs, so a slow request keeps its key", async () => {
    const scope = scopeOf(`renew-${Math.random()}`);
    const slow = openExchange(post());
    await claimOrReplay(slow, db, scope, "{}", 50);
    await db.idempotencyRecord.update({ where: { id: slow.claim!.recordId }, data: { lockedUntil: new Date(Date.now() - 1) } });
    await new Promise((r) => setTimeout(r, 300));
    const row = await db.idempotencyRecord.findUniqueOrThrow({ where: { id: slow.claim!.recordId }, select: { lockedUntil: true } });
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + IDEMPOTENCY_LEASE_MS / 2);
    await expect(claimOrReplay(openExchange(post()), db, scope, "{}")).rejects.toMatchObject({ code: "idempotency_key_in_use" });
    slow.claim!.stopLease();
  });

  it("refuses an empty key and one over 255 characters on param Idempotency-Key", async () => {
    for (const key of ["", "k".repeat(256)]) {
      expect(await domainError(claimOrReplay(openExchange(post()), db, scopeOf(key), "{}"))).toMatchObject({
        code: "parameter_invalid",
        param: "Idempotency-Key",
      });
    }
    expect(await claimOrReplay(openExchange(post()), db, scopeOf("k".repeat(255)), "{}")).toBeNull();
  });
});
