import "server-only";
/**
 * Per-API-key rate limit of /v1 (decisions.md "Limits beyond interface.md"): a token bucket
 * per key whose capacity is the per-second rate (100 live, 25 test) and which refills
 * continuously. `withApi` calls `consumeRateLimit` right after the API key is authenticated
 * (so a 401 never touches a bucket) and before the body is read; a request over the limit is a
 * `429 rate_limit_error / rate_limited` with `Retry-After`.
 *
 * Headers: draft-ietf-httpapi-ratelimit-headers-06 (the separate-field version that clients
 * and gateways widely understand; later drafts merged them into `RateLimit`), on every /v1
 * response of an authenticated key, errors and 429s included:
 * - `RateLimit-Limit`: the bucket capacity (= requests per second),
 * - `RateLimit-Remaining`: whole tokens left after this request,
 * - `RateLimit-Reset`: seconds until the bucket is full again (0 when it is full),
 * - `RateLimit-Policy`: `<limit>;w=1`, the quota per one-second window.
 *
 * Stores (env RATE_LIMIT_STORE, default `postgres` when DATABASE_URL is set, else `memory`):
 * - `memory`: `TokenBucket` of the `limiter` package, one per key in this process. With
 *   several app instances each has its own buckets (the effective limit multiplies).
 * - `postgres`: one atomic `INSERT ... ON CONFLICT DO UPDATE` per request on the UNLOGGED
 *   table `rate_limit_buckets`, shared by every instance. If it fails, the request is counted
 *   in the memory store instead (fail open to the per-process limit, never a 500).
 * `RATE_LIMIT_DISABLED=true` turns it off (benchmarks): no counting, no headers.
 *
 * Library choice: `limiter` (jhurliman/node-rate-limiter, MIT, no dependencies, ESM + types)
 * is a real token bucket (continuous refill, `tryRemoveTokens` never waits, `getWaitTime`
 * gives the delay to the next token). `rate-limiter-flexible` was evaluated first: it is
 * well kept (no runtime dependencies, no engines constraint, stores for memory, PostgreSQL,
 * Redis...), but every store implements a fixed window of `points` per `duration` (its own
 * docs: "enhanced fixed window"); `BurstyRateLimiter` only chains two fixed windows. That
 * lets up to twice the rate through across a window boundary and is not the token bucket
 * decisions.md asks for. No maintained library offers a token bucket on PostgreSQL, so the
 * shared store is the one SQL statement below (the same arithmetic as `limiter`).
 */
import { TokenBucket } from "limiter";
import type { Db } from "../db";
import { queryRows } from "../db-sql";
import { env } from "../env";
import { DomainError } from "../errors";
import type { Mode } from "../generated/prisma/enums";
import { sql } from "../sql";

/** Requests per second per API key; also the bucket capacity (the largest burst). */
export const RATE_LIMITS: Record<Mode, number> = { live: 100, test: 25 };

export interface RateLimitDecision {
  allowed: boolean;
  /** Bucket capacity = requests per second. */
  limit: number;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Milliseconds until the bucket is full again. */
  msUntilFull: number;
  /** Milliseconds until one token is available (0 when allowed). */
  msUntilNext: number;
}

export interface RateLimitStore {
  /** Takes one token of `key`'s bucket (capacity and refill `perSecond`) if there is one. */
  take(key: string, perSecond: number): Promise<RateLimitDecision>;
}

/** The decision for a bucket holding `tokens` (after this request's token was taken, if allowed). */
export function toDecision(allowed: boolean, tokens: number, perSecond: number): RateLimitDecision {
  // A refusal means less than one token at decision time; a later read (the PostgreSQL store's
  // second statement) may already see tokens refilled by concurrent requests: never report them.
  const t = Math.min(Math.max(tokens, 0), allowed ? perSecond : 1 - 1e-6);
  const msPerToken = 1000 / perSecond;
  return {
    allowed,
    limit: perSecond,
    remaining: Math.floor(t + 1e-9),
    msUntilFull: (perSecond - t) * msPerToken,
    msUntilNext: allowed ? 0 : Math.max(0, 1 - t) * msPerToken,
  };
}

/** `RateLimit-*` headers of a decision, plus `Retry-After` (whole seconds, >= 1) on a refusal. */
export function rateLimitHeaders(d: RateLimitDecision | null): Record<string, string> {
  if (!d) return {};
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(d.limit),
    "RateLimit-Remaining": String(d.remaining),
    "RateLimit-Reset": String(Math.ceil(d.msUntilFull / 1000 - 1e-9)),
    "RateLimit-Policy": `${d.limit};w=1`,
  };
  if (!d.allowed) headers["Retry-After"] = String(Math.max(1, Math.ceil(d.msUntilNext / 1000)));
  return headers;
}

