/**
 * Token-bucket arithmetic of both stores (server/http/rate-limit.ts) on a fake clock, the
 * headers, and where `withApi` counts (after authentication, before the body). The memory
 * store runs on `limiter`'s clock (`performance.now`, faked); the PostgreSQL store gets its
 * clock injected and runs on this file's PGlite and, with TEST_POSTGRES_URL, on a real
 * PostgreSQL with parallel requests.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createApiKey } from "../api-keys/create-api-key";
import { getDb, getSql, pgSqlConnection, type Db } from "../db";
import { applyMigrations } from "../db/migrate";
import { PrismaClient } from "../generated/prisma/client";
import { seedDemo } from "../seed/seed-demo";
import { MemoryRateLimitStore, PostgresRateLimitStore, type RateLimitStore, rateLimitHeaders, toDecision } from "./rate-limit";
import { withApi } from "./with-api";

let db: Db;

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The same scenario for both stores; `advance(ms)` moves the store's clock. */
async function bucketScenario(store: RateLimitStore, key: string, advance: (ms: number) => void) {
  // A burst of the capacity passes: 25 tokens, counting down.
  for (let i = 1; i <= 25; i++) {
    const d = await store.take(key, 25);
    expect(d).toMatchObject({ allowed: true, limit: 25, remaining: 25 - i });
  }
  // The next one fails: one token refills in 1000 / 25 = 40 ms.
  const refused = await store.take(key, 25);
  expect(refused).toMatchObject({ allowed: false, remaining: 0 });
  expect(refused.msUntilNext).toBeCloseTo(40, 6);
  expect(refused.msUntilFull).toBeCloseTo(1000, 6);
  expect(rateLimitHeaders(refused)).toEqual({
    "RateLimit-Limit": "25",
    "RateLimit-Remaining": "0",
    "RateLimit-Reset": "1",
    "RateLimit-Policy": "25;w=1",
    "Retry-After": "1",
  });

  // Continuous refill: 39 ms is not enough for a token, 40 ms is.
  advance(39);
  expect((await store.take(key, 25)).allowed).toBe(false);
  advance(1);
  expect(await store.take(key, 25)).toMatchObject({ allowed: true, remaining: 0 });
  expect((await store.take(key, 25)).allowed).toBe(false);

  // Half a second refills half the bucket; a whole second refills it completely, never more.
  advance(500);
  expect(await store.take(key, 25)).toMatchObject({ allowed: true, remaining: 11 });
  advance(5000);
  const full = await store.take(key, 25);
  expect(full).toMatchObject({ allowed: true, remaining: 24 });
  expect(rateLimitHeaders(full)).toMatchObject({ "RateLimit-Remaining": "24", "RateLimit-Reset": "1" });
  expect(rateLimitHeaders(full)).not.toHaveProperty("Retry-After");

  // Buckets are per key.
  expect(await store.take(`${key}-other`, 25)).toMatchObject({ allowed: true, remaining: 24 });
}

describe("toDecision and headers", () => {
  it("reports a full bucket as Reset 0 and rounds Retry-After up to whole seconds", () => {
    expect(rateLimitHeaders(toDecision(true, 100, 100))).toMatchObject({ "RateLimit-Remaining": "100", "RateLimit-Reset": "0" });
    expect(rateLimitHeaders(toDecision(false, 0.999, 100))["Retry-After"]).toBe("1");
    // A slow bucket (1 token per 4 s) waits more than one second.
    expect(rateLimitHeaders(toDecision(false, 0, 0.25))["Retry-After"]).toBe("4");
    expect(rateLimitHeaders(null)).toEqual({});
  });

  it("never reports a token left on a refusal, even when a later read saw the bucket refilled", () => {
    const refused = toDecision(false, 1.7, 25);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(rateLimitHeaders(refused)).toMatchObject({ "RateLimit-Remaining": "0", "Retry-After": "1" });
  });
});

describe("MemoryRateLimitStore (limiter's TokenBucket)", () => {
  it("lets a burst of the capacity through, refuses the next, refills continuously", async () => {
    vi.useFakeTimers({ toFake: ["performance", "Date"] });
    await bucketScenario(new MemoryRateLimitStore(), "key_mem", (ms) => vi.advanceTimersByTime(ms));
  });

  it("drops full buckets once a minute", async () => {
    vi.useFakeTimers({ toFake: ["performance", "Date"] });
    const store = new MemoryRateLimitStore();
    await store.take("a", 100);
    await store.take("b", 100);
    expect(store.size).toBe(2);
    vi.advanceTimersByTime(61_000);
    await store.take("c", 100);
    expect(store.size).toBe(1);
  });
});

