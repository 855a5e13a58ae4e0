/**
 * `npm run bench` — load and latency benchmark of the /v1 API (bench/README.md).
 *
 * For each database (embedded PGlite, then a throw-away PostgreSQL) it migrates and seeds a
 * fresh database, counts the SQL statements of one request per endpoint in-process
 * (bench/prepare.ts), starts the production build (`next start`, built first when the sources
 * are newer than .next/BUILD_ID) on a free 127.0.0.1 port, and drives it with autocannon at
 * 50 connections, one endpoint at a time: warm-up, then a fixed measured window.
 *
 *   GET  /v1/ping                 the ceiling: authenticates and returns a constant
 *   POST /v1/sessions             a unique Idempotency-Key per request
 *   GET  /v1/sessions/{id}        cycling over 100 sessions created just before
 *   GET  /v1/sessions?limit=25
 *   GET  /v1/ping                 again at the end; the ceiling is the mean of both pings
 *
 * Prints a table (req/s, p50, p99, ratio to the ceiling, statements per request, CPU) and
 * writes the same as JSON to bench/results/latest.json. Every process it starts (PostgreSQL,
 * the app, the seeder) is stopped and every temp dir deleted on exit, failure or Ctrl-C.
 *
 * Options: --duration S (10), --warmup S (3), --connections N (50), --only pglite|postgres,
 * --endpoints create,retrieve,list (which to run; the ceiling always runs), --no-build (use
 * .next as it is), --rate-limit (keep the /v1 rate limit on), --profile (the app runs with
 * `node --cpu-prof`; profiles and their summary go to bench/results/profiles/), --workers 1,2
 * (PostgreSQL once per worker count; more than 1 = `npm run serve` with WEB_CONCURRENCY; PGlite
 * always one; --profile profiles the single-process runs only), --out FILE.
 * (autocannon's own rate option is not offered: it sends each second's requests in one burst,
 * which measures the burst, not latency at that rate. Use --connections for lower load.)
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import type { Postgres } from "./lib/postgres";
import { benchWorkspace, say } from "./lib/workspace";
import { CpuMeter, freePort, round1, startGroup, stopGroup, type Target, waitForHttp, waitQuiet } from "./lib/proc";
import { type ProfileSummary, summarizeProfile } from "./lib/profile";
import type { StatementCount } from "./sql-count";
import { ensureBuild } from "./lib/build";

const root = path.resolve(import.meta.dirname, "..");
const { values: opt } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    only: { type: "string" },
    "no-build": { type: "boolean", default: false },
    "rate-limit": { type: "boolean", default: false },
    endpoints: { type: "string", default: "create,retrieve,list" },
    profile: { type: "boolean", default: false },
    workers: { type: "string", default: "1" },
    out: { type: "string", default: path.join(root, "bench", "results", "latest.json") },
  },
});
const DURATION = Number(opt.duration);
const WARMUP = Number(opt.warmup);
const CONNECTIONS = Number(opt.connections);
if (!(DURATION > 0 && WARMUP >= 0 && CONNECTIONS > 0)) throw new Error("--duration, --warmup and --connections must be positive numbers");
const WORKERS = opt.workers!.split(",").map(Number);
if (!WORKERS.every((n) => Number.isInteger(n) && n >= 1)) throw new Error("--workers takes worker counts such as 1,2");
/** PGlite is single-process: it runs with one worker only; PostgreSQL with each of --workers. */
const SCENARIOS = (["pglite", "postgres"] as const)
  .filter((s) => !opt.only || opt.only === s)
  .flatMap((database): { database: "pglite" | "postgres"; workers: number }[] =>
    database === "pglite" ? [{ database, workers: 1 }] : WORKERS.map((workers) => ({ database, workers })),
  );
if (!SCENARIOS.length) throw new Error("--only takes pglite or postgres");
const ENDPOINTS = opt
  .endpoints!.split(",")
  .map((e) => e.trim())
  .filter(Boolean);
for (const e of ENDPOINTS) if (!["ping", "create", "retrieve", "list"].includes(e)) throw new Error(`--endpoints: unknown endpoint ${e}`);
const PROFILE_DIR = path.join(root, "bench", "results", "profiles");

