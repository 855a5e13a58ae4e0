/**
 * GET /dashboard/audit/export?project=…&mode=…&actor=…&sessionId=…&action=…&from=…&to=…:
 * the filtered audit log as a CSV download. The dashboard session and the role are checked
 * on the server by the same tRPC procedures as the page (audit.recordExport, audit.list:
 * owners and admins), the export itself is audited (`audit_log.exported`), and the rows
 * stream page by page (server/audit/audit-csv.ts).
 */
import { TRPCError } from "@trpc/server";
import { allPages, auditCsvStream } from "~/server/audit/audit-csv";
import { createTRPCContext } from "~/server/trpc/init";
import { createCaller } from "~/server/trpc/root";

export const dynamic = "force-dynamic";

const STATUS: Partial<Record<TRPCError["code"], number>> = { UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, BAD_REQUEST: 400 };

export async function GET(req: Request): Promise<Response> {
  const q = new URL(req.url).searchParams;
  const filters = Object.fromEntries(["actor", "sessionId", "action", "from", "to"].flatMap((k) => (q.get(k) ? [[k, q.get(k)!]] : [])));
  const input = { projectId: q.get("project") ?? "", mode: q.get("mode") === "live" ? ("live" as const) : ("test" as const), ...filters };
  const caller = createCaller(await createTRPCContext({ headers: req.headers }));
  try {
    await caller.audit.recordExport(input);
  } catch (err) {
    if (!(err instanceof TRPCError)) throw err;
    return Response.json({ error: { code: err.code, message: err.message } }, { status: STATUS[err.code] ?? 500, headers: { "Cache-Control": "no-store" } });
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(auditCsvStream(allPages((startingAfter) => caller.audit.list({ ...input, limit: 100, startingAfter }))), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-log-${input.mode}-${stamp}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
