/**
 * Applies `prisma/migrations/<ts>_<name>/migration.sql` in name order and records each in
 * `_prisma_migrations` exactly as Prisma Migrate does (same table, sha256 hex checksum of
 * the file, uuid id, applied_steps_count 1), so `prisma migrate deploy` sees them as applied
 * wherever the real schema engine exists. On PostgreSQL it holds Prisma's own advisory lock
 * (72707369) so concurrent migrators cannot interleave.
 *
 * @throws Error when an applied migration's file changed (checksum mismatch) or a migration
 *   failed earlier and was never resolved, like Prisma (P3009 / checksum warning).
 */
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { SqlConnection } from "../db";

const PRISMA_ADVISORY_LOCK = 72707369;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

/** Reads the migrations directory (default `prisma/migrations`), sorted by name. */
export function readMigrations(dir = path.resolve("prisma/migrations")): MigrationFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** Applies pending migrations; returns the names applied in this call. */
export async function applyMigrations(sql: SqlConnection, migrations = readMigrations()): Promise<string[]> {
  const isPglite = !!(await sql.query<{ v: string }>("select version() as v"))[0]?.v.includes("wasm");
  if (!isPglite) await sql.query("select pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
  try {
    await sql.exec(CREATE_TABLE);
    const rows = await sql.query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      `select migration_name, checksum, finished_at, rolled_back_at from "_prisma_migrations"`,
    );
    const applied = new Map(rows.filter((r) => !r.rolled_back_at).map((r) => [r.migration_name, r]));
    const done: string[] = [];
    for (const m of migrations) {
      const row = applied.get(m.name);
      if (row) {
        if (!row.finished_at) throw new Error(`Migration ${m.name} failed earlier; resolve it before migrating again.`);
        if (row.checksum !== m.checksum) throw new Error(`Migration ${m.name} was modified after it was applied.`);
        continue;
      }
      const id = randomUUID();
      await sql.exec("BEGIN");
      try {
        await sql.query(`insert into "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) values ($1, $2, $3, now(), 0)`, [
          id,
          m.checksum,
          m.name,
        ]);
        await sql.exec(m.sql);
        await sql.query(`update "_prisma_migrations" set finished_at = now(), applied_steps_count = 1 where id = $1`, [id]);
        await sql.exec("COMMIT");
      } catch (err) {
        await sql.exec("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
      }
      done.push(m.name);
    }
    return done;
  } finally {
    if (!isPglite) await sql.query("select pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]);
  }
}