// ---------------------------------------------------------------------------------------------
// Clean-up: every process group and temp dir, on any exit.

const bench = benchWorkspace("kyc-bench");
const work = bench.work;
let postgres: Postgres | null = null;

// ---------------------------------------------------------------------------------------------
// Rate limit: the benchmark turns it off when server/env.ts offers RATE_LIMIT_DISABLED.

function rateLimitSetting(): { env: Record<string, string>; note: string } {
  const envTs = readFileSync(path.join(root, "server", "env.ts"), "utf8");
  if (opt["rate-limit"]) return { env: {}, note: "rate limit ON (--rate-limit): 25 req/s per test key, one key per connection" };
  if (/\bRATE_LIMIT_DISABLED\s*:/.test(envTs)) return { env: { RATE_LIMIT_DISABLED: "true" }, note: "RATE_LIMIT_DISABLED=true set for the benchmarked app" };
  return { env: {}, note: "server/env.ts has no RATE_LIMIT_DISABLED: the /v1 rate limit (if any) stays on; 429s are counted" };
}

// ---------------------------------------------------------------------------------------------
// One scenario: database, seed + SQL counts, app, load phases.

interface Prepared {
  projectId: string;
  workflowId: string;
  keys: string[];
  counts: Record<"ping" | "create" | "retrieve" | "list", StatementCount & { min: number; max: number }>;
}

interface PhaseResult {
  endpoint: string;
  request: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** req/s ÷ the ceiling: the mean req/s of the two ping windows (first and last) of the scenario. */
  ratio: number | null;
  ok: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  seconds: number;
  /** % of one core during the measured window. */
  cpu: Record<string, number>;
  /** Statements PostgreSQL executed per 2xx response during the window (pg_stat_statements), background work included. */
  pgStatementsPerRequest: number | null;
  pgTopStatements?: { calls: number; totalMs: number; meanMs: number; query: string }[];
  /**
   * create only: statements per 2xx response from the start of the window until the
   * background work it caused (outbox relay, webhook fan-out runs) had drained.
   */
  pgStatementsPerRequestWithBackground?: number;
  /** Seconds waited for background work of the previous phase to drain before this one. */
  quietWaitS: number;
}

interface ScenarioResult {
  scenario: string;
  database: string;
  phases: PhaseResult[];
  sqlCounts: Prepared["counts"];
  appLog: { lines: number; rateLimited: number };
  notes: string[];
  /** With --profile: the app's CPU profile over the whole scenario (all phases). */
  profile?: ProfileSummary & { file: string };
}

async function runChild(args: string[], env: NodeJS.ProcessEnv, logFile: string, timeoutMs: number): Promise<void> {
  const g = startGroup(process.execPath, args, { cwd: root, env, logFile });
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([g.exited, new Promise<string>((r) => (timer = setTimeout(() => r("timed out"), timeoutMs)))]);
  clearTimeout(timer);
  if (code !== 0) {
    await stopGroup(g.pid, 2_000);
    const tail = existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").slice(-40).join("\n") : "";
    throw new Error(`${args.slice(-3).join(" ")} failed (${code}):\n${tail}`);
  }
}

async function pgStats(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    reset: () => client.query("SELECT pg_stat_statements_reset()"),
    read: async () => {
      const { rows } = await client.query<{ calls: string; ms: number; query: string }>(
        `SELECT calls::text, total_exec_time AS ms, query FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC`,
      );
      const total = rows.reduce((a, r) => a + Number(r.calls), 0);
      // The statements PostgreSQL spent most time on, with their mean execution time.
      const top = rows.slice(0, 8).map((r) => ({
        calls: Number(r.calls),
        totalMs: Math.round(r.ms),
        meanMs: Math.round((100 * r.ms) / Math.max(1, Number(r.calls))) / 100,
        query: r.query
          .replace(/\s+/g, " ")
          .replace(/"public"\./g, "")
          .slice(0, 160),
      }));
      return { total, top };
    },
    close: () => client.end(),
  };
}

