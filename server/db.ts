/**
 * Prisma client factory (ARCHITECTURE.md "Prisma 7").
 *
 * - `DATABASE_URL` set: PostgreSQL through `@prisma/adapter-pg`.
 * - unset: embedded PGlite (in-process PostgreSQL in WASM) with its data in
 *   `${DATA_DIR}/pglite`. PGlite is single-process: the directory is guarded by an exclusive
 *   lock (`takeDirectoryLock`), and opening it while another process holds it throws
 *   `DatabaseLockedError` (the CLI then talks to the running app instead, see scripts/cli.ts).
 *
 * The client is cached on `globalThis`, so every bundle of the Next server (route handlers,
 * RSC, instrumentation) and every script share one instance per process.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import lockfile from "proper-lockfile";
import { env } from "./env";
import { PrismaClient } from "./generated/prisma/client";

export type Db = PrismaClient;
/** A transaction client, as passed to `db.$transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** Thrown when the embedded data directory is already open in another process. */
export class DatabaseLockedError extends Error {
  constructor(dir: string) {
    super(`The embedded database in ${dir} is open in another process (is the app running?).`);
    this.name = "DatabaseLockedError";
  }
}

/** Raw SQL access used by the migrator and the embedded executor's locking queries. */
export interface SqlConnection {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

interface Cached {
  prisma: PrismaClient;
  pglite?: PGlite;
  pool?: pg.Pool;
  release?: () => void;
}

/** Connections of the process's PostgreSQL pool (Prisma and `poolOf`'s direct statements share them). */
export const POSTGRES_POOL_MAX = 10;

/** The `pg.Pool` behind each client made by `postgresClient`. */
const pools = new WeakMap<object, pg.Pool>();

/**
 * A Prisma client on PostgreSQL over a `pg.Pool` it shares with the direct statements of
 * server/db-sql.ts (`poolOf`): one set of connections for both. Idle-connection errors (the
 * server closed it) are logged; the pool replaces the connection. `adapterOptions`: PrismaPg's
 * (`schema` for a client on another schema, tests). `close()` disconnects the client and ends the pool.
 */
export function postgresClient(
  config: pg.PoolConfig,
  adapterOptions?: ConstructorParameters<typeof PrismaPg>[1],
): { prisma: PrismaClient; pool: pg.Pool; close: () => Promise<void> } {
  const pool = new pg.Pool(config);
  pool.on("error", (err) => console.error(JSON.stringify({ level: "error", msg: "idle database connection failed", error: err.message })));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, adapterOptions) });
  pools.set(prisma, pool);
  return {
    prisma,
    pool,
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/**
 * The pool of a client made by `postgresClient`; undefined for PGlite, a transaction client
 * (its statements must stay on the transaction's connection) or any other client.
 */
export function poolOf(db: Db | Tx): pg.Pool | undefined {
  return pools.get(db);
}

const globalForDb = globalThis as unknown as { __kycDb?: Promise<Cached> };

/** Directory of the embedded PGlite database. */
export function pgliteDir(): string {
  return path.resolve(env.DATA_DIR, "pglite");
}

/** Who holds a directory lock: written into the lock directory by the process that took it. */
interface LockOwner {
  pid: number;
  hostname: string;
}

const OWNER_FILE = "owner.json";

function readOwner(lockDir: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path.join(lockDir, OWNER_FILE), "utf8")) as Partial<LockOwner>;
    return typeof owner.pid === "number" && typeof owner.hostname === "string" ? { pid: owner.pid, hostname: owner.hostname } : null;
  } catch {
    return null;
  }
}

