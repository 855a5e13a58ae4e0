/**
 * SQL statements per request, counted in-process: the real /v1 route handlers (app/v1/**, the
 * same `withApi` pipeline and domain functions the production build runs) are called with a
 * Prisma client that logs every query (Prisma `query` events) and whose driver adapter is
 * wrapped to see every statement that reaches the driver, and whether it ran inside a
 * transaction. No relay or executor runs in this process, so nothing else sends SQL.
 *
 * The client is put where server/db.ts caches its process-wide client (`globalThis.__kycDb`);
 * `installCountingClient` checks that `getDb()` returns it and fails loudly if server/db.ts
 * changed how it caches.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { getDb, openPglite } from "../server/db";
import { env } from "../server/env";
import { PrismaClient } from "../server/generated/prisma/client";

export interface Statement {
  sql: string;
  /** Transaction number within the recording, or null for a statement outside any transaction. */
  tx: number | null;
  control: boolean;
}

export class Recorder {
  statements: Statement[] = [];
  prismaQueryEvents = 0;
  private txSeq = 0;

  reset(): void {
    this.statements = [];
    this.prismaQueryEvents = 0;
  }

  add(sql: string, tx: number | null, control = false): void {
    this.statements.push({ sql, tx, control });
  }

  newTx(): number {
    return ++this.txSeq;
  }
}

const CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE SAVEPOINT|ROLLBACK TO SAVEPOINT|SET TRANSACTION)\b/i;

type AnyFn = (...args: unknown[]) => unknown;
type Query = { sql: string };

/** Proxies an object, replacing the listed methods and binding every other function to the target. */
function intercept<T extends object>(target: T, overrides: Record<string, (orig: AnyFn) => AnyFn>): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      const value = Reflect.get(t, prop, receiver) as unknown;
      if (typeof value !== "function") return value;
      const bound = (value as AnyFn).bind(t);
      const wrap = typeof prop === "string" ? overrides[prop] : undefined;
      return wrap ? wrap(bound) : bound;
    },
  });
}

function wrapTransaction(tx: object, id: number, rec: Recorder): object {
  const phantom = Boolean((tx as { options?: { usePhantomQuery?: boolean } }).options?.usePhantomQuery);
  const run = (orig: AnyFn) => (q: unknown) => {
    const sql = (q as Query).sql;
    rec.add(sql, id, CONTROL.test(sql));
    return orig(q);
  };
  return intercept(tx, {
    queryRaw: run,
    executeRaw: run,
    // With a "phantom" COMMIT/ROLLBACK (PGlite) the driver sends it itself on commit();
    // otherwise (pg) Prisma sends "COMMIT" through executeRaw, recorded above.
    commit: (orig) => () => (phantom && rec.add("COMMIT", id, true), orig()),
    rollback: (orig) => () => (phantom && rec.add("ROLLBACK", id, true), orig()),
  });
}

function wrapAdapter(adapter: object, rec: Recorder): object {
  const run = (orig: AnyFn) => (q: unknown) => {
    const sql = (q as Query).sql;
    rec.add(sql, null, CONTROL.test(sql));
    return orig(q);
  };
  return intercept(adapter, {
    queryRaw: run,
    executeRaw: run,
    executeScript: (orig) => (script: unknown) => (rec.add(String(script), null), orig(script)),
    startTransaction:
      (orig) =>
      async (...args: unknown[]) => {
        const id = rec.newTx();
        rec.add("BEGIN", id, true); // both adapters send BEGIN themselves, not through executeRaw
        return wrapTransaction((await orig(...args)) as object, id, rec);
      },
  });
}

function wrapFactory<T extends object>(factory: T, rec: Recorder): T {
  return intercept(factory, { connect: (orig) => async () => wrapAdapter((await orig()) as object, rec) });
}

/**
 * Creates the counting client with the same adapter settings as server/db.ts (PostgreSQL when
 * DATABASE_URL is set, else the embedded PGlite in DATA_DIR) and makes `getDb()` return it.
 */