async function runScenario(db: "pglite" | "postgres", workers: number, rate: ReturnType<typeof rateLimitSetting>): Promise<ScenarioResult> {
  const name = workers > 1 ? `${db}x${workers}` : db;
  const notes: string[] = [];
  const dataDir = path.join(work, `${name}-data`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: dataDir,
    AUTH_SECRET: "kyc-bench-auth-secret-0123456789",
    AUTH_TRUST_HOST: "true",
    ...rate.env,
  };
  delete env.DATABASE_URL;
  let database = `PGlite ${pkgVersion("@electric-sql/pglite")} (in-process WASM, one connection)`;
  if (db === "postgres") {
    bench.stopPostgres(); // a fresh one per scenario
    say("starting a throw-away PostgreSQL");
    postgres = await bench.startPostgres("kyc_bench");
    env.DATABASE_URL = postgres.url;
    database = `PostgreSQL ${postgres.version} (127.0.0.1, fsync off; app pool max 10)`;
  }

  say(`${name}: migrate, seed, ${CONNECTIONS} API keys, SQL statements per request (in-process)`);
  const prepFile = path.join(work, `${name}-prepare.json`);
  await runChild(
    ["--conditions=react-server", "--import", "tsx", path.join(root, "bench", "prepare.ts"), prepFile, String(CONNECTIONS)],
    env,
    path.join(work, `${name}-prepare.log`),
    300_000,
  );
  const prep = JSON.parse(readFileSync(prepFile, "utf8")) as Prepared;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const appLog = path.join(work, `${name}-app.log`);
  say(`${name}: ${workers > 1 ? `npm run serve with ${workers} workers` : "next start"} on ${base}`);
  const profDir = path.join(work, `${name}-profile`);
  // `next start` serves from its own process; --cpu-prof is not allowed in NODE_OPTIONS, so
  // the profiled app is started as `node --cpu-prof next/dist/bin/next start`. Several workers:
  // scripts/serve.ts (node:cluster), the whole group counted as the app.
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const app = startGroup(
    process.execPath,
    workers > 1
      ? ["--import", "tsx", path.join(root, "scripts", "serve.ts"), "--hostname", "127.0.0.1"]
      : [...(opt.profile ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : []), nextBin, "start", "-H", "127.0.0.1", "-p", String(port)],
    {
      cwd: root,
      env: { ...env, PORT: String(port), APP_URL: base, WEB_CONCURRENCY: String(workers) },
      logFile: appLog,
    },
  );
  const targets: Record<string, Target> = { app: { pgid: app.pid }, ...(postgres ? { postgres: { tree: postgres.pid } } : {}) };
  const stats = postgres ? await pgStats(postgres.url) : null;
  const phases: PhaseResult[] = [];
  try {
    await waitForHttp(`${base}/v1/ping`, 120_000, app.exited).catch((err: unknown) => {
      console.error(`--- last lines of the app log ---\n${readFileSync(appLog, "utf8").split("\n").slice(-30).join("\n")}`);
      throw err;
    });
    await waitQuiet(targets, { maxPct: 20, windowMs: 1000, timeoutMs: 20_000 });

    const keys = prep.keys;
    let seq = 0;
    const runId = `${Date.now().toString(36)}-${name}`;
    let ids: string[] = [];
    const endpoints = {
      ping: { request: "GET /v1/ping", method: "GET" as const, path: "/v1/ping" },
      create: {
        request: "POST /v1/sessions",
        method: "POST" as const,
        path: "/v1/sessions",
        setupRequest: (req: autocannon.Request): autocannon.Request => {
          const n = ++seq;
          return {
            ...req,
            headers: { ...req.headers, "content-type": "application/json", "idempotency-key": `${runId}-${n}` },
            body: JSON.stringify({ workflow_id: prep.workflowId, reference_id: `bench_${n}` }),
          };
        },
      },
      retrieve: {
        request: "GET /v1/sessions/{id}",
        method: "GET" as const,
        path: "/v1/sessions/x",
        setupRequest: (req: autocannon.Request): autocannon.Request => ({ ...req, path: `/v1/sessions/${ids[++seq % ids.length]}` }),
      },
      list: { request: "GET /v1/sessions?limit=25", method: "GET" as const, path: "/v1/sessions?limit=25" },
    };

    const load = (ep: (typeof endpoints)[keyof typeof endpoints], seconds: number) =>
      autocannon({
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 30,
        // One API key per connection (documented setupClient API), so a per-key limit is per connection.
        setupClient: (() => {
          let i = 0;
          return (client: autocannon.Client) => client.setHeaders({ authorization: `Bearer ${keys[i++ % keys.length]}` });
        })(),
        requests: [{ method: ep.method, path: ep.path, ...("setupRequest" in ep ? { setupRequest: ep.setupRequest } : {}) }],
      });

    const order: [keyof typeof endpoints, string][] = [
      ["ping", "ping (start)"],
      ...(["create", "retrieve", "list"] as const).filter((e) => ENDPOINTS.includes(e)).map((e): [keyof typeof endpoints, string] => [e, e]),
      ["ping", "ping (end)"],
    ];
    for (const [key, label] of order) {
      // Background work of the previous phase (outbox relay, webhook fan-out runs of every
      // session.created) drains first, up to 90 s, so phases measure their own endpoint.
      const quiet = await waitQuiet(targets, { maxPct: 20, windowMs: 1000, timeoutMs: 90_000 });
      if (!quiet.quiet) notes.push(`${label}: background work still running after ${quiet.waitedS} s; measured anyway`);
      const prev = phases.at(-1);
      if (prev?.endpoint === "create" && stats) {
        prev.pgStatementsPerRequestWithBackground = round1((await stats.read()).total / prev.ok);
        notes.push(
          `create: background work drained ${quiet.waitedS} s after the window; PostgreSQL ran ${prev.pgStatementsPerRequestWithBackground} statements per create in all (request + relay + fan-out)`,
        );
      }
      if (key === "retrieve" && !ids.length) {
        const res = await fetch(`${base}/v1/sessions?limit=100`, { headers: { authorization: `Bearer ${keys[0]}` } });
        ids = ((await res.json()) as { data: { id: string }[] }).data.map((s) => s.id);
        if (!ids.length) throw new Error(`GET /v1/sessions returned no sessions (HTTP ${res.status})`);
      }
      const ep = endpoints[key];
      process.stdout.write(`    ${label.padEnd(15)} ${WARMUP} s warm-up + ${DURATION} s ... `);
      if (WARMUP > 0) await load(ep, WARMUP);
      const meter = new CpuMeter(targets);
      await stats?.reset();
      meter.start();
      const r = await load(ep, DURATION);
      const cpu = meter.stop();
      const pgs = await stats?.read();
      const statusCodes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count ?? 0]));
      const ok = r["2xx"];
      const rps = round1(ok / r.duration);
      const result: PhaseResult = {
        endpoint: label,
        request: ep.request,
        rps,
        p50: r.latency.p50,
        p90: r.latency.p90,
        p99: r.latency.p99,
        max: r.latency.max,
        ratio: null, // set below, once both ceiling windows ran
        ok,
        non2xx: r.non2xx,
        statusCodes,
        errors: r.errors,
        timeouts: r.timeouts,
        seconds: r.duration,
        cpu,
        pgStatementsPerRequest: pgs && ok ? round1(pgs.total / ok) : null,
        ...(pgs ? { pgTopStatements: pgs.top } : {}),
        quietWaitS: quiet.waitedS,
      };
      phases.push(result);
      if (!ok) notes.push(`${label}: no 2xx response within the ${DURATION} s window (requests slower than the window; use a longer --duration)`);
      if ((cpu.other ?? 0) > 25) notes.push(`${label}: other processes on the machine used ${cpu.other} % of a core during the window (not an idle machine)`);
      console.log(`${rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms${r.non2xx ? `, ${r.non2xx} non-2xx ${JSON.stringify(statusCodes)}` : ""}`);
    }
    // The ceiling is the mean of the ping windows before and after the other endpoints: one
    // window alone varies by ~10 % from run to run on a 2-core VM.
    const pings = phases.filter((p) => p.endpoint.startsWith("ping"));
    const ceiling = pings.reduce((a, p) => a + p.rps, 0) / pings.length;
    for (const p of phases) p.ratio = ceiling ? Math.round((p.rps / ceiling) * 1000) / 1000 : null;
  } finally {
    await stats?.close().catch(() => undefined);
    await stopGroup(app.pid, 30_000);
    if (postgres) {
      bench.stopPostgres();
      postgres = null;
    }
  }
  const log = readFileSync(appLog, "utf8");
  let profile: ScenarioResult["profile"];
  if (opt.profile) {
    // The profile of the process that served the requests: the largest one.
    const files = existsSync(profDir) ? readdirSync(profDir).map((f) => path.join(profDir, f)) : [];
    const biggest = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
    if (!biggest) notes.push("--profile: the app wrote no CPU profile (it did not exit cleanly?)");
    else {
      mkdirSync(PROFILE_DIR, { recursive: true });
      const file = path.join(PROFILE_DIR, `${name}-${ENDPOINTS.join("+") || "ping"}.cpuprofile`);
      writeFileSync(file, readFileSync(biggest));
      profile = { file: path.relative(root, file), ...summarizeProfile(file) };
    }
  }
  return {
    scenario: name,
    database,
    phases,
    sqlCounts: prep.counts,
    appLog: { lines: log.split("\n").length - 1, rateLimited: (log.match(/"status":429/g) ?? []).length },
    notes,
    ...(profile ? { profile } : {}),
  };
}

