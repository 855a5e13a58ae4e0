/**
 * Step 1 of withApi (STYLE.md 3): the request id, first, before anything can fail. Opens the
 * `Exchange`: what the pipeline knows about the request so far, which its one catch answers
 * from (the version, the key's rate-limit headers, a held Idempotency-Key).
 */
import { trace } from "@opentelemetry/api";
import type { Db } from "../../db";
import { newId } from "../../ids";

/** An Idempotency-Key record this request holds (renewing its lease) until it stores its response or releases it. */
export interface HeldClaim {
  db: Db;
  recordId: string;
  /** Stops renewing the record's lease. */
  stopLease: () => void;
}

export interface Exchange {
  readonly req: Request;
  /** `req_...`: the `Request-Id` header of every answer, `request_id` of errors and of the log line. */
  readonly requestId: string;
  /** `Date.now()` on arrival (the log line's `ms`). */
  readonly startedAt: number;
  /** The version answered with: the `Service-Version` header, else the key's pinned one; null before either is known. */
  version: string | null;
  /** `RateLimit-*` (+ `Retry-After`) of the key: added to every response, never stored for replay. */
  rateHeaders: Record<string, string>;
  /** The Idempotency-Key record this request holds, if any. */
  claim: HeldClaim | null;
  /** True once the handler was called: from then on a 4xx is the key's stored answer. */
  handlerStarted: boolean;
  /** The endpoint's path template (`/v1/sessions/{id}`), the `route` label of the request metrics; set by withApi. */
  route?: string;
}

/** The span attribute holding the `req_...` id (OpenTelemetry; server/tracing/tracing.ts). */
export const REQUEST_ID_ATTRIBUTE = "kyc.request_id";

/**
 * A new exchange for `req` with a fresh `req_...` id; `now` is the arrival time in ms. The id is
 * set as `kyc.request_id` on the active span (Next.js's route handler span when tracing is on; a
 * no-op when it is off).
 */
export function openExchange(req: Request, now = Date.now()): Exchange {
  const requestId = newId("request");
  trace.getActiveSpan()?.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
  return { req, requestId, startedAt: now, version: null, rateHeaders: {}, claim: null, handlerStarted: false };
}
