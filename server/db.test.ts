/**
 * The embedded database's directory lock (db.ts `takeDirectoryLock`): a live holder keeps it
 * (also across proper-lockfile's 5 s refreshes, which check the lock directory's mtime);
 * the lock of a holder killed with SIGKILL is taken over at once, not after
 * PGLITE_LOCK_STALE_MS (15 s by default in this process); a holder on another host is trusted
 * until its lock turns stale.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseLockedError, openPglite, pgliteDir, takeDirectoryLock } from "./db";
import { env } from "./env";
import { killWorkers, startWorker } from "~/tests/fixtures/worker-process";

afterAll(() => killWorkers());

describe("the embedded database's lock", () => {
  it("is refused while a live process holds it, and taken over at once when that process is killed", async () => {
    expect(env.PGLITE_LOCK_STALE_MS).toBeGreaterThanOrEqual(15_000);
    const holder = startWorker("tests/fixtures/hold-database.ts", [], { dataDir: env.DATA_DIR });
    const { ready } = await holder.waitFor("ready");
    expect(JSON.parse(readFileSync(`${pgliteDir()}.lock/owner.json`, "utf8"))).toEqual({ pid: ready, hostname: hostname() });
    await expect(openPglite()).rejects.toBeInstanceOf(DatabaseLockedError);
    // the holder refreshes its lock every 5 s: the owner file must not make it look stolen
    await new Promise((r) => setTimeout(r, 6_000));
    expect(holder.proc.exitCode, holder.stderr()).toBeNull();

    holder.proc.kill("SIGKILL");
    await holder.exited;
    const t0 = Date.now();
    const { pglite, release } = await openPglite();
    expect(Date.now() - t0).toBeLessThan(env.PGLITE_LOCK_STALE_MS / 2);
    expect((await pglite.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
    expect(JSON.parse(readFileSync(`${pgliteDir()}.lock/owner.json`, "utf8"))).toEqual({ pid: process.pid, hostname: hostname() });
    await pglite.close();
    release();
    expect(existsSync(`${pgliteDir()}.lock`)).toBe(false);
  }, 120_000);

  it("keeps a fresh lock of a process on another host", () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "kyc-lock-")), "data");
    mkdirSync(`${dir}.lock`, { recursive: true });
    writeFileSync(`${dir}.lock/owner.json`, JSON.stringify({ pid: 2 ** 22 + 7, hostname: `not-${hostname()}` }));
    expect(() => takeDirectoryLock(dir)).toThrow(DatabaseLockedError);
    // the same dead pid on this host: taken over
    writeFileSync(`${dir}.lock/owner.json`, JSON.stringify({ pid: 2 ** 22 + 7, hostname: hostname() }));
    const release = takeDirectoryLock(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock/owner.json`, "utf8"))).toEqual({ pid: process.pid, hostname: hostname() });
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
