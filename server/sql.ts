/**
 * Fragments for the few hand-written statements on hot paths (e.g. creating a session in one
 * statement, bench/README.md). Values always travel as bind parameters through Prisma's
 * `sql` tag; these helpers only add the casts Prisma's own queries would apply.
 */
import { sql, type Sql } from "./generated/prisma/internal/prismaNamespace";

export { sql, type Sql };
export { empty as sqlEmpty, join as sqlJoin } from "./generated/prisma/internal/prismaNamespace";

/** A `timestamp(3)` column value: Prisma stores DateTime as UTC without a time zone. */
export function sqlTimestamp(d: Date): Sql {
  return sql`(${d.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

/** A `jsonb` column value (`null` stays SQL NULL). */
export function sqlJson(value: unknown): Sql {
  return value === null || value === undefined ? sql`NULL::jsonb` : sql`${JSON.stringify(value)}::jsonb`;
}
