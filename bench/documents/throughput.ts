/**
 * Pages per second of the app's OCR (tesseract.js WASM workers in the pool of
 * server/intelligence/ocr/tesseract-ocr.ts) next to native Tesseract (Debian's `tesseract-ocr`,
 * `apt-get install -y tesseract-ocr tesseract-ocr-hin`) on the same pages: the uploaded images
 * after the app's preprocessing (`prepareForOcr`), each with its parser's languages, the same
 * traineddata (the npm packages' `4.0.0_best_int` models, unpacked for the native binary), page
 * segmentation 3, LSTM engine. Both use every core: the app's pool (one worker per core unless
 * OCR_WORKERS says otherwise) with every page submitted at once, and as many native processes in
 * parallel as there are cores, each with `OMP_THREAD_LIMIT=1` (one thread, as one WASM worker).
 * The pool is warmed first (its workers created), so worker start-up is not counted.
 * Wall-clock pages per second depend on what else runs on the machine (the load average is
 * reported beside each run); CPU seconds per page do not: the app's is this process's CPU (the
 * worker threads included), native's the CPU of its finished child processes (Linux
 * /proc/self/stat `cutime` + `cstime`).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { packageDir } from "../../server/intelligence/node-modules";
import { prepareForOcr } from "../../server/intelligence/ocr/preprocess";
import { ocrPoolSize, recognizeText } from "../../server/intelligence/ocr/tesseract-ocr";
import { asImage } from "../../server/intelligence/pdf-page";
import type { ThroughputPage } from "./evaluate";

/** One measured run. */
export interface ThroughputRun {
  engine: "app (tesseract.js pool)" | "native tesseract";
  parallel: number;
  pages: number;
  wallS: number;
  pagesPerS: number;
  /** CPU seconds per page (all threads or child processes of the engine). */
  cpuSPerPage: number;
  /** 1-minute load average before and after the run. */
  load: [number, number];
}

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** CPU seconds of this process's terminated, waited-for children (Linux). */
function childrenCpuS(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  // after "pid (comm) ": state is field 3, cutime 16 and cstime 17 (proc(5))
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

const selfCpuS = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Runs `fn` on every item with at most `n` at a time. */
async function parallel<T>(items: T[], n: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

function runNative(file: string, languages: string, tessdata: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(
      "tesseract",
      [file, "stdout", "--tessdata-dir", tessdata, "-l", languages, "--oem", "1", "--psm", "3", "-c", "preserve_interword_spaces=1", "tsv"],
      {
        env: { ...process.env, OMP_THREAD_LIMIT: "1" },
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let err = "";
    p.stderr.on("data", (d) => (err += d));
    p.on("error", reject);
    p.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`tesseract exited ${code}: ${err.slice(0, 300)}`))));
  });
}

/** True when the native `tesseract` binary runs. */
export function nativeTesseractAvailable(): Promise<boolean> {
  return new Promise((resolve) => {
    const p = spawn("tesseract", ["--version"], { stdio: "ignore" });
    p.on("error", () => resolve(false));
    p.on("exit", (code) => resolve(code === 0));
  });
}

/**
 * Measures both engines on the pages, alternating (app, native) `rounds` times; every run is reported.
 * @throws Error when the native binary fails on a page.
 */
export async function measureThroughput(pages: ThroughputPage[], rounds = 3): Promise<ThroughputRun[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "kyc-ocr-throughput-"));
  try {
    for (const lang of ["eng", "hin"])
      writeFileSync(
        path.join(dir, `${lang}.traineddata`),
        gunzipSync(readFileSync(path.join(packageDir(`@tesseract.js-data/${lang}`), "4.0.0_best_int", `${lang}.traineddata.gz`))),
      );
    const prepared = await Promise.all(
      pages.map(async (p, i) => {
        const png = await prepareForOcr(await asImage(p.bytes));
        const file = path.join(dir, `page-${i}.png`);
        writeFileSync(file, png);
        return { png, file, languages: p.languages };
      }),
    );
    // warm the pool: every worker of every language set created
    const size = ocrPoolSize();
    for (const langs of new Set(prepared.map((p) => p.languages.join("+")))) {
      const sample = prepared.find((p) => p.languages.join("+") === langs)!;
      await Promise.all(Array.from({ length: size }, () => recognizeText(sample.png, { languages: sample.languages })));
    }
    const runs: ThroughputRun[] = [];
    const nativeParallel = availableParallelism();
    const run = async (engine: ThroughputRun["engine"], parallelism: number, cpu: () => number, fn: () => Promise<void>) => {
      const load0 = loadavg()[0]!;
      const cpu0 = cpu();
      const t0 = performance.now();
      await fn();
      const wallS = (performance.now() - t0) / 1000;
      runs.push({
        engine,
        parallel: parallelism,
        pages: prepared.length,
        wallS,
        pagesPerS: prepared.length / wallS,
        cpuSPerPage: (cpu() - cpu0) / prepared.length,
        load: [load0, loadavg()[0]!],
      });
    };
    for (let r = 0; r < rounds; r++) {
      await run("app (tesseract.js pool)", size, selfCpuS, async () => {
        await Promise.all(prepared.map((p) => recognizeText(p.png, { languages: p.languages })));
      });
      await run("native tesseract", nativeParallel, childrenCpuS, () =>
        parallel(prepared, nativeParallel, (p) => runNative(p.file, p.languages.join("+"), dir)),
      );
    }
    return runs;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints the throughput table (Markdown) and the app's share of native throughput (best runs). */
export function printThroughput(runs: ThroughputRun[]): void {
  console.log("### OCR throughput, app vs native Tesseract (same pages, languages and models)\n");
  console.log("| engine | parallel | pages | wall s | pages/s | CPU s per page | load average (1 min) before → after |\n|---|---|---|---|---|---|---|");
  for (const r of runs)
    console.log(
      `| ${r.engine} | ${r.parallel} | ${r.pages} | ${r.wallS.toFixed(1)} | ${r.pagesPerS.toFixed(2)} | ${r.cpuSPerPage.toFixed(2)} | ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)} |`,
    );
  const best = (e: ThroughputRun["engine"]) => runs.filter((r) => r.engine === e).sort((a, b) => b.pagesPerS - a.pagesPerS)[0]!;
  const app = best("app (tesseract.js pool)");
  const native = best("native tesseract");
  console.log(
    `\nBest runs on ${availableParallelism()} cores: app ${app.pagesPerS.toFixed(2)} pages/s, native ${native.pagesPerS.toFixed(2)} pages/s (app ${((100 * app.pagesPerS) / native.pagesPerS).toFixed(0)} % of native); CPU per page app ${app.cpuSPerPage.toFixed(2)} s, native ${native.cpuSPerPage.toFixed(2)} s.\n`,
  );
}