export async function installCountingClient(rec: Recorder): Promise<PrismaClient> {
  const log = [{ emit: "event", level: "query" }] as const;
  let cached: { prisma: PrismaClient; pglite?: unknown; release?: () => void };
  if (env.DATABASE_URL) {
    const prisma = new PrismaClient({ adapter: wrapFactory(new PrismaPg({ connectionString: env.DATABASE_URL, max: 10 }), rec), log: [...log] });
    cached = { prisma };
  } else {
    const { pglite, release } = await openPglite();
    const prisma = new PrismaClient({ adapter: wrapFactory(new PrismaPGlite(pglite), rec), log: [...log] });
    cached = { prisma, pglite, release };
  }
  (cached.prisma as unknown as { $on(e: "query", cb: () => void): void }).$on("query", () => rec.prismaQueryEvents++);
  (globalThis as unknown as { __kycDb?: Promise<typeof cached> }).__kycDb = Promise.resolve(cached);
  if ((await getDb()) !== cached.prisma) {
    throw new Error("bench/sql-count.ts: server/db.ts no longer caches its client on globalThis.__kycDb; update installCountingClient.");
  }
  return cached.prisma;
}

export interface StatementCount {
  /** Data statements (everything except BEGIN/COMMIT/ROLLBACK/SAVEPOINT). */
  statements: number;
  /** Every statement sent, BEGIN and COMMIT included (database round trips). */
  roundTrips: number;
  transactions: number;
  /** Data statements inside a transaction / outside any. */
  inTransaction: number;
  outsideTransaction: number;
  /** Data statements that write (INSERT, UPDATE, DELETE, or a WITH whose members do), outside any transaction. */
  writesOutsideTransaction: number;
  /** Prisma `query` events (PGlite adds a pseudo-query for its implicit COMMIT). */
  prismaQueryEvents: number;
  /** The statements in order, shortened: "[tx1] INSERT INTO sessions ...". */
  sql: string[];
}

const WRITES = /^\s*(INSERT|UPDATE|DELETE)\b|^\s*WITH\b[\s\S]*\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\b/i;

function shorten(sql: string): string {
  const s = sql
    .replace(/\s+/g, " ")
    .replace(/"public"\./g, "")
    .trim();
  const m = /^(SELECT|INSERT INTO|UPDATE|DELETE FROM|WITH)\s/i.exec(s);
  if (m && /^SELECT/i.test(s)) {
    const from = /\sFROM\s+("?[\w]+"?)/i.exec(s);
    return `SELECT ... FROM ${from?.[1] ?? "?"}${/\sJOIN\s/i.test(s) ? " (JOIN)" : ""}${/\sFOR UPDATE/i.test(s) ? " FOR UPDATE" : ""}`;
  }
  if (m) {
    const table = /^(?:INSERT INTO|UPDATE|DELETE FROM)\s+("?[\w]+"?)/i.exec(s);
    return `${m[1]!.toUpperCase()} ${table?.[1] ?? s.slice(m[0].length, m[0].length + 40)}`;
  }
  return s.slice(0, 60);
}

export function summarize(rec: Recorder): StatementCount {
  const st = rec.statements;
  const data = st.filter((s) => !s.control);
  const txNo = new Map<number, number>();
  for (const s of st) if (s.tx !== null && !txNo.has(s.tx)) txNo.set(s.tx, txNo.size + 1);
  return {
    statements: data.length,
    roundTrips: st.length,
    transactions: txNo.size,
    inTransaction: data.filter((s) => s.tx !== null).length,
    outsideTransaction: data.filter((s) => s.tx === null).length,
    writesOutsideTransaction: data.filter((s) => s.tx === null && WRITES.test(s.sql)).length,
    prismaQueryEvents: rec.prismaQueryEvents,
    sql: st.map((s) => `${s.tx === null ? "" : `[tx${txNo.get(s.tx)}] `}${shorten(s.sql)}`),
  };
}
