import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db";
import { RATE_LIMITS } from "../rate-limit";
import { limitRate } from "./rate-limit";

// Unit tests run without DATABASE_URL: the memory store, which never touches `db`.
const db = null as unknown as Db;

afterEach(() => {
  vi.useRealTimers();
});

describe("limitRate", () => {
  it("passes a test key's burst with headers, then refuses with rate_limited and Retry-After", async () => {
    vi.useFakeTimers({ toFake: ["performance"] }); // no refill while the test runs
    const key = { keyId: `key_${Math.random()}`, mode: "test" as const };
    for (let i = 1; i <= RATE_LIMITS.test; i++) {
      const ok = await limitRate(db, key);
      expect(ok.refusal).toBeNull();
      expect(ok.headers).toMatchObject({ "RateLimit-Limit": "25", "RateLimit-Remaining": String(RATE_LIMITS.test - i) });
      expect(ok.headers).not.toHaveProperty("Retry-After");
    }
    const refused = await limitRate(db, key);
    expect(refused.refusal).toMatchObject({ code: "rate_limited", status: 429 });
    expect(refused.headers).toMatchObject({ "RateLimit-Remaining": "0", "Retry-After": "1" });
  });
});
