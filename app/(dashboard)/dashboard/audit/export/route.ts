/**
 * POST /dashboard/audit/export, a form post (`application/x-www-form-urlencoded`, at most
 * 16 KiB) of project, mode, actor, sessionId, action, from, to: the filtered audit log as a
 * CSV download. A POST because the export itself writes an audit row (`audit_log.exported`);
 * refused (403) when the browser says the form came from another site. The dashboard session
 * and the role are checked on the server by the same tRPC procedures as the page
 * (audit.recordExport, audit.list: owners and admins), and the rows stream page by page
 * (server/audit/audit-csv.ts).
 */
import { TRPCError } from "@trpc/server";
import { allPages, auditCsvStream } from "~/server/audit/audit-csv";
import { readCappedBody } from "~/server/http/capped-body";
import { createTRPCContext } from "~/server/trpc/init";
import { createCaller } from "~/server/trpc/root";

export const dynamic = "force-dynamic";

const MAX_FORM_BYTES = 16 * 1024;
const STATUS: Partial<Record<TRPCError["code"], number>> = { UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, BAD_REQUEST: 400, PAYLOAD_TOO_LARGE: 413 };

function refused(code: TRPCError["code"], message: string): Response {
  return Response.json({ error: { code, message } }, { status: STATUS[code] ?? 500, headers: { "Cache-Control": "no-store" } });
}

export async function POST(req: Request): Promise<Response> {
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin") return refused("FORBIDDEN", "The export is requested from the dashboard itself.");
  let q: URLSearchParams;
  try {
    q = new URLSearchParams(new TextDecoder().decode(await readCappedBody(req, MAX_FORM_BYTES, () => new TRPCError({ code: "PAYLOAD_TOO_LARGE" }))));
  } catch (err) {
    if (err instanceof TRPCError) return refused(err.code, "The export form is limited to 16 KiB.");
    throw err;
  }
  const filters = Object.fromEntries(["actor", "sessionId", "action", "from", "to"].flatMap((k) => (q.get(k) ? [[k, q.get(k)!]] : [])));
  const input = { projectId: q.get("project") ?? "", mode: q.get("mode") === "live" ? ("live" as const) : ("test" as const), ...filters };
  const caller = createCaller(await createTRPCContext({ headers: req.headers }));
  try {
    await caller.audit.recordExport(input);
  } catch (err) {
    if (!(err instanceof TRPCError)) throw err;
    return refused(err.code, err.message);
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
