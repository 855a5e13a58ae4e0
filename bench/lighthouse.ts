/**
 * `npm run bench:lighthouse`: Lighthouse (the npm package, mobile defaults: Moto G Power
 * emulation, simulated slow 4G, 4x CPU slowdown) on the first screen of every step of "India
 * KYC (full)" in English and Hindi, against the production build, with Debian's Chromium.
 *
 *   npm run bench:lighthouse                     # every step, both languages (~10 min)
 *   npm run bench:lighthouse -- --steps consent  # some steps (comma-separated)
 *   npm run bench:lighthouse -- --runs 3         # median of 3 runs per page
 *   npm run bench:lighthouse -- --no-build       # use .next as it is
 *
 * 1. `next build` when a source is newer than .next/BUILD_ID (bench/lib/build.ts).
 * 2. A fresh embedded database in a temp dir, migrated and seeded, with one session per step and
 *    language fast-forwarded to that step (bench/lighthouse-prepare.ts).
 * 3. `next start` on a free 127.0.0.1 port, then Lighthouse per page (performance only).
 * 4. Prints the table (issue 18's targets: performance >= 95, LCP <= 2.0 s, <= 250 KiB before
 *    the first interaction) and writes every number to bench/results/lighthouse.json (git-ignored).
 *    Every process it started and its temp dir are removed on exit.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureBuild } from "./lib/build";
import { freePort, startGroup, stopGroup, waitForHttp } from "./lib/proc";
import { benchWorkspace, say } from "./lib/workspace";

const root = path.resolve(import.meta.dirname, "..");
const { values: opt } = parseArgs({
  options: {
    steps: { type: "string" },
    runs: { type: "string", default: "1" },
    "no-build": { type: "boolean", default: false },
    chromium: { type: "string", default: "/usr/bin/chromium" },
  },
});

/** Issue 18's targets for the first flow screen. */
export const TARGETS = { performance: 95, lcpMs: 2000, kib: 250 };