function pkgVersion(name: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "?";
  }
}

// ---------------------------------------------------------------------------------------------
// Report.

const COUNT_OF: Record<string, keyof Prepared["counts"]> = {
  "ping (start)": "ping",
  create: "create",
  retrieve: "retrieve",
  list: "list",
  "ping (end)": "ping",
};

function table(results: ScenarioResult[]): string {
  const head = ["scenario", "endpoint", "req/s", "p50 ms", "p99 ms", "x ceiling", "non-2xx", "SQL/req", "in tx", "pg stmts/req", "CPU app/pg/loadgen/other %"];
  const rows = results.flatMap((s) =>
    s.phases.map((p) => {
      const c = s.sqlCounts[COUNT_OF[p.endpoint]!];
      return [
        s.scenario,
        p.endpoint,
        p.rps.toFixed(0),
        String(p.p50),
        String(p.p99),
        p.ratio === null ? "-" : `${(p.ratio * 100).toFixed(0)} %`,
        String(p.non2xx + p.errors + p.timeouts),
        String(c.statements),
        c.transactions ? `${c.inTransaction} in ${c.transactions}` : "-",
        p.pgStatementsPerRequest === null ? "-" : String(p.pgStatementsPerRequest),
        [p.cpu.app, p.cpu.postgres ?? "-", p.cpu.loadgen, p.cpu.other].map((v) => (typeof v === "number" ? v.toFixed(0) : v)).join("/"),
      ];
    }),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

interface Goal {
  goal: string;
  measured: string;
  met: boolean;
}

function goals(results: ScenarioResult[]): Goal[] {
  const pgRes = results.find((r) => r.scenario === "postgres");
  if (!pgRes) return [];
  const out: Goal[] = [];
  const pct = (x: number | null) => `${((x ?? 0) * 100).toFixed(0)} %`;
  const targets: [string, number, string][] = [
    ["create", 0.55, "create >= 55 % of the ceiling (issue 17)"],
    ["retrieve", 0.65, "retrieve >= 65 % of the ceiling (issue 17)"],
    ["list", 0.55, "list (limit 25) >= 55 % of the ceiling (issue 17)"],
  ];
  for (const [label, min, goal] of targets) {
    const p = pgRes.phases.find((x) => x.endpoint === label);
    if (p) out.push({ goal: `PostgreSQL: ${goal}`, measured: pct(p.ratio), met: (p.ratio ?? 0) >= min });
  }
  for (const [label] of targets) {
    const p = pgRes.phases.find((x) => x.endpoint === label);
    if (p) out.push({ goal: `PostgreSQL: ${label} p99 < 100 ms`, measured: `${p.p99} ms`, met: p.p99 < 100 });
  }
  const c = pgRes.sqlCounts.create;
  // Atomic: every write in one transaction, or in one statement outside any (its own transaction).
  const oneStatement = c.transactions === 0 && c.writesOutsideTransaction === 1;
  out.push({
    goal: "create: <= 6 SQL statements, its writes in one transaction",
    measured: oneStatement
      ? `${c.statements} statements (${c.statements - 1} read(s), then every write in 1 statement: its own transaction; ${c.roundTrips} round trips)`
      : `${c.statements} statements (${c.inTransaction} in ${c.transactions} transaction(s), ${c.outsideTransaction} outside; ${c.roundTrips} round trips with BEGIN/COMMIT)`,
    met: c.statements <= 6 && (oneStatement || (c.transactions === 1 && c.writesOutsideTransaction === 0)),
  });
  return out;
}

// ---------------------------------------------------------------------------------------------

const startedAt = new Date();
const git = (args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8" }).stdout?.trim() ?? "";
const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? "?",
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  next: pkgVersion("next"),
  prisma: pkgVersion("@prisma/client"),
  autocannon: pkgVersion("autocannon"),
  loadAverageAtStart: os.loadavg().map((l) => round1(l)),
  commit: git(["rev-parse", "--short", "HEAD"]),
  uncommittedFiles: git(["status", "--porcelain"]).split("\n").filter(Boolean).length,
};
say(
  `bench: ${SCENARIOS.map((s) => (s.workers > 1 ? `${s.database}x${s.workers}` : s.database)).join(" + ")}, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per endpoint; ${machine.cpus} CPU ${machine.cpuModel}, node ${machine.node}, load ${machine.loadAverageAtStart.join(" ")}`,
);
const rate = rateLimitSetting();
console.log(`    ${rate.note}`);
const build = ensureBuild(root, opt["no-build"]);
const results: ScenarioResult[] = [];
for (const s of SCENARIOS) results.push(await runScenario(s.database, s.workers, rate));

const goalList = goals(results);
const report = {
  startedAt: startedAt.toISOString(),
  seconds: round1((Date.now() - startedAt.getTime()) / 1000),
  options: { durationS: DURATION, warmupS: WARMUP, connections: CONNECTIONS, scenarios: SCENARIOS, endpoints: ENDPOINTS, profile: opt.profile },
  machine,
  build,
  rateLimit: rate.note,
  results,
  goals: goalList,
};
mkdirSync(path.dirname(opt.out!), { recursive: true });
writeFileSync(opt.out!, JSON.stringify(report, null, 2) + "\n");

console.log(`\n${table(results)}\n`);
console.log("SQL/req: statements of one request counted in-process (Prisma query events + driver adapter); in tx: of them, inside a transaction.");
console.log("pg stmts/req: what PostgreSQL executed during the window per 2xx response (pg_stat_statements), background work and BEGIN/COMMIT included.");
console.log(
  `CPU: % of one core during the window (${machine.cpus} cores = ${machine.cpus * 100} %): app = the next start process group, pg = PostgreSQL, loadgen = autocannon (this process), other = everything else on the machine.\n`,
);
for (const s of results) {
  console.log(`${s.scenario}: ${s.database}`);
  for (const [k, c] of Object.entries(s.sqlCounts)) console.log(`  ${k.padEnd(8)} ${c.sql.join(" | ")}`);
  for (const n of s.notes) console.log(`  note: ${n}`);
  if (s.profile) {
    console.log(`  CPU profile of the app (${s.profile.busyMs} ms busy, all phases; ${s.profile.file}), self time by origin:`);
    for (const o of s.profile.byOrigin) console.log(`    ${o.pct.toFixed(1).padStart(5)} %  ${o.origin}`);
    console.log("  hottest functions:");
    for (const f of s.profile.topFunctions.slice(0, 10)) console.log(`    ${f.pct.toFixed(1).padStart(5)} %  ${f.fn}  [${f.origin}]`);
  }
}
if (goalList.length) {
  console.log("\nGoals (PostgreSQL):");
  for (const g of goalList) console.log(`  ${g.met ? "MET " : "MISS"}  ${g.goal}: ${g.measured}`);
}
console.log(`\n${rate.note}. Whole run ${report.seconds} s. Written to ${path.relative(process.cwd(), opt.out!)}`);
