// Offline migration SQL generator (ARCHITECTURE.md "Prisma 7").
//   node tools/prisma-diff/diff.mjs <from: schema.prisma | empty | migrations-dir> <to: schema.prisma>
// Prints the SQL that turns FROM into TO, as Prisma's own `migrate diff --script` writes it,
// using Prisma 6.19's WASM schema engine over an in-memory PGlite (prisma.config.ts here).
// Prisma 7 schemas carry no datasource url, which Prisma 6 insists on, so each schema is
// copied to a temp file with a placeholder url first.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const tmp = mkdtempSync(path.join(tmpdir(), "prisma-diff-"));

function asPrisma6(schemaPath, name) {
  const text = readFileSync(schemaPath, "utf8").replace(
    /datasource\s+db\s*\{([^}]*)\}/,
    (_m, body) => `datasource db {${body}  url = "postgresql://localhost/unused"\n}`,
  );
  const out = path.join(tmp, `${name}.prisma`);
  writeFileSync(out, text);
  return out;
}

function source(arg, side) {
  if (arg === "empty") return [`--${side}-empty`];
  if (statSync(arg).isDirectory()) return [`--${side}-migrations`, path.resolve(arg)];
  return [`--${side}-schema-datamodel`, asPrisma6(path.resolve(arg), side)];
}

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error("usage: diff.mjs <from schema.prisma | empty | migrations dir> <to schema.prisma>");
  process.exit(2);
}
// The CLI insists these engine files exist even though the WASM engine is used.
const stub = path.join(tmp, "engine-stub");
writeFileSync(stub, "#!/bin/sh\nexit 1\n", { mode: 0o755 });
const out = execFileSync(
  path.join(here, "node_modules", ".bin", "prisma"),
  ["migrate", "diff", ...source(from, "from"), ...source(to, "to"), "--script", "--config", path.join(here, "prisma.config.ts")],
  {
    cwd: here,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
      PRISMA_QUERY_ENGINE_LIBRARY: stub,
      PRISMA_SCHEMA_ENGINE_BINARY: stub,
    },
  },
);
process.stdout.write(out);
