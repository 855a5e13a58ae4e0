/**
 * Several app processes on one PostgreSQL (production): two executors with their own
 * connection pools (as two processes would have) drain the same runs; every step runs exactly
 * once. Needs a throw-away PostgreSQL 15+ database in `TEST_POSTGRES_URL` (the test works in a
 * fresh schema and drops it afterwards); skipped without it.
 */
import type { NextRequest } from "next/server";
import { PrismaPg } from "@prisma/adapter-pg";
import { serve } from "inngest/next";
import pg from "pg";
import { afterAll, beforeAll, expect, it, vi } from "vitest";

vi.hoisted(() => {
  for (const key of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV"]) delete process.env[key];
});

import { applyMigrations } from "../../server/db/migrate";
import { PrismaClient } from "../../server/generated/prisma/client";
import { inngest } from "../client";
import { createExecutor, type Executor } from "./executor";
import { postgresWakeChannel } from "./wakeups";
import { pgSqlConnection } from "../../server/db";

const url = process.env.TEST_POSTGRES_URL;
const schema = `exec_test_${process.pid}_${Date.now()}`;
const clients: PrismaClient[] = [];
let admin: pg.Client;

/** The test database's URL with this file's schema as search path. */
function schemaUrl(): string {
  const withPath = new URL(url!);
  withPath.searchParams.set("options", `-c search_path=${schema}`);
  return withPath.toString();
}

function prisma(): PrismaClient {
  const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: schemaUrl(), max: 4 }, { schema }) });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  if (!url) return;
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.query(`SET search_path TO ${schema}`);
  await applyMigrations(pgSqlConnection(admin));
});

afterAll(async () => {
  if (!url) return;
  await Promise.all(clients.map((c) => c.$disconnect()));
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
});

it.skipIf(!url)("two executors on one PostgreSQL run every step exactly once", async () => {
  const counts = new Map<string, number>();
  const bump = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const fn = inngest.createFunction({ id: "pg-multi", triggers: [{ event: "test/pg.multi" }] }, async ({ event, step }) => {
    for (const s of ["one", "two", "three"]) {
      await step.run(s, async () => {
        bump(`${event.id}:${s}`);
        await new Promise((r) => setTimeout(r, 5));
      });
    }
    return event.id;
  });
  const handler = serve({ client: inngest, functions: [fn] });
  const executors: Executor[] = [prisma(), prisma()].map((db) =>
    createExecutor({ db, handler: (req) => handler(req as NextRequest, undefined), registerSink: false, options: { pollIntervalMs: 10, concurrency: 4 } }),
  );
  const [a, b] = executors as [Executor, Executor];
  await a.start();
  await b.start();
  try {
    const ids = await a.ingest(Array.from({ length: 40 }, (_, i) => ({ id: `pg-${i}`, name: "test/pg.multi", data: {} })));
    b.kick();
    await a.settled(60_000);
    await b.settled(60_000);
    const db = clients[0]!;
    const statuses = await db.$queryRawUnsafe<{ status: string; n: number }[]>(`SELECT status, count(*)::int AS n FROM inngest_runs GROUP BY status`);
    expect(statuses).toEqual([{ status: "completed", n: 40 }]);
    for (const id of ids) for (const s of ["one", "two", "three"]) expect(counts.get(`${id}:${s}`), `${id}:${s}`).toBe(1);
  } finally {
    await a.stop();
    await b.stop();
  }
});

it.skipIf(!url)("an idle executor wakes on another process's NOTIFY and runs the first step at once", async () => {
  let stepAt = 0;
  const fn = inngest.createFunction({ id: "pg-wake", triggers: [{ event: "test/pg.wake" }] }, async ({ step }) => {
    await step.run("first", () => (stepAt = performance.now()));
    return "ok";
  });
  const handler = serve({ client: inngest, functions: [fn] });
  const serveFn = (req: Request) => handler(req as NextRequest, undefined);
  const wakeups = postgresWakeChannel(schemaUrl());
  // `sender` only stores events (no worker slots), as a process whose workers are all busy;
  // `worker` is idle with a 60 s cap on its backoff
  const sender = createExecutor({ db: prisma(), handler: serveFn, registerSink: false, wakeups, options: { concurrency: 0 } });
  const worker = createExecutor({ db: prisma(), handler: serveFn, registerSink: false, wakeups, options: { pollIntervalMs: 50, maxIdleMs: 60_000 } });
  await sender.start();
  await worker.start();
  try {
    await new Promise((r) => setTimeout(r, 2_000)); // the worker's idle wait has grown past 1.6 s
    const sentAt = performance.now();
    await sender.ingest([{ id: "pg-wake-1", name: "test/pg.wake", data: {} }]);
    // watched without `settled()`/`idle()`, which would wake the loop themselves
    while (!stepAt && performance.now() - sentAt < 5_000) await new Promise((r) => setTimeout(r, 10));
    expect(stepAt, "the first step ran").toBeGreaterThan(0);
    expect(stepAt - sentAt).toBeLessThan(500);
    await worker.settled(10_000);
  } finally {
    await sender.stop();
    await worker.stop();
  }
});
