/**
 * Two app processes on one PostgreSQL (issue 17, "Every core used"; README "Production mode"):
 * separate Node processes (scripts/fixtures/app-process.ts), each with its own connection pool,
 * embedded executor and rate limit store, as two workers of `npm run serve` are. They share the
 * executor's work with every step run exactly once, one rate limit per key, and sessions (one
 * creates, the other opens it with its client token). Needs TEST_POSTGRES_URL (skipped without).
 */
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pgSqlConnection } from "../server/db";
import { applyMigrations } from "../server/db/migrate";
import { PrismaClient } from "../server/generated/prisma/client";
import { seedDemo } from "../server/seed/seed-demo";
import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { inngest } from "../inngest/client";
import { createExecutor } from "../inngest/executor/executor";
import { postgresWakeChannel } from "../inngest/executor/wakeups";

const url = process.env.TEST_POSTGRES_URL;
const schema = `multi_process_${process.pid}_${Date.now()}`;
const root = path.resolve(import.meta.dirname, "..");

interface AppProcess {
  pid: number;
  call(op: string, args?: Record<string, unknown>): Promise<unknown>;
  child: ChildProcess;
}

let admin: pg.Client;
let db: PrismaClient;
const apps: AppProcess[] = [];

function schemaUrl(): string {
  const u = new URL(url!);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return u.toString();
}

/** Starts one app process and resolves once its executor runs. */
function startApp(): Promise<AppProcess> {
  const child = fork(path.join(root, "scripts/fixtures/app-process.ts"), ["--url", schemaUrl(), "--schema", schema], {
    cwd: root,
    execArgv: ["--conditions=react-server", "--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let seq = 0;
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`app process exited with ${code}`)));
    child.on("message", (m: { ready?: number; id?: number; result?: unknown; error?: string }) => {
      if (m.ready) {
        const app: AppProcess = {
          pid: m.ready,
          child,
          call: (op, args = {}) =>
            new Promise((res, rej) => {
              const id = ++seq;
              pending.set(id, { resolve: res, reject: rej });
              child.send({ id, op, ...args });
            }),
        };
        apps.push(app);
        resolve(app);
      } else if (m.id !== undefined) {
        const p = pending.get(m.id);
        pending.delete(m.id);
        if (m.error) p?.reject(new Error(m.error));
        else p?.resolve(m.result);
      }
    });
  });
}

beforeAll(async () => {
  if (!url) return;
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.query(`SET search_path TO ${schema}`);
  await applyMigrations(pgSqlConnection(admin));
  await admin.query(`CREATE TABLE step_log (event_id text NOT NULL, step text NOT NULL, pid int NOT NULL)`);
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: schemaUrl(), max: 4 }, { schema }) });
}, 120_000);

afterAll(async () => {
  if (!url) return;
  await Promise.all(apps.map((a) => a.call("stop").catch(() => a.child.kill("SIGKILL"))));
  await db.$disconnect();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
});

it.skipIf(!url)("two app processes share the executor's work (each step once), one rate limit and sessions", { timeout: 180_000 }, async () => {
  const [a, b] = await Promise.all([startApp(), startApp()]);
  expect(a.pid).not.toBe(b.pid);

  // executor: events stored by a third process-like party with no worker slots (it only knows
  // the function's trigger), woken across processes by NOTIFY
  const declared = inngest.createFunction({ id: "multi-process", triggers: [{ event: "test/multi-process" }] }, async () => undefined);
  const serveHandler = serve({ client: inngest, functions: [declared] });
  const sender = createExecutor({
    db,
    handler: (req) => serveHandler(req as NextRequest, undefined),
    registerSink: false,
    wakeups: postgresWakeChannel(schemaUrl()),
    options: { concurrency: 0 },
  });
  await sender.start();
  const events = Array.from({ length: 40 }, (_, i) => ({ id: `mp-${i}`, name: "test/multi-process", data: {} }));
  await sender.ingest(events);
  await sender.stop();
  const deadline = Date.now() + 120_000;
  for (;;) {
    const open = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM inngest_runs WHERE status <> 'completed'`);
    if (open[0]!.n === 0) break;
    if (Date.now() > deadline) throw new Error(`${open[0]!.n} runs still open`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const log = await db.$queryRawUnsafe<{ event_id: string; step: string; n: number }[]>(
    `SELECT event_id, step, count(*)::int AS n FROM step_log GROUP BY event_id, step`,
  );
  expect(log).toHaveLength(events.length * 3);
  expect(log.filter((r) => r.n !== 1)).toEqual([]);
  const pids = await db.$queryRawUnsafe<{ pid: number }[]>(`SELECT DISTINCT pid FROM step_log ORDER BY pid`);
  expect(pids.map((p) => p.pid).sort()).toEqual([a.pid, b.pid].sort());

  // rate limit: 30 + 30 takes of one key at 25/s on one frozen clock: 25 allowed in all
  const [allowedA, allowedB] = (await Promise.all([a.call("take", { n: 30 }), b.call("take", { n: 30 })])) as [number, number];
  expect(allowedA + allowedB).toBe(25);

  // sessions: created in one process, opened with its client token in the other
  const seed = await seedDemo(db);
  const created = (await a.call("create-session", { projectId: seed.projectId, workflowId: seed.workflows.kyc })) as { id: string; token: string };
  expect(await b.call("open-session", { sessionId: created.id, token: created.token })).toBe("started");
});
