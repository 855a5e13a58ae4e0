/**
 * Admin CLI: `npm run --silent cli -- --help` lists every command (server/cli/admin-commands.ts
 * CLI_USAGE): organizations, users, memberships, projects, API keys, allowed origins, lists.
 * `api-key create` prints only the new secret key.
 *
 * PostgreSQL (DATABASE_URL): runs directly. Embedded PGlite: runs directly when no app holds
 * the data directory; otherwise forwards the command to the running app over loopback
 * (server/local-control.ts), so one data directory is never opened by two processes (`backup`
 * too: the app that holds the database copies it). `restore` runs here only, into an empty
 * DATA_DIR.
 */
import { CLI_USAGE, parseAdminArgs, runAdminCommand, type TAdminCommand, wantsHelp } from "../server/cli/admin-commands";
import { closeDb, DatabaseLockedError, getDb, getSql } from "../server/db";
import { restorePglite } from "../server/db/backup";
import { applyMigrations } from "../server/db/migrate";
import { env } from "../server/env";
import { DomainError } from "../server/errors";
import { readControlFile } from "../server/local-control";

async function viaRunningApp(cmd: TAdminCommand): Promise<string> {
  const control = readControlFile();
  if (!control) throw new Error("The embedded database is locked by another process, but no running app answers (no .data/control.json).");
  const res = await fetch(`http://127.0.0.1:${control.port}/api/internal/cli`, {
    method: "POST",
    headers: { authorization: `Bearer ${control.token}`, "content-type": "application/json" },
    body: JSON.stringify(cmd),
  });
  const body = (await res.json()) as { output?: string; error?: string };
  if (!res.ok || body.output === undefined) throw new Error(body.error ?? `The app answered ${res.status}.`);
  return body.output;
}

async function main() {
  if (wantsHelp(process.argv.slice(2))) {
    process.stdout.write(`${CLI_USAGE}\n`);
    return;
  }
  const cmd = parseAdminArgs(process.argv.slice(2));
  if (cmd.command === "restore") {
    // before anything opens (and so creates) the embedded database
    process.stdout.write(`${await restorePglite(cmd.file, env.DATABASE_URL)}\n`);
    return;
  }
  let output: string;
  try {
    const db = await getDb();
    // The embedded database may be brand new: bring it up to date (PostgreSQL is migrated by deploys).
    if (!env.DATABASE_URL) await applyMigrations(await getSql());
    output = await runAdminCommand(db, cmd);
  } catch (err) {
    if (!(err instanceof DatabaseLockedError)) throw err;
    output = await viaRunningApp(cmd);
  } finally {
    await closeDb().catch(() => undefined);
  }
  process.stdout.write(`${output}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof DomainError || err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
