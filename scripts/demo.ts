/**
 * `npm run demo`: migrate the embedded database, seed the demo tenant (idempotent), mint a
 * fresh sk_test_ key, build the app when its sources changed since the last build, start it on
 * PORT (default 3000), and print the dashboard URL, the admin login and the key.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { createApiKey } from "../server/api-keys/create-api-key";
import { closeDb, getDb, getSql } from "../server/db";
import { applyMigrations } from "../server/db/migrate";
import { appUrl, env } from "../server/env";
import { seedDemo } from "../server/seed/seed-demo";
import { needsBuild } from "./build-state";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const t0 = Date.now();
const sql = await getSql();
const applied = await applyMigrations(sql);
await sql.close();
const db = await getDb();
const seed = await seedDemo(db);
const key = await createApiKey(db, { projectId: seed.projectId, mode: "test", name: "demo" });
await closeDb();
console.log(`Database ready (${applied.length} migration(s) applied) in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);

// Test-mode webhooks may target the developer's own machine (server/webhooks/url-guard.ts), unless set otherwise.
const childEnv = { WEBHOOK_ALLOW_LOOPBACK: "true", ...process.env, NEXT_TELEMETRY_DISABLED: "1", PORT: String(env.PORT) };
if (needsBuild(root)) {
  console.log("Building the app (next build)…");
  const b = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], { cwd: root, stdio: "inherit", env: childEnv });
  if (b.status !== 0) process.exit(b.status ?? 1);
} else {
  console.log("Build is up to date.");
}

const server = spawn(path.join(root, "node_modules", ".bin", "next"), ["start", "-p", String(env.PORT)], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
  env: childEnv,
});
let announced = false;
server.stdout.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  if (!announced && /Ready|started server/i.test(chunk.toString())) {
    announced = true;
    const base = appUrl();
    console.log(`
  ┌──────────────────────────────────────────────────────────────
  │ Dashboard   ${base}/dashboard
  │ Admin login ${seed.adminEmail} / ${seed.adminPassword}
  │ API key     ${key.secret}
  │ Workflows   India KYC ${seed.workflows.kyc} · India KYB ${seed.workflows.kyb}
  │ Try it      curl -s ${base}/v1/sessions -H "Authorization: Bearer ${key.secret}" \\
  │               -H "Content-Type: application/json" -d '{"workflow_id":"${seed.workflows.kyc}"}'
  │ Ready in    ${((Date.now() - t0) / 1000).toFixed(1)} s   (Ctrl-C stops)
  └──────────────────────────────────────────────────────────────`);
  }
});
const stop = () => server.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));
