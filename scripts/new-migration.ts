/**
 * `npm run db:new-migration -- <name>`: writes prisma/migrations/<UTC timestamp>_<name>/migration.sql
 * with the SQL that turns the schema of the last committed migration into the current
 * prisma/schema.prisma, generated offline by Prisma's own differ (tools/prisma-diff).
 * The migration drift test (prisma/migrations.test.ts) then proves the result.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:new-migration -- <snake_case_name>");
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, "..");
if (!existsSync(path.join(root, "tools/prisma-diff/node_modules"))) {
  execFileSync("npm", ["ci", "--prefix", "tools/prisma-diff", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
}
const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
const base = git("log", "-1", "--format=%H", "--", "prisma/migrations");
const baseSchema = path.join(mkdtempSync(path.join(tmpdir(), "new-migration-")), "schema.prisma");
writeFileSync(baseSchema, git("show", `${base}:prisma/schema.prisma`));
const sql = execFileSync(process.execPath, [path.join(root, "tools/prisma-diff/diff.mjs"), baseSchema, path.join(root, "prisma/schema.prisma")], {
  cwd: root,
  encoding: "utf8",
});
if (!sql.trim() || /^-- This is an empty migration\.\s*$/.test(sql.trim())) {
  console.log("No schema changes since the last migration.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(root, "prisma/migrations", `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql);
console.log(`Wrote ${path.relative(root, dir)}/migration.sql`);
