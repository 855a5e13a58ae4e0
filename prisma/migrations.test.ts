/**
 * Drift test (ARCHITECTURE.md "Prisma 7"): the database that `prisma/migrations/*` builds must
 * be the database `prisma/schema.prisma` describes.
 *
 * One fresh in-memory PGlite gets the SQL Prisma itself generates for the whole schema
 * (tools/prisma-diff, Prisma 6.19's WASM engine); another gets every migration through the
 * app's own migrator. Their `public` catalogs (tables, columns, constraints, indexes, enums,
 * extensions) must be identical. A schema change without its migration, or a hand-edited
 * migration that the schema does not express, fails here with a line-by-line diff.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlConnection } from "../server/db";
import { applyMigrations, readMigrations } from "../server/db/migrate";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const schemaPath = path.join(root, "prisma/schema.prisma");
const diffTool = path.join(root, "tools/prisma-diff");

/** The migrator's SqlConnection over an in-memory PGlite. */
function sqlOver(db: PGlite): SqlConnection {
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params)).rows,
    exec: async (sql: string) => void (await db.exec(sql)),
    close: async () => {},
  };
}

interface Catalog {
  tables: string[];
  columns: string[];
  constraints: string[];
  indexes: string[];
  enums: string[];
  extensions: string[];
}

/** Normalized dump of the `public` schema, one sorted line per object; `_prisma_migrations` ignored. */
async function dumpCatalog(db: PGlite): Promise<Catalog> {
  const lines = async (sql: string) => (await db.query<{ line: string }>(sql)).rows.map((r) => r.line).sort();
  return {
    tables: await lines(`
      select c.relname || ' (' || c.relkind::text || ')' as line
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S') and c.relname <> '_prisma_migrations'`),
    columns: await lines(`
      select c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || case when a.attnotnull then ' not null' else ' null' end
        || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
        || case when a.attidentity <> '' then ' identity ' || a.attidentity::text else '' end
        || case when a.attgenerated <> '' then ' generated ' || a.attgenerated::text else '' end as line
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        and c.relname <> '_prisma_migrations'`),
    constraints: await lines(`
      select c.relname || ' ' || k.conname || ': ' || pg_get_constraintdef(k.oid) as line
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname <> '_prisma_migrations'`),
    indexes: await lines(`
      select indexdef as line from pg_indexes
      where schemaname = 'public' and tablename <> '_prisma_migrations'`),
    enums: await lines(`
      select t.typname || ': ' || string_agg(e.enumlabel, ', ' order by e.enumsortorder) as line
      from pg_type t
      join pg_enum e on e.enumtypid = t.oid
      join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public'
      group by t.typname`),
    extensions: await lines(`select extname as line from pg_extension`),
  };
}

describe("prisma/migrations vs prisma/schema.prisma", () => {
  const fromSchema = new PGlite();
  const fromMigrations = new PGlite();
  let expected: Catalog;
  let actual: Catalog;

  beforeAll(async () => {
    if (!existsSync(path.join(diffTool, "node_modules"))) {
      throw new Error("tools/prisma-diff is not installed: run `npm ci --prefix tools/prisma-diff` (scripts/test.sh does).");
    }
    const schemaSql = execFileSync(process.execPath, [path.join(diffTool, "diff.mjs"), "empty", schemaPath], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 150_000,
    });
    await fromSchema.exec(schemaSql);
    await applyMigrations(sqlOver(fromMigrations), readMigrations(path.join(root, "prisma/migrations")));
    [expected, actual] = await Promise.all([dumpCatalog(fromSchema), dumpCatalog(fromMigrations)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([fromSchema.close(), fromMigrations.close()]);
  });

  it("builds one table per model (the comparison is not vacuous)", () => {
    const models = readFileSync(schemaPath, "utf8").match(/^model\s+\w+\s*\{/gm) ?? [];
    expect(models.length).toBeGreaterThan(0);
    expect(expected.tables.filter((t) => t.endsWith("(r)"))).toHaveLength(models.length);
  });

  it("records every migration in _prisma_migrations", async () => {
    const names = readMigrations(path.join(root, "prisma/migrations")).map((m) => m.name);
    const rows = await fromMigrations.query<{ migration_name: string }>(
      `select migration_name from "_prisma_migrations" where finished_at is not null order by migration_name`,
    );
    expect(rows.rows.map((r) => r.migration_name)).toEqual(names);
  });

  for (const part of ["tables", "columns", "constraints", "indexes", "enums", "extensions"] as const) {
    it(`has no drift in ${part}`, () => {
      // On failure: "-" lines are what the schema wants, "+" lines what the migrations built.
      // Fix by adding a migration generated from the last committed schema:
      //   git show HEAD:prisma/schema.prisma > /tmp/old.prisma
      //   node tools/prisma-diff/diff.mjs /tmp/old.prisma prisma/schema.prisma
      expect(actual[part], `migrations drift from schema.prisma (${part})`).toEqual(expected[part]);
    });
  }
});