/** The 429 of a refused request. */
export function rateLimitedError(d: RateLimitDecision): DomainError {
  const seconds = Math.max(1, Math.ceil(d.msUntilNext / 1000));
  return new DomainError(
    "rate_limited",
    `Too many requests: this API key may make ${d.limit} requests per second. Retry after ${seconds} second${seconds === 1 ? "" : "s"}.`,
  );
}

/** Buckets in this process (`limiter`'s TokenBucket). Full buckets are dropped once a minute. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly buckets = new Map<string, TokenBucket>();
  private lastSweep = performance.now();

  async take(key: string, perSecond: number): Promise<RateLimitDecision> {
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.bucketSize !== perSecond) {
      bucket = new TokenBucket({ bucketSize: perSecond, tokensPerInterval: perSecond, interval: "second" });
      bucket.content = perSecond; // a new bucket starts full (limiter's start empty)
      this.buckets.set(key, bucket);
    }
    const allowed = bucket.tryRemoveTokens(1);
    this.sweep();
    return toDecision(allowed, bucket.content, perSecond);
  }

  /** Number of buckets held (tests). */
  get size(): number {
    return this.buckets.size;
  }

  private sweep(): void {
    const now = performance.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) {
      bucket.drip();
      if (bucket.content >= bucket.bucketSize) this.buckets.delete(key);
    }
  }
}

/**
 * Buckets in PostgreSQL, shared by every app instance: one statement per allowed request. The
 * upsert row-locks the key, so concurrent requests on several instances serialize on it; a
 * refused request writes nothing and reads the bucket once more for `Retry-After`. One row per
 * API key that has made a request (a bounded set: no clean-up needed).
 */
export class PostgresRateLimitStore implements RateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async take(key: string, perSecond: number): Promise<RateLimitDecision> {
    const now = this.now();
    const perMs = perSecond / 1000;
    const taken = await queryRows<{ tokens: number }>(
      this.db,
      sql`INSERT INTO rate_limit_buckets AS b (key, tokens, updated_at_ms)
      VALUES (${key}, ${perSecond - 1}::float8, ${now}::float8)
      ON CONFLICT (key) DO UPDATE
        SET tokens = LEAST(${perSecond}::float8, b.tokens + GREATEST(0, ${now}::float8 - b.updated_at_ms) * ${perMs}::float8) - 1,
            updated_at_ms = GREATEST(b.updated_at_ms, ${now}::float8)
        WHERE LEAST(${perSecond}::float8, b.tokens + GREATEST(0, ${now}::float8 - b.updated_at_ms) * ${perMs}::float8) >= 1
      RETURNING tokens`,
    );
    if (taken[0]) return toDecision(true, Number(taken[0].tokens), perSecond);
    const [bucket] = await queryRows<{ tokens: number }>(
      this.db,
      sql`SELECT LEAST(${perSecond}::float8, tokens + GREATEST(0, ${now}::float8 - updated_at_ms) * ${perMs}::float8) AS tokens
      FROM rate_limit_buckets WHERE key = ${key}`,
    );
    return toDecision(false, Number(bucket?.tokens ?? 0), perSecond);
  }
}

const globalForRateLimit = globalThis as unknown as { __kycRateLimitMemory?: MemoryRateLimitStore; __kycRateLimitWarned?: boolean };

/** The process-wide memory store (on globalThis: every Next bundle shares it). */
export function memoryRateLimitStore(): MemoryRateLimitStore {
  return (globalForRateLimit.__kycRateLimitMemory ??= new MemoryRateLimitStore());
}

/** The configured store: RATE_LIMIT_STORE, else `postgres` with DATABASE_URL, else `memory`. */
export function rateLimitStoreKind(): "memory" | "postgres" {
  return env.RATE_LIMIT_STORE ?? (env.DATABASE_URL ? "postgres" : "memory");
}

/**
 * Counts one request of an authenticated API key. Returns null when rate limiting is
 * disabled. The caller refuses the request when `allowed` is false (`rateLimitedError`).
 */
export async function consumeRateLimit(db: Db, key: { keyId: string; mode: Mode }): Promise<RateLimitDecision | null> {
  if (env.RATE_LIMIT_DISABLED) return null;
  const perSecond = RATE_LIMITS[key.mode];
  if (rateLimitStoreKind() === "postgres") {
    try {
      return await new PostgresRateLimitStore(db).take(key.keyId, perSecond);
    } catch (err) {
      if (!globalForRateLimit.__kycRateLimitWarned) {
        globalForRateLimit.__kycRateLimitWarned = true;
        console.warn(JSON.stringify({ level: "warn", msg: "rate limit store failed; counting in process memory", error: (err as Error)?.message }));
      }
    }
  }
  return memoryRateLimitStore().take(key.keyId, perSecond);
}
