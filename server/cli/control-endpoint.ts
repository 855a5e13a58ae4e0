/**
 * POST /api/internal/cli: runs an admin CLI command inside the process that holds the
 * embedded database (see server/local-control.ts). Only with this process's control token;
 * the JSON command is read with the JSON body cap (1 MiB, server/http/capped-body.ts).
 */
import { getDb } from "../db";
import { DomainError } from "../errors";
import { MAX_JSON_BODY_BYTES, readCappedBody } from "../http/capped-body";
import { isControlAuthorized } from "../local-control";
import { runAdminCommand, ZAdminCommand } from "./admin-commands";

export async function handleControlRequest(req: Request): Promise<Response> {
  if (!isControlAuthorized(req.headers.get("authorization"))) return Response.json({ error: "forbidden" }, { status: 403 });
  let command: unknown;
  try {
    const bytes = await readCappedBody(req, MAX_JSON_BODY_BYTES, () => new DomainError("body_too_large", "Request bodies are limited to 1 MiB."));
    command = JSON.parse(new TextDecoder().decode(bytes));
  } catch (err) {
    if (err instanceof DomainError) return Response.json({ error: err.message }, { status: err.status });
    command = null;
  }
  const parsed = ZAdminCommand.safeParse(command);
  if (!parsed.success) return Response.json({ error: parsed.error.message }, { status: 400 });
  try {
    return Response.json({ output: await runAdminCommand(await getDb(), parsed.data) });
  } catch (err) {
    if (err instanceof DomainError) return Response.json({ error: err.message }, { status: err.status });
    throw err;
  }
}
