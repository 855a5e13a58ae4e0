/**
 * Fragments for the few hand-written statements on hot paths (e.g. creating a session in one
 * statement, bench/README.md). Values always travel as bind parameters through Prisma's
 * `sql` tag; these helpers only add the casts Prisma's own queries would apply.
 */
import { raw, sql, type Sql } from "./generated/prisma/internal/prismaNamespace";

export { sql, type Sql };
/** `sqlRaw`: SQL text pasted as is: only for text written in the code (column names), never for input. */
export { empty as sqlEmpty, join as sqlJoin, raw as sqlRaw } from "./generated/prisma/internal/prismaNamespace";

/** A `timestamp(3)` column value: Prisma stores DateTime as UTC without a time zone. */
export function sqlTimestamp(d: Date): Sql {
  return sql`(${d.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

/** A `jsonb` column value (`null` stays SQL NULL). */
export function sqlJson(value: unknown): Sql {
  return value === null || value === undefined ? sql`NULL::jsonb` : sql`${JSON.stringify(value)}::jsonb`;
}

/**
 * A `timestamp(3)` column (UTC, no time zone) as the API's timestamp string, the same text as
 * `Date.prototype.toISOString()` (`2026-11-24T20:30:15.207Z`; NULL stays NULL). `column` is
 * SQL text written in the caller (never input).
 */
export function sqlIsoTimestamp(column: string): Sql {
  return raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}
