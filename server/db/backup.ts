/**
 * Backups of the embedded PGlite database (issue 17, "Backups"; README "Production mode").
 * PostgreSQL is backed up with `pg_dump` / `pg_restore` (documented in the README), not here.
 *
 * A backup is a gzipped tar of the PGlite data directory (PGlite's `dumpDataDir`), taken by the
 * process that holds the database (the CLI forwards `backup` to the running app, see
 * scripts/cli.ts): a `CHECKPOINT`, then the copy, during which PGlite runs no statement (it
 * holds the instance's only connection: requests wait, about a second per 100 MB of data
 * directory; it is compressed afterwards). The copy is a crash-consistent image: commits before it
 * are in it (synchronous_commit is on), a transaction still open at that moment is rolled back
 * by recovery when the copy is opened.
 */
import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { DomainError } from "../errors";
import { pgliteDir, takeDirectoryLock } from "../db";

/** The answer to `backup` / `restore` on PostgreSQL. */
export const POSTGRES_HINT = "With DATABASE_URL the database is PostgreSQL: back it up with pg_dump -Fc and restore with pg_restore (README, Production mode).";

/**
 * Writes a backup of `pglite` to `file` (a new file; written to `<file>.partial` first and
 * renamed, so a failed backup leaves no file that looks complete).
 * @returns the bytes written.
 * @throws DomainError parameter_invalid when `file` exists or its directory cannot be written.
 */
export async function backupPglite(pglite: PGlite, file: string): Promise<number> {
  if (existsSync(file)) throw new DomainError("parameter_invalid", `${file} exists; choose a new file name.`, { param: "file" });
  await pglite.exec("CHECKPOINT");
  // the copy holds the database; compressing it does not (zlib's thread pool, afterwards)
  const tar = await pglite.dumpDataDir("none");
  const tarball = await promisify(gzip)(Buffer.from(await tar.arrayBuffer()));
  const partial = `${file}.partial`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(partial, tarball, { flag: "wx" });
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw new DomainError("parameter_invalid", `Cannot write ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { param: "file" });
  }
  return tarball.length;
}

/** The tar inside `backupPglite`'s output (gzip of a tar holding a data directory), or null when `bytes` are not one. */
async function dataDirTar(bytes: Buffer): Promise<Buffer | null> {
  const tar = await promisify(gunzip)(bytes).catch(() => null); // not gzip
  return tar?.includes("PG_VERSION") ? tar : null;
}

/**
 * Restores a backup into the embedded database directory of DATA_DIR, which must not hold a
 * database yet (restore into a fresh DATA_DIR, then start the app on it).
 * @throws DomainError parameter_invalid with DATABASE_URL set, when the directory already has a
 *   database, or when `file` cannot be read or is not a backup.
 */
export async function restorePglite(file: string, databaseUrl: string | undefined): Promise<string> {
  if (databaseUrl) throw new DomainError("parameter_invalid", POSTGRES_HINT);
  const bytes = await readFile(file).catch((err: NodeJS.ErrnoException) => {
    throw new DomainError("parameter_invalid", `Cannot read ${file}: ${err.code ?? err.message}`, { param: "file" });
  });
  const tar = await dataDirTar(bytes);
  if (!tar) throw new DomainError("parameter_invalid", `${file} is not a backup of the embedded database (a gzipped tar with PG_VERSION).`, { param: "file" });
  const dir = pgliteDir();
  await mkdir(dir, { recursive: true });
  const release = takeDirectoryLock(dir); // DatabaseLockedError while an app holds it
  try {
    if (readdirSync(dir).length > 0) {
      throw new DomainError("parameter_invalid", `${dir} already holds a database; restore into a fresh DATA_DIR (nothing is overwritten).`, { param: "file" });
    }
    try {
      const pglite = new PGlite(dir, { loadDataDir: new Blob([new Uint8Array(tar)]) });
      await pglite.waitReady;
      await pglite.query("select 1");
      await pglite.close();
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw new DomainError("parameter_invalid", `${file} is not a backup of the embedded database: ${(err as Error).message}`, { param: "file" });
    }
  } finally {
    release();
  }
  return `Restored ${file} into ${dir}; start the app with this DATA_DIR.`;
}
