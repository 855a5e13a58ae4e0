import { getDb } from "~/server/db";
import { metricsResponse } from "~/server/metrics/metrics-endpoint";

export const dynamic = "force-dynamic";

/** GET /metrics: Prometheus metrics for the bearer token METRICS_TOKEN (server/metrics/metrics-endpoint.ts). */
export function GET(req: Request): Promise<Response> {
  return metricsResponse(req, getDb);
}
