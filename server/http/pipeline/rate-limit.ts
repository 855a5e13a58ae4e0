/**
 * Step 4 of withApi: one token of the key's bucket (server/http/rate-limit.ts), after the key
 * is authenticated (a 401 never touches a bucket) and before the body is read.
 */
import type { Db } from "../../db";
import type { DomainError } from "../../errors";
import type { Mode } from "../../generated/prisma/enums";
import { consumeRateLimit, rateLimitedError, rateLimitHeaders } from "../rate-limit";

export interface RateLimitOutcome {
  /** `RateLimit-*` (+ `Retry-After` on a refusal); empty when rate limiting is disabled. */
  headers: Record<string, string>;
  /** The 429 to answer with when the bucket is empty, else null. */
  refusal: DomainError | null;
}

/** Counts this request against the key's bucket. */
export async function limitRate(db: Db, key: { keyId: string; mode: Mode }): Promise<RateLimitOutcome> {
  const decision = await consumeRateLimit(db, key);
  return { headers: rateLimitHeaders(decision), refusal: decision && !decision.allowed ? rateLimitedError(decision) : null };
}
