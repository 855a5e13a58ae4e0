/**
 * withApi composes the steps of server/http/pipeline/ (each tested beside it) in the order of
 * STYLE.md 3; these tests pin that order and the idempotency paths through a real route.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { demoDb } from "~/tests/fixtures/demo-db";
import { createApiKey } from "../api-keys/create-api-key";
import type { Db } from "../db";
import { DomainError } from "../errors";
import { IdempotencyKeyTaken } from "../idempotency-claim";
import { sql } from "../sql";
import { withApi } from "./with-api";

let db: Db;
let auth: string;

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  auth = `Bearer ${(await createApiKey(db, { projectId: demo.seed.projectId, mode: "live" })).secret}`;
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterAll(() => {
  vi.restoreAllMocks();
});

const call = (route: ReturnType<typeof withApi>, body: string, headers: Record<string, string> = {}) =>
  route(new Request("http://localhost/v1/things", { method: "POST", headers: { "content-type": "application/json", authorization: auth, ...headers }, body }), {
    params: Promise.resolve({}),
  });

const thing = {
  operationId: "createThing",
  method: "POST" as const,
  path: "/v1/things",
  summary: "thing",
  body: z.strictObject({ n: z.number().int().min(0) }),
  responses: { 201: z.object({ n: z.number(), run: z.number() }) },
};

describe("withApi order", () => {
  const route = withApi(thing, async ({ body }) => ({ n: body.n, run: 1 }));

  it("checks Service-Version before the key, and the key before the body", async () => {
    const version = await call(route, "{not json", { "service-version": "1999-01-01", authorization: "" });
    expect(version.status).toBe(400);
    expect((await version.json()).error.code).toBe("api_version_invalid");
    const key = await call(route, "{not json", { authorization: "" });
    expect((await key.json()).error.code).toBe("authentication_required");
    const json = await call(route, "{not json");
    expect((await json.json()).error.code).toBe("body_invalid_json");
  });

  it("answers every response with Request-Id, Service-Version and the rate-limit headers", async () => {
    const res = await call(route, '{"n":1}');
    expect(res.status).toBe(201);
    expect(res.headers.get("request-id")).toMatch(/^req_/);
    expect(res.headers.get("service-version")).toBe("2026-10-01");
    expect(res.headers.get("ratelimit-limit")).toBe("100");
    const invalid = await call(route, '{"n":-1}');
    expect((await invalid.json()).error).toMatchObject({ code: "parameter_invalid", param: "n", request_id: invalid.headers.get("request-id") });
  });

  it("answers a handler crash with a 500 that carries only the request id", async () => {
    const res = await call(
      withApi(thing, async () => {
        throw new Error("secret detail");
      }),
      '{"n":1}',
    );
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secret detail");
    expect(JSON.parse(text).error).toMatchObject({ type: "api_error", code: "internal_error", request_id: res.headers.get("request-id") });
  });
});

describe("withApi idempotency (claimed first)", () => {
  let runs = 0;
  let fail: Error | null = null;
  const route = withApi(thing, async ({ body }) => {
    runs++;
    if (fail) throw fail;
    return { n: body.n, run: runs };
  });

  it("runs once and replays the first response byte for byte", async () => {
    const key = { "idempotency-key": `first-${Math.random()}` };
    const first = await call(route, '{"n":1}', key);
    const again = await call(route, '{"n":1}', key);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("request-id")).not.toBe(first.headers.get("request-id"));
    expect(await again.text()).toBe(await first.text());
    expect(runs).toBe(1);
    expect((await (await call(route, '{"n":2}', key)).json()).error.code).toBe("idempotency_key_reused");
  });

  it("stores a DomainError the handler answered; releases the key after invalid input and after a 500", async () => {
    const stored = { "idempotency-key": `domain-${Math.random()}` };
    fail = new DomainError("resource_missing", "No such thing");
    expect((await call(route, '{"n":1}', stored)).status).toBe(404);
    fail = null;
    const replay = await call(route, '{"n":1}', stored);
    expect([replay.status, replay.headers.get("idempotent-replayed")]).toEqual([404, "true"]);

    const released = { "idempotency-key": `released-${Math.random()}` };
    expect((await call(route, '{"n":-1}', released)).status).toBe(400);
    fail = new Error("crash");
    expect((await call(route, '{"n":1}', released)).status).toBe(500); // another body is fine: nothing was stored
    fail = null;
    const retried = await call(route, '{"n":1}', released);
    expect([retried.status, retried.headers.get("idempotent-replayed")]).toEqual([201, null]);
  });
});

describe("withApi idempotency (claimed by the handler's own statement)", () => {
  const atomic = { ...thing, atomicIdempotency: true };
  let runs = 0;
  const route = withApi(atomic, async ({ body, ctx }) => {
    runs++;
    const result = { n: body.n, run: runs };
    if (!ctx.idempotency) return result;
    const [row] = await ctx.db.$queryRaw<
      { claimed: number }[]
    >`WITH c AS (${ctx.idempotency.claimSql(result, sql`TRUE`)}) SELECT count(*)::int AS claimed FROM c`;
    if (!row!.claimed) throw new IdempotencyKeyTaken();
    return result;
  });

  it("stores the handler's result in its statement and replays it", async () => {
    const key = { "idempotency-key": `atomic-${Math.random()}` };
    const first = await call(route, '{"n":1}', key);
    expect(first.status).toBe(201);
    const again = await call(route, '{"n":1}', key);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(await first.text());
    expect((await (await call(route, '{"n":2}', key)).json()).error.code).toBe("idempotency_key_reused");
    const [row] = await db.idempotencyRecord.findMany({ where: { key: key["idempotency-key"] }, select: { responseBody: true } });
    expect(row!.responseBody).toMatch(/^enc1\./);
  });

  it("refuses a key over 255 characters before the handler runs", async () => {
    const before = runs;
    const res = await call(route, '{"n":1}', { "idempotency-key": "k".repeat(256) });
    expect((await res.json()).error).toMatchObject({ code: "parameter_invalid", param: "Idempotency-Key" });
    expect(runs).toBe(before);
  });
});
