/**
 * `npx tsx bench/ab.ts --app a=DIR --app b=DIR [--path /v1/ping --path create --path retrieve]`
 * — A/B of the /v1 API of several production builds on one machine (bench/README.md "why the
 * ceiling fell"). Each DIR is a checkout with its own `.next` build and node_modules (a `git
 * worktree` of another commit, `cp -al` of node_modules: Turbopack refuses a symlinked one).
 *
 * One throw-away PostgreSQL; per build its own database, migrated and seeded by that build's
 * bench/prepare.ts, and its own `next start`. Then, per endpoint, rounds of short windows
 * (autocannon, --connections, --seconds) over the builds in turn, the order reversed every round,
 * so that a machine whose load drifts (other work on it) weighs on every build alike. Prints
 * per window and as medians: req/s and **app CPU per request** (CPU of the build's process
 * group from /proc ÷ 2xx responses), which depends much less on the neighbours than req/s.
 *
 * Endpoints: a path (`/v1/ping`, `/v1/sessions?limit=25`), `create` (POST /v1/sessions with a
 * unique Idempotency-Key), `retrieve` (GET /v1/sessions/{id} over 100 sessions it creates first).
 * Options: --rounds N (6), --seconds S (5), --connections N (50), --profile DIR (each app runs
 * with `node --cpu-prof`, profiles in DIR/<name>/). Stops everything it started on exit.
 */
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { CpuMeter, freePort, startGroup, stopGroup, waitForHttp } from "./lib/proc";
import { benchWorkspace, say } from "./lib/workspace";

const { values: opt } = parseArgs({
  options: {
    app: { type: "string", multiple: true },
    path: { type: "string", multiple: true },
    rounds: { type: "string", default: "6" },
    seconds: { type: "string", default: "5" },
    connections: { type: "string", default: "50" },
    profile: { type: "string" },
  },
});
const apps = (opt.app ?? []).map((s) => {
  const [name, dir] = s.split("=");
  if (!name || !dir) throw new Error(`--app takes name=DIR, got ${s}`);
  return { name, dir: path.resolve(dir) };
});
if (apps.length < 1) throw new Error("give at least one --app name=DIR");
const ENDPOINTS = opt.path ?? ["/v1/ping"];
const ROUNDS = Number(opt.rounds);
const SECONDS = Number(opt.seconds);
const CONNECTIONS = Number(opt.connections);

interface App {
  name: string;
  base: string;
  pgid: number;
  keys: string[];
  workflowId: string;
  /** Sessions `retrieve` cycles over (created on first use). */
  ids: string[];
}

const ws = benchWorkspace("kyc-ab");
const postgres = await ws.startPostgres("kyc_ab");
const admin = new pg.Client({ connectionString: postgres.url });
await admin.connect();

