/**
 * POST /api/internal/cli: runs an admin CLI command inside the process that holds the
 * embedded database (see server/local-control.ts). Only with this process's control token.
 */
import { getDb } from "../db";
import { DomainError } from "../errors";
import { isControlAuthorized } from "../local-control";
import { runAdminCommand, ZAdminCommand } from "./admin-commands";

export async function handleControlRequest(req: Request): Promise<Response> {
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
