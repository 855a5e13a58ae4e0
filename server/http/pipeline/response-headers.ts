/**
 * Step 10 of withApi: the headers of every answer. `Request-Id` and `Service-Version` are part
 * of the response (stored for replay with it); the key's `RateLimit-*` headers are added when
 * it is sent, never stored. Sending also writes the request's log line and records the
 * request's metrics (server/metrics/metrics.ts: route template, method, status, latency).
 */
import { API_VERSION } from "../../api-version";
import { recordHttpRequest } from "../../metrics/metrics";
import type { StoredResponse } from "../idempotency";
import type { Exchange } from "./request-id";

/** `Request-Id` and `Service-Version` (the current version until the request's one is known). */
export function responseHeaders(x: Exchange): Record<string, string> {
  return { "Request-Id": x.requestId, "Service-Version": x.version ?? API_VERSION };
}

function logLine(x: Exchange, status: number): void {
  const path = new URL(x.req.url).pathname;
  console.log(JSON.stringify({ level: "info", msg: "api", request_id: x.requestId, method: x.req.method, path, status, ms: Date.now() - x.startedAt }));
}

/** The Response of `r` with the rate-limit headers; logs the request. */
export function send(x: Exchange, r: StoredResponse): Response {
  logLine(x, r.status);
  recordHttpRequest(x.route ?? "unmatched", x.req.method, r.status, x.startedAt);
  return new Response(r.body, { status: r.status, headers: { ...r.headers, ...x.rateHeaders } });
}

/** A stored response replayed byte for byte, marked `Idempotent-Replayed: true`, under this request's id. */
export function sendReplay(x: Exchange, r: StoredResponse): Response {
  return send(x, { ...r, headers: { ...r.headers, "Idempotent-Replayed": "true", "Request-Id": x.requestId } });
}
