/**
 * `npm run demo`: migrate the embedded database, seed the demo tenant (idempotent), mint a
 * fresh sk_test_ key, bring up a virus scanner for uploads (scripts/demo-scanner.ts), write a
 * sandbox-signed Aadhaar file (scripts/demo-aadhaar.ts), build the app when its sources changed
 * since the last build, start it on PORT (default 3000), and print the dashboard URL, the admin
 * login, the key, the scanner and the test values. Ctrl-C stops the app and the scanner.
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { createApiKey } from "../server/api-keys/create-api-key";
import { closeDb, getDb, getSql } from "../server/db";
import { applyMigrations } from "../server/db/migrate";
import { appUrl, env } from "../server/env";
import { seedDemo } from "../server/seed/seed-demo";
import { needsBuild } from "./build-state";
import { DEMO_SHARE_CODE, writeDemoAadhaarZip } from "./demo-aadhaar";
import { startDemoScanner } from "./demo-scanner";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const t0 = Date.now();
// clamd loads its databases (up to a minute with the official ones) while the rest gets ready
const scannerStarting = startDemoScanner();
const sql = await getSql();
const applied = await applyMigrations(sql);
await sql.close();
const db = await getDb();
const seed = await seedDemo(db);
const key = await createApiKey(db, { projectId: seed.projectId, mode: "test", name: "demo" });
await closeDb();
console.log(`Database ready (${applied.length} migration(s) applied) in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
const aadhaarZip = path.relative(process.cwd(), await writeDemoAadhaarZip(path.resolve(env.DATA_DIR, "demo")));

// Test-mode webhooks may target the developer's own machine (server/webhooks/url-guard.ts), unless set otherwise.
const childEnv: NodeJS.ProcessEnv = { WEBHOOK_ALLOW_LOOPBACK: "true", ...process.env, NEXT_TELEMETRY_DISABLED: "1", PORT: String(env.PORT) };
if (needsBuild(root)) {
  console.log("Building the app (next build)…");
  const b = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], { cwd: root, stdio: "inherit", env: childEnv });
  if (b.status !== 0) {
    await (await scannerStarting).stop();
    process.exit(b.status ?? 1);
  }
} else {
  console.log("Build is up to date.");
}
const scanner = await scannerStarting;
Object.assign(childEnv, scanner.env);

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
  │ Workflows   India KYC ${seed.workflows.kyc} · India KYC (full) ${seed.workflows.kycFull} · India KYB ${seed.workflows.kyb}
  │ Scanner     ${scanner.banner}
  │ Aadhaar     ${aadhaarZip} (share code ${DEMO_SHARE_CODE}), signed with the sandbox's test key; a new one on each start
  │ Try it      curl -s ${base}/v1/sessions -H "Authorization: Bearer ${key.secret}" \\
  │               -H "Content-Type: application/json" -d '{"workflow_id":"${seed.workflows.kyc}"}'
  │ Ready in    ${((Date.now() - t0) / 1000).toFixed(1)} s   (Ctrl-C stops)
  └──────────────────────────────────────────────────────────────`);
  }
});
const stop = () => server.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => {
  void scanner.stop().finally(() => process.exit(code ?? 0));
});
