/**
 * `npm run bench:webhooks` — webhook delivery benchmark (bench/README.md, "Webhook delivery").
 *
 * For each database (a throw-away PostgreSQL, then the embedded PGlite; `--only` picks one) it
 * migrates and seeds a fresh database (bench/prepare.ts), starts the production build
 * (`next start`, built first when the sources are newer than .next/BUILD_ID) with the embedded
 * Inngest executor, starts 3 webhook receivers on 127.0.0.1, registers them through the API
 * (`session.*`), then makes 1,000 session status changes (POST /v1/sessions: each commits
 * `session.created` and its outbox row in one statement) from 20 concurrent clients and waits
 * for the 3,000 deliveries.
 *
 * Reports deliveries per second (3,000 ÷ the time from the first commit to the last receipt),
 * the latency from commit to receipt (receipt time − the event's `created_at`, the timestamp
 * of the committing transaction; same clock), median / p90 / p99 / max, and checks that all
 * 3,000 arrived with a valid signature (Stripe's `webhooks.constructEvent` and the README
 * snippet), one per (endpoint, event), 1,000 distinct event ids, unique request ids. Writes
 * bench/results/webhooks.json. Every process it starts is stopped and every temp dir deleted
 * on exit, failure or Ctrl-C.
 *
 * Options: --changes N (1000), --endpoints N (3), --clients N (20), --rate N (status changes per
 * second on an open-loop schedule; default 0 = a burst as fast as the clients go), --only postgres|pglite,
 * --executor-concurrency N (the app's INNGEST_EXECUTOR_CONCURRENCY; default: the app's own, 4),
 * --no-build, --keep-logs (the app logs go next to --out), --profile (the app runs with
 * `node --cpu-prof`; the summary is printed and the profile goes next to --out), --out FILE.
 */
import { createServer, type Server } from "node:http";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import Stripe from "stripe";
import { verifyServiceSignature } from "../server/webhooks/verify-example";
import type { Postgres } from "./lib/postgres";
import { ensureBuild } from "./lib/build";
import { benchWorkspace, say } from "./lib/workspace";
import { summarizeProfile } from "./lib/profile";
import { freePort, round1, startGroup, stopGroup, waitForHttp } from "./lib/proc";

