/**
 * The direct `pg` path of server/db-sql.ts: the same rows as Prisma's `$queryRaw`, one named
 * prepared statement per text, and a database that cannot be reached or drops the connection
 * answered as the spec's 503 `service_unavailable` (never a 500). The PostgreSQL cases need
 * TEST_POSTGRES_URL (scripts/test.sh sets it) and are skipped without it; the PGlite path and
 * the unreachable server run everywhere.
 */
import { createServer } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresUrl } from "~/tests/fixtures/postgres-db";
import { authenticateApiKey, createApiKey } from "./api-keys/create-api-key";
import { closeDb, getDb, getSql, poolOf, postgresClient, type Db } from "./db";
import { DatabaseUnavailableError, queryRows, toDatabaseError } from "./db-sql";
import { applyMigrations } from "./db/migrate";
import { env } from "./env";
import { pingEndpoint } from "./http/endpoints";
import { toApiError } from "./http/api-error";
import { withApi } from "./http/with-api";
import { seedDemo } from "./seed/seed-demo";
import { sql } from "./sql";

/** A 127.0.0.1 port nothing listens on (taken from the OS, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The API key statement's shape, both paths: a timestamp, an array, booleans, an enum. */
const keyRowSql = (hash: string) =>
  sql`SELECT k.id, k.mode, k.revoked_at IS NOT NULL AS revoked, k.last_used_at AT TIME ZONE 'UTC' AS last_used_at,
    p.allowed_origins, (SELECT count(*) FROM api_keys)::int AS keys
  FROM api_keys k JOIN projects p ON p.id = k.project_id WHERE k.hash = ${hash}`;

describe("toDatabaseError", () => {
  it("maps pg's connection failures to DatabaseUnavailableError with Prisma's code, and nothing else", () => {
    const sys = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:1`), { code, syscall: "connect", errno: -111 });
    const server = (code: string) => Object.assign(new Error(`server says ${code}`), { code, severity: "FATAL" });
    expect(toDatabaseError(sys("ECONNREFUSED"))).toMatchObject({ name: "DatabaseUnavailableError", code: "P1001" });
    expect(toDatabaseError(sys("ECONNRESET"))).toMatchObject({ code: "P1017" });
    expect(toDatabaseError(sys("ETIMEDOUT"))).toMatchObject({ code: "P1008" });
    expect(toDatabaseError(server("57P01"))).toMatchObject({ code: "P1017" }); // terminating connection (admin shutdown)
    expect(toDatabaseError(server("08006"))).toMatchObject({ code: "P1017" });
    expect(toDatabaseError(server("57P03"))).toMatchObject({ code: "P1001" }); // the database system is starting up
    expect(toDatabaseError(server("40P01"))).toMatchObject({ code: "P2034" });
    expect(toDatabaseError(new Error("Connection terminated unexpectedly"))).toMatchObject({ code: "P1017" });
    expect(toDatabaseError(new Error("timeout exceeded when trying to connect"))).toMatchObject({ code: "P2024" });
    const syntax = server("42601");
    expect(toDatabaseError(syntax)).toBe(syntax);
    expect(toApiError(toDatabaseError(syntax), "req_x").status).toBe(500);
    const cause = sys("ECONNREFUSED");
    expect((toDatabaseError(cause) as Error).cause).toBe(cause);
  });
});

describe("queryRows on PGlite (no pool: Prisma's $queryRaw)", () => {
  let db: Db;
  beforeAll(async () => {
    await applyMigrations(await getSql());
    db = await getDb();
  });

  it("has no pool and returns the statement's rows", async () => {
    expect(poolOf(db)).toBeUndefined();
    const { projectId } = await seedDemo(db);
    const { secret } = await createApiKey(db, { projectId, mode: "test" });
    const key = await authenticateApiKey(db, `Bearer ${secret}`);
    expect(key).toMatchObject({ projectId, mode: "test" });
    expect(Array.isArray(key.allowedOrigins)).toBe(true);
  });
});

describe("a database that cannot be reached", () => {
  it("rejects with DatabaseUnavailableError P1001, which toApiError answers with 503 service_unavailable", async () => {
    const { prisma, pool, close } = postgresClient({ connectionString: `postgresql://postgres@127.0.0.1:${await closedPort()}/nothing`, max: 2 });
    try {
      expect(poolOf(prisma)).toBe(pool);
      const err = await queryRows(prisma, sql`SELECT ${1}::int AS one`).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DatabaseUnavailableError);
      expect(err).toMatchObject({ code: "P1001" });
      const { status, body } = toApiError(err, "req_test");
      expect(status).toBe(503);
      expect(body.error).toMatchObject({ type: "api_error", code: "service_unavailable" });
    } finally {
      await close();
    }
  });

  it("answers a /v1 request with 503 service_unavailable through withApi when DATABASE_URL points nowhere", async () => {
    const saved = process.env.DATABASE_URL;
    await closeDb();
    process.env.DATABASE_URL = `postgresql://postgres@127.0.0.1:${await closedPort()}/nothing`;
    try {
      expect(env.DATABASE_URL).toBe(process.env.DATABASE_URL);
      const ping = withApi(pingEndpoint, async ({ ctx }) => ({ object: "ping" as const, mode: ctx.mode }));
      const res = await ping(new Request("http://localhost/v1/ping", { headers: { authorization: "Bearer sk_test_0123456789abcdefghijklmnopqrstuv" } }), {
        params: Promise.resolve({}),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ error: { type: "api_error", code: "service_unavailable" } });
    } finally {
      await closeDb();
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
  });
});

