/**
 * `npm run bench:idle` — CPU of the app's background work while nothing happens (issue 17,
 * "quiet when idle"; bench/README.md "Idle CPU").
 *
 * Each scenario is a fresh child process that does what the app process does in the
 * background: applies the migrations, then `startInngestWorkers()` (inngest/start.ts: the
 * embedded executor serving the app's real functions, with its crons, and the outbox relay;
 * on PostgreSQL also the LISTEN connection). After a warm-up (`--warmup`, default 10 s) it
 * measures its own CPU time (`process.cpuUsage`) over `--seconds` (default 60) while idle; on
 * PostgreSQL the parent also measures the server's process tree over the same window.
 *
 * Scenarios: PGlite and PostgreSQL, each with the idle backoff (the default) and with
 * `INNGEST_IDLE_POLL_MAX_MS=250`, which polls at a fixed 250 ms (executor) and 1 s (relay)
 * as before the backoff. `--only pglite|postgres` runs one database, `--scenarios backoff` (a
 * comma-separated subset of fixed,backoff,baseline) some scenarios. Next.js itself is not
 * started (no build needed): its idle cost does not depend on this work. The expiry check ticks
 * every five minutes (inngest/functions/expire-sessions.ts): a 60 s window holds one tick or
 * none, `--seconds 300` exactly one.
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { CpuMeter } from "./lib/proc";
import { benchWorkspace, say } from "./lib/workspace";

const root = path.resolve(import.meta.dirname, "..");
const { values: opt } = parseArgs({
  options: {
    child: { type: "boolean", default: false },
    baseline: { type: "boolean", default: false },
    seconds: { type: "string", default: "60" },
    warmup: { type: "string", default: "30" },
    only: { type: "string" },
    scenarios: { type: "string", default: "fixed,backoff,baseline" },
    out: { type: "string", default: path.join(root, "bench", "results", "idle.json") },
  },
});
const SECONDS = Number(opt.seconds);
const WARMUP = Number(opt.warmup);
if (!(SECONDS > 0 && WARMUP >= 0)) throw new Error("--seconds must be positive, --warmup >= 0");

/** What a child reports: its CPU over the window, in ms and in % of one core. */
interface ChildResult {
  cpuMs: number;
  wallS: number;
  percent: number;
}

if (opt.child) {
  // ---- child: the app's background workers, idle --------------------------------------------
  const { getSql, closeDb } = await import("../server/db");
  const { applyMigrations } = await import("../server/db/migrate");
  const { startInngestWorkers, stopInngestWorkers } = await import("../inngest/start");
  const sql = await getSql();
  await applyMigrations(sql);
  await sql.close();
  if (!opt.baseline) await startInngestWorkers();
  await new Promise((r) => setTimeout(r, WARMUP * 1000));
  console.log("MEASURE_START");
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const c = process.cpuUsage(c0);
  const wallS = (performance.now() - t0) / 1000;
  const cpuMs = (c.user + c.system) / 1000;
  console.log(`RESULT ${JSON.stringify({ cpuMs, wallS, percent: cpuMs / 10 / wallS } satisfies ChildResult)}`);
  await stopInngestWorkers();
  await closeDb();
  process.exit(0);
}

// ---- parent: one child per scenario ---------------------------------------------------------------
const bench = benchWorkspace("kyc-bench-idle");
const databases = opt.only ? [opt.only] : ["pglite", "postgres"];
let postgres: Awaited<ReturnType<typeof bench.startPostgres>> | undefined;
if (databases.includes("postgres")) {
  say("starting a throw-away PostgreSQL");
  postgres = await bench.startPostgres("kyc_idle_bench");
}

interface Row {
  database: string;
  polling: string;
  app: ChildResult;
  postgresPercent?: number;
}

/** Runs one child and returns its result; on PostgreSQL measures the server over the child's window. */
type Polling = "fixed" | "backoff" | "baseline";
const POLLING_LABELS: Record<Polling, string> = { fixed: "fixed 250 ms / 1 s (before)", backoff: "backoff (now)", baseline: "no workers (baseline)" };

async function scenario(database: string, polling: Polling, n: number): Promise<Row> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    AUTH_SECRET: "bench-idle-secret-0123456789",
    DATA_DIR: path.join(bench.work, `data${n}`),
  };
  for (const key of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV", "DATABASE_URL", "INNGEST_IDLE_POLL_MAX_MS"])
    delete env[key];
  if (polling === "fixed") env.INNGEST_IDLE_POLL_MAX_MS = "250";
  if (database === "postgres") {
    const admin = new pg.Client({ connectionString: postgres!.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE idle_${n}`);
    await admin.end();
    env.DATABASE_URL = postgres!.url.replace(/\/[^/]*$/, `/idle_${n}`);
  }
  mkdirSync(env.DATA_DIR!, { recursive: true });
  const child = spawn(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      path.join(root, "bench", "idle.ts"),
      "--child",
      "--seconds",
      String(SECONDS),
      "--warmup",
      String(WARMUP),
      ...(polling === "baseline" ? ["--baseline"] : []),
    ],
    {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const meter = postgres ? new CpuMeter({ postgres: { tree: postgres.pid } }) : undefined;
  let result: ChildResult | undefined;
  let pgPercent: number | undefined;
  let buffered = "";
  child.stdout.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let i = buffered.indexOf("\n"); i >= 0; i = buffered.indexOf("\n")) {
      const line = buffered.slice(0, i);
      buffered = buffered.slice(i + 1);
      if (line === "MEASURE_START") meter?.start();
      else if (line.startsWith("RESULT ")) {
        result = JSON.parse(line.slice(7)) as ChildResult;
        if (database === "postgres") pgPercent = meter?.stop().postgres;
      }
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0 || !result) throw new Error(`the ${database} scenario exited with ${code}`);
  return {
    database,
    polling: POLLING_LABELS[polling],
    app: result,
    ...(pgPercent !== undefined ? { postgresPercent: pgPercent } : {}),
  };
}

const rows: Row[] = [];
let n = 0;
for (const database of databases) {
  for (const polling of (["fixed", "backoff", "baseline"] as const).filter((p) => opt.scenarios!.split(",").includes(p))) {
    say(`${database}, ${POLLING_LABELS[polling]}: ${WARMUP} s warm-up, ${SECONDS} s measured`);
    rows.push(await scenario(database, polling, n++));
  }
}

const fmt = (x: number, d = 2) => x.toFixed(d);
console.log(`\nIdle CPU over ${SECONDS} s after ${WARMUP} s (% of one core; CPU-ms in the window)\n`);
console.log(`${"database".padEnd(9)} ${"polling".padEnd(28)} ${"app %".padStart(7)} ${"app CPU-ms".padStart(11)} ${"postgres %".padStart(11)}`);
for (const r of rows) {
  console.log(
    `${r.database.padEnd(9)} ${r.polling.padEnd(28)} ${fmt(r.app.percent, 3).padStart(7)} ${fmt(r.app.cpuMs, 0).padStart(11)} ${(r.postgresPercent === undefined ? "-" : fmt(r.postgresPercent, 2)).padStart(11)}`,
  );
}
mkdirSync(path.dirname(opt.out!), { recursive: true });
writeFileSync(opt.out!, JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, warmup: WARMUP, rows }, null, 2));
console.log(`\nwritten to ${path.relative(root, opt.out!)}`);