const root = path.resolve(import.meta.dirname, "..");
const { values: opt } = parseArgs({
  options: {
    changes: { type: "string", default: "1000" },
    endpoints: { type: "string", default: "3" },
    clients: { type: "string", default: "20" },
    rate: { type: "string", default: "0" },
    only: { type: "string" },
    "executor-concurrency": { type: "string" },
    "no-build": { type: "boolean", default: false },
    "keep-logs": { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    out: { type: "string", default: path.join(root, "bench", "results", "webhooks.json") },
  },
});
const CHANGES = Number(opt.changes);
const ENDPOINTS = Number(opt.endpoints);
const CLIENTS = Number(opt.clients);
/** Status changes per second (0: as fast as the clients go, a burst). */
const RATE = Number(opt.rate);
if (!(CHANGES > 0 && ENDPOINTS > 0 && CLIENTS > 0)) throw new Error("--changes, --endpoints and --clients must be positive");
const SCENARIOS = (["postgres", "pglite"] as const).filter((s) => !opt.only || opt.only === s);
if (!SCENARIOS.length) throw new Error("--only takes postgres or pglite");

const bench = benchWorkspace("kyc-bench-webhooks");
const work = bench.work;
let postgres: Postgres | null = null;

interface Receipt {
  endpoint: number;
  body: string;
  signature: string;
  requestId: string;
  at: number;
}

async function startReceivers(n: number): Promise<{ urls: string[]; receipts: Receipt[]; close: () => Promise<void> }> {
  const receipts: Receipt[] = [];
  const servers: Server[] = [];
  for (let i = 0; i < n; i++) {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        receipts.push({
          endpoint: i,
          body: Buffer.concat(chunks).toString("utf8"),
          signature: String(req.headers["service-signature"] ?? ""),
          requestId: String(req.headers["request-id"] ?? ""),
          at: Date.now(),
        });
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    servers.push(server);
  }
  return {
    urls: servers.map((s, i) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/hooks/${i}`),
    receipts,
    close: async () => {
      for (const s of servers) {
        s.closeAllConnections();
        await new Promise<void>((r) => s.close(() => r()));
      }
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface ScenarioResult {
  scenario: string;
  /** Requested status changes per second; 0 = a burst. */
  rate: number;
  networkRetries: number;
  changes: number;
  endpoints: number;
  executorConcurrency: string;
  commitSeconds: number;
  statusChangesPerSecond: number;
  drainSeconds: number;
  deliveriesPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; min: number };
  received: number;
  expected: number;
  validSignatures: number;
  distinctPairs: number;
  distinctEvents: number;
  distinctRequestIds: number;
  /** Receipts beyond one per (endpoint, event): retries of attempts the sender saw fail (e.g. time out). */
  redeliveries: number;
  ok: boolean;
}

async function runScenario(name: "postgres" | "pglite"): Promise<ScenarioResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: path.join(work, `${name}-data`),
    AUTH_SECRET: "kyc-bench-auth-secret-0123456789",
    AUTH_TRUST_HOST: "true",
    RATE_LIMIT_DISABLED: "true",
    WEBHOOK_ALLOW_LOOPBACK: "true", // the receivers are on 127.0.0.1
    ...(opt["executor-concurrency"] ? { INNGEST_EXECUTOR_CONCURRENCY: opt["executor-concurrency"] } : {}),
  };
  for (const key of ["DATABASE_URL", "INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY"]) delete env[key];
  if (name === "postgres") {
    say("starting a throw-away PostgreSQL");
    postgres = await bench.startPostgres("kyc_bench_webhooks");
    env.DATABASE_URL = postgres.url;
  }
  say(`${name}: migrate, seed, one API key`);
  const prepFile = path.join(work, `${name}-prepare.json`);
  const prepLog = path.join(work, `${name}-prepare.log`);
  const prep = startGroup(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(root, "bench", "prepare.ts"), prepFile, "1"], {
    cwd: root,
    env,
    logFile: prepLog,
  });
  if ((await prep.exited) !== 0) throw new Error(`prepare failed:\n${readFileSync(prepLog, "utf8").slice(-3000)}`);
  const { keys, workflowId } = JSON.parse(readFileSync(prepFile, "utf8")) as { keys: string[]; workflowId: string };

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const appLog = path.join(work, `${name}-app.log`);
  say(`${name}: next start on ${base}`);
  const profDir = path.join(work, `${name}-profile`);
  const app = startGroup(
    process.execPath,
    [
      ...(opt.profile ? ["--cpu-prof", `--cpu-prof-dir=${profDir}`] : []),
      path.join(root, "node_modules", "next", "dist", "bin", "next"),
      "start",
      "-H",
      "127.0.0.1",
      "-p",
      String(port),
    ],
    {
      cwd: root,
      env: { ...env, PORT: String(port), APP_URL: base },
      logFile: appLog,
    },
  );
  const rx = await startReceivers(ENDPOINTS);
  let networkRetries = 0;
  let appExit: number | string | null = null;
  void app.exited.then((code) => (appExit = code));
  try {
    await waitForHttp(`${base}/v1/ping`, 120_000, app.exited);
    // POSTs carry an Idempotency-Key, so a request that failed on the network is retried safely.
    const call = async (method: string, p: string, body?: unknown, idempotencyKey?: string) => {
      let res: Response | undefined;
      for (let attempt = 1; !res; attempt++) {
        try {
          res = await fetch(`${base}${p}`, {
            method,
            headers: {
              authorization: `Bearer ${keys[0]}`,
              ...(body ? { "content-type": "application/json" } : {}),
              ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          });
        } catch (err) {
          if (!idempotencyKey || attempt >= 3) throw err;
          networkRetries++;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const secrets: string[] = [];
    for (const url of rx.urls) secrets.push(String((await call("POST", "/v1/webhook_endpoints", { url, events: ["session.*"] })).secret));

    say(`${name}: ${CHANGES} status changes from ${CLIENTS} clients, ${ENDPOINTS} endpoints`);
    const t0 = Date.now();
    let next = 0;
    const runId = `${Date.now().toString(36)}-${name}`;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < CHANGES) {
          const n = next++;
          // --rate: change n is due at t0 + n / rate (an open-loop schedule).
          if (RATE > 0) await new Promise((r) => setTimeout(r, Math.max(0, t0 + (n * 1000) / RATE - Date.now())));
          await call("POST", "/v1/sessions", { workflow_id: workflowId, reference_id: `bench_webhook_${n}` }, `${runId}-${n}`);
        }
      }),
    );
    const committed = Date.now();
    const expected = CHANGES * ENDPOINTS;
    const deadline = Date.now() + 15 * 60_000;
    let lastReport = 0;
    while (rx.receipts.length < expected && Date.now() < deadline) {
      if (Date.now() - lastReport > 5000) {
        lastReport = Date.now();
        console.log(`    ${rx.receipts.length} / ${expected} received`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 2000)); // anything delivered twice would arrive now
    const done = rx.receipts.length ? Math.max(...rx.receipts.map((r) => r.at)) : Date.now();

    // Verify every receipt: signature (Stripe and the README snippet), one per (endpoint, event).
    const stripe = new Stripe("sk_test_unused");
    let valid = 0;
    const pairs = new Set<string>();
    const events = new Set<string>();
    const latencies: number[] = [];
    let firstCommit = Infinity;
    for (const r of rx.receipts) {
      const secret = secrets[r.endpoint]!;
      let event: { id: string; created_at: string } | null = null;
      try {
        event = stripe.webhooks.constructEvent(r.body, r.signature, secret) as unknown as { id: string; created_at: string };
      } catch {
        event = null;
      }
      if (event && verifyServiceSignature(r.body, r.signature, secret)) valid++;
      const parsed = JSON.parse(r.body) as { id: string; type: string; created_at: string };
      const pair = `${r.endpoint}:${parsed.id}`;
      const createdAt = Date.parse(parsed.created_at);
      firstCommit = Math.min(firstCommit, createdAt);
      if (!pairs.has(pair)) latencies.push(r.at - createdAt); // the first arrival of each (endpoint, event)
      pairs.add(pair);
      events.add(parsed.id);
    }
    latencies.sort((a, b) => a - b);
    const span = (done - Math.min(firstCommit, t0)) / 1000;
    return {
      scenario: name,
      rate: RATE,
      networkRetries,
      changes: CHANGES,
      endpoints: ENDPOINTS,
      executorConcurrency: opt["executor-concurrency"] ?? "4 (default)",
      commitSeconds: round1((committed - t0) / 1000),
      statusChangesPerSecond: round1(CHANGES / ((committed - t0) / 1000)),
      drainSeconds: round1((done - committed) / 1000),
      deliveriesPerSecond: round1(pairs.size / span),
      latencyMs: {
        min: latencies[0] ?? NaN,
        p50: percentile(latencies, 50),
        p90: percentile(latencies, 90),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? NaN,
      },
      received: rx.receipts.length,
      expected,
      validSignatures: valid,
      distinctPairs: pairs.size,
      distinctEvents: events.size,
      distinctRequestIds: new Set(rx.receipts.map((r) => r.requestId)).size,
      redeliveries: rx.receipts.length - pairs.size,
      // Every (endpoint, event) arrived, every request was signed validly and is its own attempt.
      // A pair may arrive twice when an attempt timed out at the sender and was retried (at least
      // once delivery; receivers de-duplicate on the event id): counted in `redeliveries`.
      ok:
        pairs.size === expected &&
        valid === rx.receipts.length &&
        events.size === CHANGES &&
        new Set(rx.receipts.map((r) => r.requestId)).size === rx.receipts.length,
    };
  } catch (err) {
    await new Promise((r) => setTimeout(r, 500));
    throw new Error(`${(err as Error).message}${appExit !== null ? ` (the app exited: ${appExit})` : " (the app is still running)"}`, { cause: err });
  } finally {
    await rx.close();
    await stopGroup(app.pid);
    if (opt["keep-logs"]) writeFileSync(path.join(path.dirname(opt.out!), `webhooks-${name}-app.log`), readFileSync(appLog));
    if (opt.profile) {
      // The profile of the process that served the requests and ran the deliveries: the largest one.
      const files = existsSync(profDir) ? readdirSync(profDir).map((f) => path.join(profDir, f)) : [];
      const biggest = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
      if (biggest) {
        const file = path.join(path.dirname(opt.out!), `webhooks-${name}.cpuprofile`);
        writeFileSync(file, readFileSync(biggest));
        const summary = summarizeProfile(file);
        console.log(
          `    CPU profile (${summary.busyMs} ms busy): ${summary.byOrigin
            .slice(0, 8)
            .map((o) => `${o.origin} ${o.pct} %`)
            .join(", ")}`,
        );
        for (const f of summary.topFunctions.slice(0, 15)) console.log(`      ${String(f.pct).padStart(5)} %  ${f.fn}  [${f.origin}]`);
      }
    }
    bench.stopPostgres();
    postgres = null;
  }
}

ensureBuild(root, opt["no-build"]);
const results: ScenarioResult[] = [];
const failures: { scenario: string; error: string }[] = [];
for (const name of SCENARIOS) {
  try {
    results.push(await runScenario(name));
  } catch (err) {
    const log = path.join(work, `${name}-app.log`);
    console.error(`!!! ${name} failed: ${(err as Error).message}`);
    if (existsSync(log)) console.error(`--- last lines of the app log ---\n${readFileSync(log, "utf8").split("\n").slice(-40).join("\n")}`);
    failures.push({ scenario: name, error: (err as Error).message });
  }
}

console.log(`\n${RATE ? `${RATE} status changes/s` : "burst"}`);
console.log("scenario  changes  deliveries/s  commit→receipt p50 / p90 / p99 / max (ms)  received  valid sig  unique (endpoint,event)  redelivered  ok");
for (const r of results) {
  console.log(
    `${r.scenario.padEnd(9)} ${String(r.changes).padStart(7)}  ${String(r.deliveriesPerSecond).padStart(12)}  ${`${r.latencyMs.p50} / ${r.latencyMs.p90} / ${r.latencyMs.p99} / ${r.latencyMs.max}`.padStart(40)}  ${`${r.received}/${r.expected}`.padStart(9)}  ${String(r.validSignatures).padStart(9)}  ${String(r.distinctPairs).padStart(23)}  ${String(r.redeliveries).padStart(11)}  ${r.ok ? "yes" : "NO"}`,
  );
}
mkdirSync(path.dirname(opt.out!), { recursive: true });
writeFileSync(
  opt.out!,
  `${JSON.stringify({ date: new Date().toISOString(), machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version }, results, failures }, null, 2)}\n`,
);
console.log(`\nwrote ${path.relative(root, opt.out!)}`);
process.exitCode = !failures.length && results.every((r) => r.ok) ? 0 : 1;
