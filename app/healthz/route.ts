/** GET /healthz: the process is alive (server/health/readiness.ts); no authentication, no dependency touched. */
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
