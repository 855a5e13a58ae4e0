/**
 * `npm run bench:engine` — throughput and latency of the checks engine (bench/README.md,
 * "Checks engine benchmark"): sessions decided per second end to end (processing -> decided,
 * through the relay, the `process-session` Inngest function, the sandbox provider and the
 * decision rules), and the time from the applicant's last step submitted to the decision's
 * webhook delivered to a loopback receiver.
 *
 * One process, like the app in its default (embedded) deployment: a throw-away PostgreSQL
 * (bench/lib/postgres.ts), then the app's own code in-process: migrations, the demo seed (the
 * "India KYC" workflow: consent + PAN, India decision rules), a webhook endpoint on a loopback
 * receiver subscribed to `session.approved`, `session.declined` and `session.review`, the
 * outbox relay and the embedded Inngest executor serving the app's functions. Applicants go
 * through the real flow use cases (createSession, startFlow, submitStep).
 *
 * 1. Unloaded latency: `--latency N` sessions (default 30) one at a time: submit the PAN step,
 *    wait for its webhook, next.
 * 2. Throughput: `--sessions N` sessions (default 600) are brought to their last step first
 *    (not measured); then `--applicants C` concurrent applicants (default 50) submit the PAN steps
 *    as fast as they can, and the run ends when every decision's webhook arrived. decided/s =
 *    sessions / (last webhook - first submit). Latencies of this phase include the queueing.
 *
 * Every PAN is distinct and valid (`ABCPE<digits><letter>`, no sandbox special digits) and its
 * name echoes, so every session is approved with a provider call (no answer cache, no
 * duplicates). Options: --executor-concurrency N (default: INNGEST_EXECUTOR_CONCURRENCY, 4),
 * --out FILE (default bench/results/engine.json). Run with the react-server condition (the npm
 * script does), which resolves `server-only` to its empty module as in Next's server bundles.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { benchWorkspace, say } from "./lib/workspace";
import { CpuMeter } from "./lib/proc";
import { CONSENT_NOTICE_VERSION } from "../server/steps/consent/consent.schemas";

const root = path.resolve(import.meta.dirname, "..");
const { values: opt } = parseArgs({
  options: {
    sessions: { type: "string", default: "600" },
    applicants: { type: "string", default: "50" },
    latency: { type: "string", default: "30" },
    "executor-concurrency": { type: "string" },
    out: { type: "string", default: path.join(root, "bench", "results", "engine.json") },
  },
});
const SESSIONS = Number(opt.sessions);
const APPLICANTS = Number(opt.applicants);
const LATENCY_RUNS = Number(opt.latency);
if (!(SESSIONS > 0 && APPLICANTS > 0 && LATENCY_RUNS >= 0)) throw new Error("--sessions, --applicants must be positive, --latency >= 0");

// ---- environment before any app module is imported (server/env.ts reads it once) -----------------
const bench = benchWorkspace("kyc-bench-engine");
const work = bench.work;

say("starting a throw-away PostgreSQL");
const postgres = await bench.startPostgres("kyc_engine_bench");
for (const key of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV"]) delete process.env[key];
Object.assign(process.env, {
  DATABASE_URL: postgres.url,
  DATA_DIR: work,
  AUTH_SECRET: "bench-engine-secret-0123456789",
  NODE_ENV: "production",
  WEBHOOK_ALLOW_LOOPBACK: "true", // the receiver is on 127.0.0.1
});
if (opt["executor-concurrency"]) process.env.INNGEST_EXECUTOR_CONCURRENCY = opt["executor-concurrency"];

const { getDb, getSql, closeDb } = await import("../server/db");
const { env } = await import("../server/env");
const { applyMigrations } = await import("../server/db/migrate");
const { seedDemo } = await import("../server/seed/seed-demo");
const { createSession } = await import("../server/sessions/create-session");
const { startFlow } = await import("../server/flow/flow-state");
const { submitStep } = await import("../server/flow/submit-step");
const { createWebhookEndpoint } = await import("../server/webhooks/webhook-endpoints");
const { createExecutor } = await import("../inngest/executor/executor");
const { startRelay, stopRelay } = await import("../inngest/relay");
const { inngestHandler } = await import("../inngest/serve");

const sql = await getSql();
await applyMigrations(sql);
await sql.close();
const db = await getDb();
const seed = await seedDemo(db);
const tenant = { projectId: seed.projectId, mode: "test" as const };
const workflowId = seed.workflows.kyc;

// ---- the loopback webhook receiver ---------------------------------------------------------------
const delivered = new Map<string, number>(); // session id -> ms (performance.now) when its decision arrived
const waiting = new Map<string, () => void>();
let deliveries = 0;
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const at = performance.now();
    const e = JSON.parse(Buffer.concat(chunks).toString()) as { type: string; data: { session: { id: string; status: string } } };
    deliveries++;
    const id = e.data.session.id;
    if (!delivered.has(id)) delivered.set(id, at);
    waiting.get(id)?.();
    res.writeHead(200).end("ok");
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
await createWebhookEndpoint(db, tenant, { url: hookUrl, events: ["session.approved", "session.declined", "session.review"] }, { type: "system" });

const executor = createExecutor({
  db,
  handler: inngestHandler,
  options: { concurrency: env.INNGEST_EXECUTOR_CONCURRENCY, pollIntervalMs: env.INNGEST_EXECUTOR_POLL_MS },
});
await executor.start();
startRelay();

// ---- sessions ------------------------------------------------------------------------------------
let panSeq = 0;
/** A distinct valid individual PAN without the sandbox's special digit groups. */
function nextPan(): string {
  const n = panSeq++;
  const digits = 1000 + (n % 5000); // 1000-5999: no 6666 / 7777 / 8888 / 9999
  const letter = String.fromCharCode(65 + (Math.floor(n / 5000) % 26));
  return `ABCPE${digits}${letter}`;
}

