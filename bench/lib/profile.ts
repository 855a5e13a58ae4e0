/**
 * Summary of a V8 .cpuprofile (written by `node --cpu-prof`, see `npm run bench -- --profile`):
 * self time grouped by where the code comes from (an npm package, a Next server chunk of the
 * app, Node internals, WebAssembly, GC), and the hottest functions.
 */
import { readFileSync } from "node:fs";

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Milliseconds of CPU (idle excluded) in the profile. */
  busyMs: number;
  /** Share of busy time per origin, largest first. */
  byOrigin: { origin: string; pct: number }[];
  /** Hottest functions by self time. */
  topFunctions: { fn: string; origin: string; pct: number }[];
}

export function origin(url: string, fn: string): string {
  if (!url) return fn.startsWith("(") ? fn : "(native)";
  if (url.startsWith("wasm://")) return "WebAssembly (Prisma query compiler or PGlite)";
  if (url.startsWith("node:")) {
    const m = /^node:(?:internal\/)?([\w-]+)/.exec(url);
    return `node:${m?.[1] ?? "?"}`;
  }
  const nm = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  if (nm) {
    const [, pkg, rest] = nm;
    if (pkg === "next") {
      const compiled = /dist\/compiled\/([^/]+)/.exec(rest!);
      return compiled ? `next (compiled ${compiled[1]})` : "next";
    }
    return pkg!;
  }
  const chunk = /\/\.next\/server\/(?:chunks\/)?(.*)$/.exec(url);
  if (chunk) {
    const name = chunk[1]!;
    if (/prisma/i.test(name)) return "app bundle: @prisma/client runtime";
    if (/zod/i.test(name)) return "app bundle: zod";
    if (/next/i.test(name) && !/server_/i.test(name)) return `app bundle: next (${name.slice(0, 40)})`;
    return `app bundle: ${name.slice(0, 60)}`;
  }
  return url.replace(/^file:\/\//, "").slice(-60);
}

export function summarizeProfile(file: string, top = 15): ProfileSummary {
  const p = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) self.set(p.samples[i]!, (self.get(p.samples[i]!) ?? 0) + (p.timeDeltas[i] ?? 0));
  let busy = 0;
  const origins = new Map<string, number>();
  const fns = new Map<string, { origin: string; us: number }>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const { functionName, url, lineNumber } = n.callFrame;
    if (functionName === "(idle)") continue;
    busy += us;
    const o = origin(url, functionName);
    origins.set(o, (origins.get(o) ?? 0) + us);
    const key = `${functionName || "(anonymous)"} ${url ? `${url.split("/").slice(-1)[0]}:${lineNumber + 1}` : ""}`.trim();
    const f = fns.get(key) ?? { origin: o, us: 0 };
    f.us += us;
    fns.set(key, f);
  }
  const pct = (us: number) => Math.round((1000 * us) / Math.max(busy, 1)) / 10;
  return {
    busyMs: Math.round(busy / 1000),
    byOrigin: [...origins]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([o, us]) => ({ origin: o, pct: pct(us) })),
    topFunctions: [...fns]
      .sort((a, b) => b[1].us - a[1].us)
      .slice(0, top)
      .map(([fn, f]) => ({ fn: fn.slice(0, 90), origin: f.origin, pct: pct(f.us) })),
  };
}