interface PageResult {
  step: string;
  locale: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** bytes transferred during the load (before any interaction), by type */
  totalKib: number;
  scriptKib: number;
  fontKib: number;
  stylesheetKib: number;
  /** what Lighthouse took for the largest contentful paint (its selector and text), and the scripts loaded, largest first */
  lcpElement?: string;
  scripts?: { url: string; kib: number }[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function audit(url: string, port: number): Promise<Omit<PageResult, "step" | "locale">> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const size = (type: string) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(num("first-contentful-paint")),
    lcpMs: Math.round(num("largest-contentful-paint")),
    tbtMs: Math.round(num("total-blocking-time")),
    cls: Math.round(num("cumulative-layout-shift") * 1000) / 1000,
    totalKib: kib(size("total")),
    scriptKib: kib(size("script")),
    fontKib: kib(size("font")),
    stylesheetKib: kib(size("stylesheet")),
    lcpElement: lcpElement(lhr.audits["largest-contentful-paint-element"]?.details),
    scripts: ((lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [])
      .filter((i) => i.resourceType === "Script")
      .map((i) => ({ url: new URL(i.url).pathname, kib: kib(i.transferSize ?? 0) }))
      .sort((a, b) => b.kib - a.kib),
  };
}

/** The LCP element audit's node (Lighthouse 12: a list whose first table holds the node), as "selector: text". */
function lcpElement(details: unknown): string | undefined {
  type Node = { selector?: string; nodeLabel?: string };
  const d = details as { items?: { items?: { node?: Node }[]; node?: Node }[] } | undefined;
  const node = d?.items?.[0]?.items?.[0]?.node ?? d?.items?.[0]?.node;
  return node ? `${node.selector ?? "?"}: ${(node.nodeLabel ?? "").slice(0, 80)}` : undefined;
}

function table(rows: PageResult[]): string {
  const head = ["step", "lang", "perf", "FCP s", "LCP s", "TBT ms", "CLS", "KiB total", "JS", "fonts", "CSS", "targets"];
  const lines = rows.map((r) => {
    const ok = r.performance >= TARGETS.performance && r.lcpMs <= TARGETS.lcpMs && r.totalKib <= TARGETS.kib;
    return [
      r.step,
      r.locale,
      r.performance,
      (r.fcpMs / 1000).toFixed(2),
      (r.lcpMs / 1000).toFixed(2),
      r.tbtMs,
      r.cls,
      r.totalKib,
      r.scriptKib,
      r.fontKib,
      r.stylesheetKib,
      ok ? "met" : "MISSED",
    ].map(String);
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [row(head), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...lines.map(row)].join("\n");
}

async function main() {
  ensureBuild(root, opt["no-build"]);
  const bench = benchWorkspace("kyc-lighthouse");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: path.join(bench.work, "data"),
    AUTH_SECRET: "kyc-bench-auth-secret-0123456789",
    AUTH_TRUST_HOST: "true",
    RATE_LIMIT_DISABLED: "true",
    SCANNER: "off", // test-mode uploads of the fast-forwarded sessions, unscanned
  };
  for (const key of ["DATABASE_URL", "INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY"]) delete env[key];

  say("migrate, seed, one session per step and language");
  const prepFile = path.join(bench.work, "pages.json");
  const prepLog = path.join(bench.work, "prepare.log");
  const prep = startGroup(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", path.join(root, "bench", "lighthouse-prepare.ts"), prepFile, ...(opt.steps ? [opt.steps] : [])],
    {
      cwd: root,
      env,
      logFile: prepLog,
    },
  );
  if ((await prep.exited) !== 0) throw new Error(`prepare failed:\n${readFileSync(prepLog, "utf8").slice(-3000)}`);
  const only = opt.steps ? new Set(opt.steps.split(",")) : null;
  const pages = (JSON.parse(readFileSync(prepFile, "utf8")) as { step: string; locale: string; url: string }[]).filter((p) => !only || only.has(p.step));

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  say(`next start on ${base}`);
  const app = startGroup(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: root,
    env: { ...env, PORT: String(port), APP_URL: base },
    logFile: path.join(bench.work, "app.log"),
  });
  const chrome = await launch({
    chromePath: opt.chromium,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    await waitForHttp(`${base}/healthz`, 120_000, app.exited);
    // one unmeasured load warms the server (route compilation caches, the database)
    if (pages[0]) await audit(`${base}${pages[0].url}`, chrome.port);
    const rows: PageResult[] = [];
    for (const page of pages) {
      const runs: Omit<PageResult, "step" | "locale">[] = [];
      for (let i = 0; i < Math.max(1, Number(opt.runs)); i++) runs.push(await audit(`${base}${page.url}`, chrome.port));
      type Measure = { [K in keyof PageResult]-?: PageResult[K] extends number ? K : never }[keyof PageResult];
      const pick = (k: Measure) => median(runs.map((r) => r[k]));
      const row: PageResult = {
        step: page.step,
        locale: page.locale,
        performance: pick("performance"),
        fcpMs: pick("fcpMs"),
        lcpMs: pick("lcpMs"),
        tbtMs: pick("tbtMs"),
        cls: pick("cls"),
        totalKib: pick("totalKib"),
        scriptKib: pick("scriptKib"),
        fontKib: pick("fontKib"),
        stylesheetKib: pick("stylesheetKib"),
        lcpElement: runs[0]?.lcpElement,
        scripts: runs[0]?.scripts,
      };
      rows.push(row);
      say(
        `${page.step} (${page.locale}): performance ${row.performance}, LCP ${(row.lcpMs / 1000).toFixed(2)} s, ${row.totalKib} KiB (LCP: ${row.lcpElement ?? "?"})`,
      );
    }
    console.log(`\n${table(rows)}\n`);
    mkdirSync(path.join(root, "bench", "results"), { recursive: true });
    writeFileSync(path.join(root, "bench", "results", "lighthouse.json"), JSON.stringify({ at: new Date().toISOString(), targets: TARGETS, rows }, null, 2));
  } finally {
    chrome.kill();
    await stopGroup(app.pid);
  }
}

await main();
