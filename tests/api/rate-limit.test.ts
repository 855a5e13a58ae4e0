/**
 * The per-API-key rate limit over HTTP (decisions.md: token bucket, 25/s test, 100/s live;
 * `429 rate_limit_error` with `Retry-After`; `RateLimit-*` headers of
 * draft-ietf-httpapi-ratelimit-headers-06 on every response of an authenticated key). In this
 * suite the app runs with DATABASE_URL, so the buckets live in PostgreSQL
 * (RATE_LIMIT_STORE default). Fresh keys: the fixtures' keys are shared with other files.
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKey } from "../../server/api-keys/create-api-key";
import { closeDb, getDb } from "../../server/db";
import { api } from "./client";

const fx = inject("fixtures");
let burstKey: string;
let calmKey: string;
let liveKey: string;

beforeAll(async () => {
  const db = await getDb();
  try {
    const key = (mode: "test" | "live") => createApiKey(db, { projectId: fx.demo.projectId, mode, name: "rate-limit test" }).then((k) => k.secret);
    [burstKey, calmKey, liveKey] = await Promise.all([key("test"), key("test"), key("live")]);
  } finally {
    await closeDb();
  }
});

const raw = (key: string) => api(fx.baseUrl, key, { retryRateLimited: false });

describe("per-key rate limit", () => {
  it("sends the RateLimit headers on a 200", async () => {
    const res = await raw(calmKey)("GET", "/v1/ping");
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-limit")).toBe("25");
    expect(res.headers.get("ratelimit-policy")).toBe("25;w=1");
    const remaining = Number(res.headers.get("ratelimit-remaining"));
    expect(remaining).toBeGreaterThanOrEqual(0);
    expect(remaining).toBeLessThan(25);
    expect(Number(res.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(0);
    expect(Number(res.headers.get("ratelimit-reset"))).toBeLessThanOrEqual(1);
    expect(res.headers.get("retry-after")).toBeNull();
  });

  it("refuses a burst of 40 parallel requests beyond the bucket with 429, Retry-After and the Error object", async () => {
    const call = raw(burstKey);
    const results = await Promise.all(Array.from({ length: 40 }, () => call("GET", "/v1/ping")));
    const ok = results.filter((r) => r.status === 200);
    const limited = results.filter((r) => r.status === 429);
    expect(ok.length + limited.length).toBe(40);
    // 25 tokens, plus at most what refills (25/s) while the burst is served.
    expect(ok.length).toBeGreaterThanOrEqual(25);
    expect(limited.length).toBeGreaterThan(0);
    for (const r of ok) {
      expect(r.headers.get("ratelimit-limit")).toBe("25");
      expect(r.headers.get("ratelimit-remaining")).toMatch(/^\d+$/);
    }
    for (const r of limited) {
      expect(r.body.error).toMatchObject({ type: "rate_limit_error", code: "rate_limited" });
      expect(r.body.error.request_id).toBe(r.headers.get("request-id"));
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(r.headers.get("ratelimit-limit")).toBe("25");
      expect(r.headers.get("ratelimit-remaining")).toBe("0");
      expect(r.headers.get("service-version")).toBe("2026-10-01");
    }

    // Another key of the same project is unaffected.
    const calm = await raw(calmKey)("GET", "/v1/sessions?limit=1");
    expect(calm.status).toBe(200);

    // Waiting Retry-After gets the key going again.
    await new Promise((r) => setTimeout(r, Number(limited[0]!.headers.get("retry-after")) * 1000));
    expect((await call("GET", "/v1/sessions?limit=1")).status).toBe(200);
  });

  it("sends the headers on errors of an authenticated key, and none on a 401", async () => {
    const notFound = await raw(calmKey)("GET", "/v1/sessions/ses_doesnotexist000000000000");
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("ratelimit-limit")).toBe("25");

    const invalid = await raw(calmKey)("POST", "/v1/sessions", "{not json");
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("ratelimit-remaining")).toMatch(/^\d+$/);

    const unauthorized = await raw("sk_test_doesnotexist0000000000000000")("GET", "/v1/ping");
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("ratelimit-limit")).toBeNull();
  });

  it("gives live keys 100 per second", async () => {
    const res = await raw(liveKey)("GET", "/v1/ping");
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-limit")).toBe("100");
    expect(res.headers.get("ratelimit-policy")).toBe("100;w=1");
  });
});