/** Whether `owner` is a process of this host that no longer exists. */
function isGone(owner: LockOwner): boolean {
  if (owner.hostname !== hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * Removes the lock directory, atomically moved aside first; when `owner` is given, only if it
 * is still that owner's lock (else it is put back). @returns whether it was removed.
 */
function removeLock(lockDir: string, owner: LockOwner | null): boolean {
  const aside = `${lockDir}.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    renameSync(lockDir, aside);
  } catch {
    return false; // gone or moved meanwhile: let the next attempt decide
  }
  const moved = readOwner(aside);
  if (owner && (moved?.pid !== owner.pid || moved.hostname !== owner.hostname)) {
    renameSync(aside, lockDir);
    return false;
  }
  rmSync(aside, { recursive: true, force: true });
  return true;
}

/**
 * Takes the exclusive lock of `dir` (proper-lockfile: the directory `${dir}.lock`, its mtime
 * refreshed every 5 s) and records the holder's pid and hostname in it. A lock whose holder is
 * a process of this host that no longer exists (killed, crashed) is taken over at once; any
 * other lock only once it is older than PGLITE_LOCK_STALE_MS (a holder on another host
 * sharing the directory, or a hung one).
 * @returns the release function.
 * @throws DatabaseLockedError when a live process holds it.
 */
export function takeDirectoryLock(dir: string): () => void {
  const lockDir = `${path.resolve(dir)}.lock`;
  for (let attempt = 1; ; attempt++) {
    let release: () => void;
    try {
      release = lockfile.lockSync(dir, { stale: env.PGLITE_LOCK_STALE_MS, update: 5_000, realpath: false });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // ENOTEMPTY: proper-lockfile found the lock stale but cannot rmdir it (our owner file is inside)
      const owner = code === "ELOCKED" ? readOwner(lockDir) : null;
      const takeOver = code === "ENOTEMPTY" ? removeLock(lockDir, null) : owner !== null && isGone(owner) && removeLock(lockDir, owner);
      if (takeOver && attempt < 3) continue;
      if (code === "ELOCKED" || code === "ENOTEMPTY") throw new DatabaseLockedError(dir);
      throw err;
    }
    // Writing the owner file changes the directory's mtime, which proper-lockfile checks as its
    // own on every refresh: put it back.
    const { atime, mtime } = statSync(lockDir);
    writeFileSync(path.join(lockDir, OWNER_FILE), JSON.stringify({ pid: process.pid, hostname: hostname() } satisfies LockOwner));
    utimesSync(lockDir, atime, mtime);
    return () => {
      rmSync(path.join(lockDir, OWNER_FILE), { force: true });
      release();
    };
  }
}

/**
 * Opens the embedded PGlite directory, taking the exclusive lock first (`takeDirectoryLock`).
 * @throws DatabaseLockedError when another process holds it.
 */
export async function openPglite(): Promise<{ pglite: PGlite; release: () => void }> {
  const dir = pgliteDir();
  mkdirSync(dir, { recursive: true });
  const release = takeDirectoryLock(dir);
  try {
    const pglite = new PGlite(dir);
    await pglite.waitReady;
    return { pglite, release };
  } catch (err) {
    release();
    throw err;
  }
}

async function create(): Promise<Cached> {
  if (env.DATABASE_URL) {
    const { prisma, pool } = postgresClient({ connectionString: env.DATABASE_URL, max: POSTGRES_POOL_MAX });
    return { prisma, pool };
  }
  const { pglite, release } = await openPglite();
  return { prisma: new PrismaClient({ adapter: new PrismaPGlite(pglite) }), pglite, release };
}

/** The process-wide Prisma client (created on first use). */
export function getDb(): Promise<PrismaClient> {
  globalForDb.__kycDb ??= create().catch((err: unknown) => {
    globalForDb.__kycDb = undefined;
    throw err;
  });
  return globalForDb.__kycDb.then((c) => c.prisma);
}

/** The process-wide embedded PGlite instance (opening the database if needed); `undefined` on PostgreSQL. */
export async function getPglite(): Promise<PGlite | undefined> {
  await getDb();
  return (await globalForDb.__kycDb!).pglite;
}

/** Closes the process-wide client and releases the embedded lock (scripts, tests). */
export async function closeDb(): Promise<void> {
  const cached = globalForDb.__kycDb;
  globalForDb.__kycDb = undefined;
  if (!cached) return;
  const c = await cached;
  await c.prisma.$disconnect();
  await c.pool?.end();
  await c.pglite?.close();
  c.release?.();
}

/** A `SqlConnection` over a connected `pg` client; `close()` leaves the client open. */
export function pgSqlConnection(client: { query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> }): SqlConnection {
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    exec: async (sql: string) => void (await client.query(sql)),
    close: async () => {},
  };
}

/**
 * A raw SQL connection on the same database as `getDb()` (shares the PGlite instance; opens
 * its own pg connection for PostgreSQL). Used for DDL and advisory locks.
 */
export async function getSql(): Promise<SqlConnection> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    return { ...pgSqlConnection(client), close: () => client.end() };
  }
  await getDb();
  const pglite = (await globalForDb.__kycDb!).pglite!;
  return {
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
    exec: async (sql: string) => void (await pglite.exec(sql)),
    close: async () => {},
  };
}
