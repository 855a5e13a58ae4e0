/**
 * `node --conditions=react-server --import tsx bench/prepare.ts <out.json> <keys>` — run by
 * bench/api.ts before it starts the app, once per database (DATABASE_URL set: PostgreSQL;
 * unset: the embedded PGlite in DATA_DIR, which only one process may open, hence before the
 * app). It migrates and seeds the database through the app's own functions, mints `<keys>`
 * sk_test_ keys, then counts the SQL statements of one request per benchmarked endpoint by
 * calling the real route handlers in-process (bench/sql-count.ts), and writes it all as JSON.
 * The react-server condition resolves `server-only` to its empty module, as in Next's bundles.
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createApiKey } from "../server/api-keys/create-api-key";
import { closeDb, getSql } from "../server/db";
import { applyMigrations } from "../server/db/migrate";
import { seedDemo } from "../server/seed/seed-demo";
import { installCountingClient, Recorder, type StatementCount, summarize } from "./sql-count";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const [outFile, keysArg] = process.argv.slice(2);
if (!outFile) {
  console.error("usage: prepare.ts <out.json> [keys]");
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, "..");
const ROUTES = { sessions: "app/v1/sessions/route.ts", session: "app/v1/sessions/[id]/route.ts", ping: "app/v1/ping/route.ts" };
for (const f of Object.values(ROUTES)) {
  if (!existsSync(path.join(root, f))) throw new Error(`${f} is missing: the benchmark needs it (GET /v1/ping is the ceiling route).`);
}

const rec = new Recorder();
const db = await installCountingClient(rec);
try {
  const sql = await getSql();
  await applyMigrations(sql);
  await sql.close();
  const seed = await seedDemo(db);
  const keys: string[] = [];
  for (let i = 0; i < Math.max(1, Number(keysArg ?? 1)); i++)
    keys.push((await createApiKey(db, { projectId: seed.projectId, mode: "test", name: `bench ${i + 1}` })).secret);

  const sessions = (await import(path.join(root, ROUTES.sessions))) as Record<string, Handler>;
  const session = (await import(path.join(root, ROUTES.session))) as Record<string, Handler>;
  const ping = (await import(path.join(root, ROUTES.ping))) as Record<string, Handler>;

  const base = "http://127.0.0.1";
  const auth = { authorization: `Bearer ${keys[0]}` };
  let n = 0;
  let lastId = "";
  const calls: Record<string, () => Promise<Response>> = {
    ping: () => ping.GET!(new Request(`${base}/v1/ping`, { headers: auth }), { params: Promise.resolve({}) }),
    create: async () => {
      const res = await sessions.POST!(
        new Request(`${base}/v1/sessions`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json", "idempotency-key": `bench-count-${process.pid}-${++n}` },
          body: JSON.stringify({ workflow_id: seed.workflows.kyc, reference_id: `bench_count_${n}` }),
        }),
        { params: Promise.resolve({}) },
      );
      if (res.ok) lastId = ((await res.clone().json()) as { id: string }).id;
      return res;
    },
    retrieve: () => session.GET!(new Request(`${base}/v1/sessions/${lastId}`, { headers: auth }), { params: Promise.resolve({ id: lastId }) }),
    list: () => sessions.GET!(new Request(`${base}/v1/sessions?limit=25`, { headers: auth }), { params: Promise.resolve({}) }),
  };

  // Per endpoint: 2 warm-up calls, then 5 counted ones; every counted call must be a 2xx and
  // send the same number of statements (else the range is reported).
  const counts: Record<string, StatementCount & { min: number; max: number }> = {};
  for (const [name, call] of Object.entries(calls)) {
    for (let i = 0; i < 2; i++) await call();
    const runs: StatementCount[] = [];
    for (let i = 0; i < 5; i++) {
      rec.reset();
      const res = await call();
      const body = await res.text();
      if (!res.ok) throw new Error(`${name}: HTTP ${res.status} ${body.slice(0, 300)}`);
      runs.push(summarize(rec));
    }
    const last = runs.at(-1)!;
    counts[name] = { ...last, min: Math.min(...runs.map((r) => r.statements)), max: Math.max(...runs.map((r) => r.statements)) };
  }
  writeFileSync(outFile, JSON.stringify({ projectId: seed.projectId, workflowId: seed.workflows.kyc, keys, counts }, null, 2));
} finally {
  await closeDb();
}
