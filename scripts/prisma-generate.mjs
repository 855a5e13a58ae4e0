// Generates the Prisma client offline. The Prisma CLI only checks that a schema-engine
// binary exists before `generate` (it never runs it for generate), and that binary cannot
// be downloaded on our machines, so we point PRISMA_SCHEMA_ENGINE_BINARY at a stub
// executable unless a real engine is configured. See ARCHITECTURE.md "Prisma 7".
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const stub = path.join(root, "node_modules", ".cache", "prisma-schema-engine-stub");
  if (!existsSync(stub)) {
    mkdirSync(path.dirname(stub), { recursive: true });
    writeFileSync(stub, "#!/bin/sh\necho 'schema engine unavailable offline: use npm run db:migrate' >&2\nexit 1\n");
    chmodSync(stub, 0o755);
  }
  env.PRISMA_SCHEMA_ENGINE_BINARY = stub;
}
execFileSync(path.join(root, "node_modules", ".bin", "prisma"), ["generate"], { stdio: "inherit", cwd: root, env });