describe.skipIf(!postgresUrl)("queryRows on PostgreSQL (the direct path)", () => {
  const schema = `db_sql_${process.pid}_${Date.now()}`;
  let admin: pg.Client;
  let client: ReturnType<typeof postgresClient>;
  let db: Db;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`SET search_path TO ${schema}`);
    const { pgSqlConnection } = await import("./db");
    await applyMigrations(pgSqlConnection(admin));
    const url = new URL(postgresUrl!);
    url.searchParams.set("options", `-c search_path=${schema}`);
    // One connection: the prepared statements below are on it.
    client = postgresClient({ connectionString: url.toString(), max: 1 }, { schema });
    db = client.prisma;
  });

  afterAll(async () => {
    await client?.close();
    await admin?.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin?.end();
  });

  it("returns the same rows as Prisma's $queryRaw on the same database", async () => {
    const { projectId } = await seedDemo(db);
    await db.project.update({ where: { id: projectId }, data: { allowedOrigins: ["https://a.example", "https://b.example"] } });
    const { id, secret } = await createApiKey(db, { projectId, mode: "live" });
    const at = new Date("2026-11-25T01:02:03.456Z");
    await db.apiKey.update({ where: { id }, data: { lastUsedAt: at } });
    const { sha256Hex } = await import("./crypto/hash");
    const direct = await queryRows(db, keyRowSql(sha256Hex(secret)));
    // A transaction client has no pool: the same statement through Prisma.
    const viaPrisma = await db.$transaction((tx) => {
      expect(poolOf(tx)).toBeUndefined();
      return queryRows(tx, keyRowSql(sha256Hex(secret)));
    });
    expect(direct).toEqual(viaPrisma);
    expect(direct).toEqual([
      { id, mode: "live", revoked: false, last_used_at: at, allowed_origins: ["https://a.example", "https://b.example"], keys: expect.any(Number) },
    ]);
    expect(await authenticateApiKey(db, `Bearer ${secret}`)).toMatchObject({
      keyId: id,
      projectId,
      mode: "live",
      allowedOrigins: ["https://a.example", "https://b.example"],
    });
  });

  it("reads fresh: a key revoked after a request is refused on the next one", async () => {
    const { id: projectId } = await db.project.findFirstOrThrow({ select: { id: true } });
    const { id, secret } = await createApiKey(db, { projectId, mode: "test" });
    await authenticateApiKey(db, `Bearer ${secret}`);
    await db.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
    await expect(authenticateApiKey(db, `Bearer ${secret}`)).rejects.toMatchObject({ code: "api_key_invalid" });
  });

  it("sends values only as bind parameters, and each statement text is prepared once per connection", async () => {
    const hostile = "x'; DROP TABLE api_keys; --";
    expect(await queryRows(db, sql`SELECT ${hostile}::text AS v`)).toEqual([{ v: hostile }]);
    await queryRows(db, sql`SELECT ${"again"}::text AS v`);
    const prepared = await queryRows<{ name: string; statement: string }>(db, sql`SELECT name, statement FROM pg_prepared_statements`);
    const mine = prepared.filter((p) => p.statement === "SELECT $1::text AS v");
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toMatch(/^kyc_\d+$/);
    expect(await queryRows(db, sql`SELECT count(*)::int AS n FROM api_keys`)).toEqual([{ n: expect.any(Number) }]);
  });

  it("keeps a bad statement an error of its own (a 500), not a 503", async () => {
    const err = await queryRows(db, sql`SELECT * FROM no_such_table`).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(DatabaseUnavailableError);
    expect(toApiError(err, "req_y").status).toBe(500);
  });

  it("answers a connection lost under a statement with DatabaseUnavailableError (503), and the pool recovers", async () => {
    const running = queryRows(db, sql`SELECT pg_sleep(${5}::float8)`).catch((e: unknown) => e);
    for (let i = 0; i < 50; i++) {
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep%' AND pid <> pg_backend_pid()`,
      );
      if (rowCount) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const err = await running;
    expect(err).toBeInstanceOf(DatabaseUnavailableError);
    expect(toApiError(err, "req_z").status).toBe(503);
    expect(await queryRows(db, sql`SELECT ${2}::int AS two`)).toEqual([{ two: 2 }]);
  });
});