describe("PostgresRateLimitStore", () => {
  it("implements the same bucket in one statement (PGlite)", async () => {
    let now = 1_800_000_000_000;
    await bucketScenario(new PostgresRateLimitStore(db, () => now), "key_pg", (ms) => (now += ms));
  });

  it("never refills backwards when an instance's clock is behind", async () => {
    let now = 1_800_000_000_000;
    const store = new PostgresRateLimitStore(db, () => now);
    for (let i = 0; i < 25; i++) await store.take("key_skew", 25);
    now -= 5_000;
    expect((await store.take("key_skew", 25)).allowed).toBe(false);
    now += 5_040;
    expect((await store.take("key_skew", 25)).allowed).toBe(true);
  });
});

const pgUrl = process.env.TEST_POSTGRES_URL;

describe.skipIf(!pgUrl)("PostgresRateLimitStore on PostgreSQL (TEST_POSTGRES_URL)", () => {
  const schema = `rate_limit_test_${process.pid}_${Date.now()}`;
  let admin: pg.Client;
  const clients: PrismaClient[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`SET search_path TO ${schema}`);
    await applyMigrations(pgSqlConnection(admin));
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.$disconnect()));
    await admin?.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin?.end();
  });

  it("lets exactly the capacity through when two instances take in parallel", async () => {
    const instance = () => {
      const url = new URL(pgUrl!);
      url.searchParams.set("options", `-c search_path=${schema}`);
      const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: url.toString(), max: 8 }, { schema }) });
      clients.push(client);
      return new PostgresRateLimitStore(client, () => 1_800_000_000_000);
    };
    const [a, b] = [instance(), instance()];
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).take("key_parallel", 25)));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    for (const r of results.filter((r) => !r.allowed)) expect(rateLimitHeaders(r)["Retry-After"]).toBe("1");
  });
});

describe("withApi", () => {
  const endpoint = { operationId: "ping", method: "POST" as const, path: "/v1/ping", summary: "ping", body: z.strictObject({ n: z.number().optional() }) };
  const route = withApi(endpoint, async () => ({ ok: true }));
  const call = (authorization: string | null, body = "{}", headers: Record<string, string> = {}) =>
    route(
      new Request("http://localhost/v1/ping", {
        method: "POST",
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}), ...headers },
        body,
      }),
      { params: Promise.resolve({}) },
    );
  let testKey: string;
  let liveKey: string;

  beforeAll(async () => {
    const seed = await seedDemo(db);
    testKey = (await createApiKey(db, { projectId: seed.projectId, mode: "test" })).secret;
    liveKey = (await createApiKey(db, { projectId: seed.projectId, mode: "live" })).secret;
  });

  it("counts after authentication: a 401 has no rate limit headers and takes no token", async () => {
    const res = await call("Bearer sk_test_unknown000000000000000000000000");
    expect(res.status).toBe(401);
    expect(res.headers.get("ratelimit-limit")).toBeNull();
  });

  it("counts before the body is read, sends the headers on errors too, and answers 429 with Retry-After", async () => {
    vi.useFakeTimers({ toFake: ["performance", "Date"] });
    const auth = `Bearer ${testKey}`;
    const ok = await call(auth);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit-limit")).toBe("25");
    expect(ok.headers.get("ratelimit-remaining")).toBe("24");
    expect(ok.headers.get("ratelimit-policy")).toBe("25;w=1");

    const bad = await call(auth, "{not json");
    expect(bad.status).toBe(400);
    expect(bad.headers.get("ratelimit-remaining")).toBe("23");

    for (let i = 0; i < 23; i++) expect((await call(auth)).status).toBe(200);
    // Over the limit: 429 before the body is looked at (this one is not even JSON).
    const limited = await call(auth, "{not json");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("request-id")).toMatch(/^req_/);
    const body = await limited.json();
    expect(body.error).toMatchObject({ type: "rate_limit_error", code: "rate_limited", request_id: limited.headers.get("request-id") });

    // The live key has its own bucket of 100.
    const live = await call(`Bearer ${liveKey}`);
    expect(live.status).toBe(200);
    expect(live.headers.get("ratelimit-limit")).toBe("100");
    expect(live.headers.get("ratelimit-remaining")).toBe("99");

    vi.advanceTimersByTime(1000);
    expect((await call(auth)).headers.get("ratelimit-remaining")).toBe("24");
  });
});