const running: App[] = [];
for (const [i, a] of apps.entries()) {
  const database = `kyc_ab_${i + 1}`;
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(postgres.url);
  url.pathname = `/${database}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: path.join(ws.work, `${a.name}-data`),
    AUTH_SECRET: "kyc-bench-auth-secret-0123456789",
    AUTH_TRUST_HOST: "true",
    RATE_LIMIT_DISABLED: "true",
    DATABASE_URL: url.toString(),
  };
  say(`${a.name}: migrate and seed (${a.dir}/bench/prepare.ts)`);
  const prepFile = path.join(ws.work, `${a.name}-prepare.json`);
  const prepLog = path.join(ws.work, `${a.name}-prepare.log`);
  const prep = startGroup(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(a.dir, "bench", "prepare.ts"), prepFile, String(CONNECTIONS)],
    {
      cwd: a.dir,
      env,
      logFile: prepLog,
    },
  );
  const code = await prep.exited;
  if (code !== 0) throw new Error(`${a.name}: prepare failed (${code}):\n${readFileSync(prepLog, "utf8").slice(-2000)}`);
  const prepared = JSON.parse(readFileSync(prepFile, "utf8")) as { keys: string[]; workflowId: string };

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profDir = opt.profile ? path.resolve(opt.profile, a.name) : null;
  if (profDir) mkdirSync(profDir, { recursive: true });
  const app = startGroup(
    process.execPath,
    [
      ...(profDir ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : []),
      path.join(a.dir, "node_modules", "next", "dist", "bin", "next"),
      "start",
      "-H",
      "127.0.0.1",
      "-p",
      String(port),
    ],
    { cwd: a.dir, env: { ...env, PORT: String(port), APP_URL: base }, logFile: path.join(ws.work, `${a.name}-app.log`) },
  );
  await waitForHttp(`${base}/v1/ping`, 120_000, app.exited);
  say(`${a.name}: next start on ${base}`);
  running.push({ name: a.name, base, pgid: app.pid, keys: prepared.keys, workflowId: prepared.workflowId, ids: [] });
}

let seq = 0;
function request(app: App, endpoint: string): autocannon.Request {
  if (endpoint === "create") {
    const runId = `${Date.now().toString(36)}-${app.name}`;
    return {
      method: "POST",
      path: "/v1/sessions",
      setupRequest: (req: autocannon.Request) => {
        const n = ++seq;
        return {
          ...req,
          headers: { ...req.headers, "content-type": "application/json", "idempotency-key": `${runId}-${n}` },
          body: JSON.stringify({ workflow_id: app.workflowId, reference_id: `ab_${n}` }),
        };
      },
    };
  }
  if (endpoint === "retrieve")
    return {
      method: "GET",
      path: "/v1/sessions/x",
      setupRequest: (req: autocannon.Request) => ({ ...req, path: `/v1/sessions/${app.ids[++seq % app.ids.length]}` }),
    };
  return { method: "GET", path: endpoint };
}

/** Closed-loop load on one app, one API key per connection. */
function load(app: App, endpoint: string, seconds: number) {
  let i = 0;
  return autocannon({
    url: app.base,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    setupClient: (client: autocannon.Client) => client.setHeaders({ authorization: `Bearer ${app.keys[i++ % app.keys.length]}` }),
    requests: [request(app, endpoint)],
  });
}

const results = new Map<string, { rps: number[]; cpuUs: number[] }>();
for (const endpoint of ENDPOINTS) {
  for (const app of running) {
    if (endpoint === "retrieve" && !app.ids.length) {
      await load(app, "create", 2);
      const res = await fetch(`${app.base}/v1/sessions?limit=100`, { headers: { authorization: `Bearer ${app.keys[0]}` } });
      app.ids = ((await res.json()) as { data: { id: string }[] }).data.map((s) => s.id);
      if (!app.ids.length) throw new Error(`${app.name}: no sessions to retrieve (HTTP ${res.status})`);
    }
    await load(app, endpoint, 3); // warm-up (JIT)
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const app of round % 2 ? [...running].reverse() : running) {
      const meter = new CpuMeter({ app: { pgid: app.pgid } });
      meter.start();
      const r = await load(app, endpoint, SECONDS);
      const cpu = meter.stop();
      const ok = r["2xx"];
      const rps = ok / r.duration;
      const cpuUs = ((cpu.app! / 100) * r.duration * 1e6) / Math.max(ok, 1);
      const row = results.get(`${endpoint} ${app.name}`) ?? { rps: [], cpuUs: [] };
      row.rps.push(rps);
      row.cpuUs.push(cpuUs);
      results.set(`${endpoint} ${app.name}`, row);
      console.log(
        `${endpoint.padEnd(22)} round ${round} ${app.name.padEnd(10)} ${rps.toFixed(0).padStart(5)} req/s  app ${cpu.app} %  ${cpuUs.toFixed(0).padStart(5)} µs CPU/request  other ${cpu.other} %${r.non2xx ? `  non-2xx ${r.non2xx}` : ""}`,
      );
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log("\nmedians of the rounds:");
for (const [key, row] of results)
  console.log(`${key.padEnd(34)} ${median(row.rps).toFixed(0).padStart(5)} req/s  ${median(row.cpuUs).toFixed(0).padStart(5)} µs app CPU/request`);
await admin.end();
for (const app of running) await stopGroup(app.pgid, 30_000);
process.exit(0);
