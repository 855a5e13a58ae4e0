/**
 * GET /metrics (app/metrics/route.ts): the Prometheus text exposition of this process
 * (server/metrics/metrics.ts), for a bearer token only (`METRICS_TOKEN`, server/metrics/metrics-env.ts).
 * - `METRICS_TOKEN` unset: 404 (metrics are off);
 * - no or another token: 401 with `WWW-Authenticate: Bearer` (compared in constant time);
 * - else 200 `text/plain; version=0.0.4`, the executor's backlog read from the database first
 *   (a database error leaves the gauges at their last values rather than failing the scrape).
 */
import { timingSafeEqual } from "node:crypto";
import type { Db } from "../db";
import { env } from "../env";
import { executorBacklog } from "./executor-backlog.queries";
import { metrics, setExecutorBacklog } from "./metrics";

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The response to a scrape `req`; `db` is read for the executor gauges. */
export async function metricsResponse(req: Request, db: () => Promise<Db>): Promise<Response> {
  const expected = env.METRICS_TOKEN;
  const noStore = { "cache-control": "no-store" };
  if (!expected) return new Response("Not found\n", { status: 404, headers: { ...noStore, "content-type": "text/plain; charset=utf-8" } });
  const given = /^Bearer (.+)$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!sameToken(given, expected)) {
    return new Response("A bearer token (METRICS_TOKEN) is required.\n", {
      status: 401,
      headers: { ...noStore, "content-type": "text/plain; charset=utf-8", "www-authenticate": 'Bearer realm="metrics"' },
    });
  }
  try {
    setExecutorBacklog(await executorBacklog(await db()));
  } catch (err) {
    console.error(JSON.stringify({ level: "warn", msg: "metrics: executor backlog not read", error: (err as Error).message }));
  }
  const { registry } = metrics();
  return new Response(await registry.metrics(), { status: 200, headers: { ...noStore, "content-type": registry.contentType } });
}