interface Ready {
  id: string;
  token: string;
  pan: string;
}

/** A session at its last step: created, flow started, consent submitted. */
async function toLastStep(): Promise<Ready> {
  const c = await createSession(db, tenant, { workflow_id: workflowId }, { type: "api_key", id: "bench" });
  const ctx = { sessionId: c.id, token: c.client_token };
  await startFlow(db, ctx);
  await submitStep(db, ctx, "consent", { accepted: true, notice_version: CONSENT_NOTICE_VERSION });
  return { id: c.id, token: c.client_token, pan: nextPan() };
}

/** Submits the PAN step; returns performance.now() when the submission committed (the session is `processing`). */
async function submitLast(s: Ready): Promise<number> {
  await submitStep(db, { sessionId: s.id, token: s.token }, "pan", { pan: s.pan, name: "Bench Applicant", dob: "1990-01-01" });
  return performance.now();
}

async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const r1 = (n: number) => Math.round(n * 10) / 10;
const stats = (xs: number[]) => ({ n: xs.length, p50: r1(pct(xs, 50)), p90: r1(pct(xs, 90)), p99: r1(pct(xs, 99)), max: r1(Math.max(...xs)) });

/** processing -> decided per session, from the history rows (the database's clock), in ms. */
async function engineTimes(ids: string[]): Promise<number[]> {
  const rows = await db.sessionHistory.findMany({
    where: { sessionId: { in: ids }, OR: [{ toStatus: "processing" }, { fromStatus: "processing" }] },
    select: { sessionId: true, toStatus: true, createdAt: true },
  });
  const by = new Map<string, { p?: number; d?: number }>();
  for (const r of rows) {
    const e = by.get(r.sessionId) ?? {};
    if (r.toStatus === "processing") e.p = r.createdAt.getTime();
    else e.d = r.createdAt.getTime();
    by.set(r.sessionId, e);
  }
  return [...by.values()].filter((e) => e.p !== undefined && e.d !== undefined).map((e) => e.d! - e.p!);
}

const pgClient = new pg.Client({ connectionString: postgres.url });
await pgClient.connect();
const pgCalls = async () => Number((await pgClient.query<{ n: string }>("SELECT coalesce(sum(calls), 0) AS n FROM pg_stat_statements")).rows[0]!.n);

// ---- 1. unloaded latency -------------------------------------------------------------------------
say(
  `unloaded latency: ${LATENCY_RUNS} sessions one at a time (executor concurrency ${env.INNGEST_EXECUTOR_CONCURRENCY}, poll ${env.INNGEST_EXECUTOR_POLL_MS} ms)`,
);
const warm = await toLastStep();
await new Promise<void>((resolve) => {
  waiting.set(warm.id, resolve);
  void submitLast(warm);
});
const unloaded: number[] = [];
const unloadedIds: string[] = [];
for (let i = 0; i < LATENCY_RUNS; i++) {
  const s = await toLastStep();
  await executor.idle();
  const arrived = new Promise<void>((resolve) => waiting.set(s.id, resolve));
  const t0 = await submitLast(s);
  await arrived;
  unloaded.push(delivered.get(s.id)! - t0);
  unloadedIds.push(s.id);
}
const unloadedEngine = await engineTimes(unloadedIds);

// ---- 2. throughput -------------------------------------------------------------------------------
say(`preparing ${SESSIONS} sessions at their last step`);
const ready: Ready[] = [];
await pool(
  Array.from({ length: SESSIONS }, (_, i) => i),
  20,
  async () => {
    ready.push(await toLastStep());
  },
);
await executor.settled(600_000);
await pgClient.query("SELECT pg_stat_statements_reset()");
const callsBefore = await pgCalls();

