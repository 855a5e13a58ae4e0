/**
 * `npm run serve`: production start (README "Production mode"). Validates the environment
 * (server/env.ts), applies pending migrations (under PostgreSQL's advisory lock, so instances
 * starting together apply each migration once: server/db/migrate.ts), then starts
 * WEB_CONCURRENCY workers of `next start` on PORT (default: one per core on PostgreSQL, one on
 * the embedded PGlite; scripts/cluster.ts). Needs a build (`npm run build`).
 * `--hostname ADDR` (`-H`): the address to listen on (default: every interface, as `next start`).
 */
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { closeDb, getSql } from "../server/db";
import { applyMigrations } from "../server/db/migrate";
import { env } from "../server/env";
import { runCluster, workerCount } from "./cluster";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({ options: { hostname: { type: "string", short: "H" } } });
if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const workers = workerCount(env.WEB_CONCURRENCY, !env.DATABASE_URL, os.availableParallelism());

const sql = await getSql();
try {
  const applied = await applyMigrations(sql);
  console.log(applied.length ? `[serve] applied ${applied.length} migration(s): ${applied.join(", ")}` : "[serve] database is up to date");
} finally {
  await sql.close();
  await closeDb(); // the embedded database's lock goes to the worker
}

console.log(`[serve] starting ${workers} worker(s) on port ${env.PORT}${env.DATABASE_URL ? "" : " (embedded PGlite: single-process)"}`);
process.exit(await runCluster({ workers, port: env.PORT, ...(args.hostname ? { hostname: args.hostname } : {}), dir: root }));
