/** Runs an admin CLI command inside the app (see server/local-control.ts). Loopback + token only. */
import { runAdminCommand, ZAdminCommand } from "~/server/cli/admin-commands";
import { getDb } from "~/server/db";
import { DomainError } from "~/server/errors";
import { isControlAuthorized } from "~/server/local-control";

export const dynamic = "force-dynamic";

export async function POST(req: Request): Promise<Response> {
  if (!isControlAuthorized(req.headers.get("authorization"))) return Response.json({ error: "forbidden" }, { status: 403 });
  const parsed = ZAdminCommand.safeParse(await req.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: parsed.error.message }, { status: 400 });
  try {
    return Response.json({ output: await runAdminCommand(await getDb(), parsed.data) });
  } catch (err) {
    if (err instanceof DomainError) return Response.json({ error: err.message }, { status: err.status });
    throw err;
  }
}
