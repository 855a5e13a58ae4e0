/**
 * `cli backup` / `cli restore` on the embedded database (issue 17, "Backups"): a backup taken
 * through the running app (here: this test process holds the PGlite lock and serves the control
 * endpoint, as the app does) while writes go on, restored into a fresh DATA_DIR by the CLI and
 * read back.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { handleControlRequest } from "../server/cli/control-endpoint";
import { getDb, getSql } from "../server/db";
import { applyMigrations } from "../server/db/migrate";
import { publishControlFile } from "../server/local-control";
import { createOrganization } from "../server/organizations/create-organization";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
const scratch = mkdtempSync(path.join(tmpdir(), "cli-backup-"));
const actor = { type: "system" as const, id: "test" };

function cli(env: Record<string, string>, ...args: string[]) {
  return run(process.execPath, ["--import", "tsx", path.join(root, "scripts/cli.ts"), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
}

let server: Server;

beforeAll(async () => {
  await applyMigrations(await getSql());
  await getDb(); // this process holds the database, like the running app
  server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const response = await handleControlRequest(
      new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body }),
    );
    res.writeHead(response.status, { "content-type": "application/json" }).end(await response.text());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  await publishControlFile((server.address() as AddressInfo).port);
}, 180_000);

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(scratch, { recursive: true, force: true });
});

it("backs up through the running app while it writes, and the backup restores into a fresh DATA_DIR", { timeout: 180_000 }, async () => {
  const db = await getDb();
  await createOrganization(db, { name: "Before Backup" }, actor);

  // writes keep going while the backup is taken
  let writing = true;
  let written = 0;
  let timedOut = 0;
  const writer = (async () => {
    while (writing) {
      // a write may wait out the copy; on a loaded machine Prisma gives up starting its
      // transaction after 2 s (P2028, answered 503 retryable by /v1): counted, not fatal
      await createOrganization(db, { name: `Concurrent ${written++}` }, actor).catch((err: { code?: string }) => {
        if (err.code !== "P2028") throw err;
        timedOut++;
      });
      await new Promise((r) => setImmediate(r)); // PGlite answers in microtasks: let I/O (the CLI's request) in
    }
  })();
  const file = path.join(scratch, "backups", "kyc.tar.gz");
  const backup = await cli({}, "backup", path.relative(root, file)).finally(() => (writing = false));
  await writer;
  expect(backup.stdout).toMatch(new RegExp(`^Backup of the embedded database written to ${file} \\(\\d+ bytes\\)`));
  expect(existsSync(`${file}.partial`)).toBe(false);
  await createOrganization(db, { name: "After Backup" }, actor);

  const fresh = mkdtempSync(path.join(scratch, "restore-"));
  const restore = await cli({ DATA_DIR: fresh }, "restore", file);
  expect(restore.stdout).toContain(`Restored ${file} into ${path.join(fresh, "pglite")}`);

  const copy = new PGlite(path.join(fresh, "pglite"));
  try {
    const names = (await copy.query<{ name: string }>("select name from organizations order by created_at, id")).rows.map((r) => r.name);
    expect(names).toContain("Before Backup");
    expect(names).not.toContain("After Backup");
    // the concurrent writes are in it up to a point, each one whole (organization and audit row)
    const concurrent = names.filter((n) => n.startsWith("Concurrent "));
    expect(concurrent.length).toBeLessThanOrEqual(written - timedOut);
    const audited = await copy.query<{ n: number }>(`select count(*)::int as n from audit_logs where action = 'organization.created'`);
    expect(audited.rows[0]!.n).toBe(names.length);
    const migrations = await copy.query<{ n: number }>(`select count(*)::int as n from "_prisma_migrations" where finished_at is not null`);
    const live = await db.$queryRawUnsafe<{ n: number }[]>(`select count(*)::int as n from "_prisma_migrations" where finished_at is not null`);
    expect(migrations.rows[0]!.n).toBe(live[0]!.n);
  } finally {
    await copy.close();
  }

  // nothing is overwritten: a second restore into the same directory and a backup onto an existing file are refused
  await expect(cli({ DATA_DIR: fresh }, "restore", file)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("already holds a database") });
  await expect(cli({}, "backup", file)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("exists; choose a new file name") });
});

it("refuses a file that is not a backup and leaves the directory empty", { timeout: 60_000 }, async () => {
  const fresh = mkdtempSync(path.join(scratch, "bad-"));
  const bogus = path.join(root, "package.json");
  await expect(cli({ DATA_DIR: fresh }, "restore", bogus)).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining("is not a backup of the embedded database"),
  });
  expect(existsSync(path.join(fresh, "pglite"))).toBe(false);
});
