/**
 * Whether the production build in `.next` is older than the sources it was built from (the
 * rule `npm run demo` and `npm run bench` use to skip `next build`).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "components",
  "server",
  "inngest",
  "public",
  "next.config.ts",
  "proxy.ts",
  "package-lock.json",
  "postcss.config.mjs",
  "instrumentation.ts",
];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((m, name) => (name === "generated" || name.endsWith(".test.ts") ? m : Math.max(m, newestMtime(path.join(p, name)))), st.mtimeMs);
}

/** True when `<root>/.next/BUILD_ID` is missing or a source is newer than it. */
export function needsBuild(root: string): boolean {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}
