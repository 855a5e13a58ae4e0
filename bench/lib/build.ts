/**
 * The production build a benchmark measures: `next build` when a source is newer than
 * `.next/BUILD_ID` (scripts/build-state.ts, the rule of `npm run demo`), unless `noBuild`.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { needsBuild } from "../../scripts/build-state";
import { say } from "./workspace";

/**
 * @returns whether it built, and how long that took (s).
 * @throws Error when the build fails, or with `noBuild` when there is no build at all.
 */
export function ensureBuild(root: string, noBuild = false): { built: boolean; seconds: number } {
  if (!needsBuild(root)) return { built: false, seconds: 0 };
  if (noBuild) {
    if (!existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("--no-build, but there is no build in .next");
    say("sources are newer than .next, but --no-build was given");
    return { built: false, seconds: 0 };
  }
  say("next build (sources are newer than .next/BUILD_ID)");
  const t0 = Date.now();
  const r = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`next build failed (exit ${r.status}):\n${`${r.stdout}\n${r.stderr}`.split("\n").slice(-40).join("\n")}`);
  return { built: true, seconds: Math.round((Date.now() - t0) / 100) / 10 };
}
