/**
 * The hot statements of /v1 (the API key read, the rate-limit bucket, create, retrieve and list
 * of sessions) straight through `pg` on PostgreSQL.
 *
 * Why: Prisma's raw-query layer costs the app 99-119 µs of CPU per statement against 42-53 µs
 * through `pg` directly (the retrieve statement; `SELECT 1` 51-61 vs 17-18 µs; 45 bind
 * parameters 131 vs 49 µs), and PostgreSQL parses and plans an unnamed statement on every call
 * (a retrieve's session JSON statement, ~4 KB with six subqueries, cost PostgreSQL about as
 * much CPU as the app spent on it). Here each distinct statement text is a named prepared
 * statement, parsed and planned once per connection (bench/README.md "API benchmark"): a
 * retrieve then costs PostgreSQL ~70 µs of CPU instead of ~400. Prepared statements live on the
 * connection, so behind PgBouncer in transaction mode they need PgBouncer >= 1.21 with
 * `max_prepared_statements` (the app needs session connections anyway: LISTEN, advisory locks).
 *
 * `queryRows(db, sql)` takes the same `sql` tagged fragments as `db.$queryRaw` (values always
 * travel as bind parameters `$1...`, never in the text) and runs them on the `pg.Pool` that the
 * client shares with Prisma (`poolOf`, server/db.ts): same connections, same count. PGlite
 * (embedded, tests, demo) and transaction clients have no pool: their statements go through
 * `db.$queryRaw` as before. A lost database is `DatabaseUnavailableError`, which /v1 answers
 * with 503 `service_unavailable` like Prisma's transient codes (server/http/api-error.ts).
 *
 * Rows are `pg`'s values: select `text`, `int4`, `float8`, `bool`, `json`, `text[]` or
 * `timestamptz` (a `timestamp(3)` column `AT TIME ZONE 'UTC'`), which both paths return alike;
 * `int8` and `numeric` would come back as strings here and as bigint/Decimal through Prisma.
 */
import type { QueryConfig } from "pg";
import { poolOf, type Db, type Tx } from "./db";
import type { Sql } from "./sql";

/**
 * The database could not be reached or dropped the connection (or asked for a retry: deadlock,
 * serialization failure, shutdown, too many connections): the request may be retried.
 * `code` is the Prisma code of the same failure (P1001 unreachable, P1008 timed out, P1017
 * connection closed, P2024 no pool connection in time, P2034 write conflict).
 */
export class DatabaseUnavailableError extends Error {
  constructor(
    readonly code: "P1001" | "P1008" | "P1017" | "P2024" | "P2034",
    options: { cause: unknown },
  ) {
    super(`The database is unavailable (${code}): ${(options.cause as Error)?.message ?? String(options.cause)}`, options);
    this.name = "DatabaseUnavailableError";
  }
}

/** Socket errors of a server that cannot be reached or went away (the codes @prisma/adapter-pg maps, plus a few more). */
const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
const CLOSED = new Set(["ECONNRESET", "EPIPE"]);

/**
 * `err` as `DatabaseUnavailableError` when it says the database is unavailable (pg's socket
 * errors and messages, SQLSTATE class 08 connection exception, 57P01-57P03 shutdown, 53300 too
 * many connections, 40001/40P01 retryable conflicts); any other error as it is (a bad
 * statement stays a 500).
 */
export function toDatabaseError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const code = (err as { code?: unknown }).code;
  const unavailable = (c: DatabaseUnavailableError["code"]) => new DatabaseUnavailableError(c, { cause: err });
  if (typeof code === "string") {
    if (UNREACHABLE.has(code) || code === "57P03" || code === "53300") return unavailable("P1001");
    if (CLOSED.has(code) || code.startsWith("08") || code === "57P01" || code === "57P02") return unavailable("P1017");
    if (code === "ETIMEDOUT") return unavailable("P1008");
    if (code === "40001" || code === "40P01") return unavailable("P2034");
  }
  // pg's own errors carry no code: a connection that ended under a query, or the pool's wait.
  if (/^Connection terminated|not queryable|Client was closed/.test(err.message)) return unavailable("P1017");
  if (/^timeout exceeded when trying to connect/.test(err.message)) return unavailable("P2024");
  return err;
}

/** Statement names by text: each text is parsed once per connection. Bounded: texts beyond it run unnamed. */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 256;

function statement(text: string, values: unknown[]): QueryConfig {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) statementNames.set(text, (name = `kyc_${statementNames.size}`));
  return { name, text, values };
}

/**
 * Runs `query` and returns its rows: through `pg` with a named prepared statement when `db` is
 * the process's PostgreSQL client (`poolOf`), else through `db.$queryRaw`.
 * @throws DatabaseUnavailableError (direct path) when the database cannot be reached or dropped
 *   the connection; Prisma's errors on the Prisma path; the database's error for a bad statement.
 */
export async function queryRows<T>(db: Db | Tx, query: Sql): Promise<T[]> {
  const pool = poolOf(db);
  if (!pool) return db.$queryRaw<T[]>(query);
  try {
    return (await pool.query(statement(query.text, query.values))).rows as T[];
  } catch (err) {
    throw toDatabaseError(err);
  }
}