say(`throughput: ${APPLICANTS} applicants submit ${SESSIONS} last steps`);
const meter = new CpuMeter({ pg: { tree: postgres.pid } });
meter.start();
const cpu0 = process.cpuUsage();
const submittedAt = new Map<string, number>();
const allArrived = Promise.all(ready.map((s) => new Promise<void>((resolve) => waiting.set(s.id, resolve))));
const start = performance.now();
await pool(ready, APPLICANTS, async (s) => {
  submittedAt.set(s.id, await submitLast(s));
});
const submitDone = performance.now();
await allArrived;
const end = Math.max(...ready.map((s) => delivered.get(s.id)!));
await executor.settled(600_000);
const cpuPct = meter.stop(); // % of one core over the phase: pg, loadgen (= this process: the app), other, steal
const cpu = process.cpuUsage(cpu0);
const phaseS = (performance.now() - start) / 1000;
const pgStatements = (await pgCalls()) - callsBefore;
const topStatements = (
  await pgClient.query<{ query: string; calls: string; ms: string }>(
    "SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS query, calls, total_exec_time AS ms FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 25",
  )
).rows.map((r) => ({ perSession: r1(Number(r.calls) / SESSIONS), msPerSession: Math.round((Number(r.ms) / SESSIONS) * 1000) / 1000, query: r.query }));

const loaded = ready.map((s) => delivered.get(s.id)! - submittedAt.get(s.id)!);
const loadedEngine = await engineTimes(ready.map((s) => s.id));
const statuses = await db.session.groupBy({ by: ["status"], where: { id: { in: ready.map((s) => s.id) } }, _count: true });
const seconds = (end - start) / 1000;

const result = {
  at: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, postgres: postgres.version },
  config: { sessions: SESSIONS, applicants: APPLICANTS, executorConcurrency: env.INNGEST_EXECUTOR_CONCURRENCY, pollMs: env.INNGEST_EXECUTOR_POLL_MS },
  throughput: {
    decidedPerSecond: r1(SESSIONS / seconds),
    seconds: r1(seconds),
    submitPhaseSeconds: r1((submitDone - start) / 1000),
    statuses: Object.fromEntries(statuses.map((s) => [s.status, s._count])),
    webhookDeliveries: deliveries,
    pgStatementsPerSession: r1(pgStatements / SESSIONS),
    /** CPU per decided session (phase total / sessions): this process (flow calls, relay, executor, webhooks, receiver) and PostgreSQL. */
    cpuMsPerSession: { app: r1((cpu.user + cpu.system) / 1000 / SESSIONS), pg: r1(((cpuPct.pg! / 100) * phaseS * 1000) / SESSIONS) },
    /** % of one core during the phase; `other`: the rest of the machine (should be ~0 for clean numbers). */
    cpuPct: { app: cpuPct.loadgen, pg: cpuPct.pg, other: cpuPct.other, steal: cpuPct.steal },
    topStatements,
    lastStepToWebhookMs: stats(loaded),
    processingToDecidedMs: stats(loadedEngine),
  },
  unloaded: { lastStepToWebhookMs: stats(unloaded), processingToDecidedMs: stats(unloadedEngine) },
};

console.log(`
decided/s (end to end, ${SESSIONS} sessions, ${APPLICANTS} applicants): ${result.throughput.decidedPerSecond}   (${result.throughput.seconds} s; statuses ${JSON.stringify(result.throughput.statuses)})
last step submitted -> webhook delivered, ms    p50 ${result.unloaded.lastStepToWebhookMs.p50}  p90 ${result.unloaded.lastStepToWebhookMs.p90}  max ${result.unloaded.lastStepToWebhookMs.max}   (unloaded, ${LATENCY_RUNS} one at a time)
                                                p50 ${result.throughput.lastStepToWebhookMs.p50}  p90 ${result.throughput.lastStepToWebhookMs.p90}  p99 ${result.throughput.lastStepToWebhookMs.p99}   (under the throughput load)
processing -> decided (history rows), ms       p50 ${result.unloaded.processingToDecidedMs.p50} unloaded; p50 ${result.throughput.processingToDecidedMs.p50} loaded
PostgreSQL statements per session (loaded phase, all background work): ${result.throughput.pgStatementsPerSession}; webhook deliveries ${deliveries}
CPU per session: app ${result.throughput.cpuMsPerSession.app} ms, PostgreSQL ${result.throughput.cpuMsPerSession.pg} ms; % of a core app/pg/other/steal ${cpuPct.loadgen}/${cpuPct.pg}/${cpuPct.other}/${cpuPct.steal}`);

mkdirSync(path.dirname(opt.out!), { recursive: true });
writeFileSync(opt.out!, `${JSON.stringify(result, null, 2)}\n`);
say(`wrote ${path.relative(root, opt.out!)}`);

await pgClient.end();
await stopRelay();
await executor.stop();
await new Promise((resolve) => receiver.close(resolve));
await closeDb();
process.exit(0);
