/**
 * OCR with Tesseract 5 (LSTM engine) compiled to WASM (`tesseract.js` 7 + `tesseract.js-core`),
 * with the traineddata of the npm packages `@tesseract.js-data/eng` and `@tesseract.js-data/hin`
 * (tessdata `4.0.0_best_int`). Nothing is fetched at run time: the core is `require`d from
 * node_modules by tesseract.js's Node worker, `langPath` points at the data packages (several
 * languages: a temp directory of symlinks to them) and `cacheMethod: "none"` keeps it from writing
 * `*.traineddata` into the working directory.
 *
 * A pool of workers per language set per process: a worker is a WASM Tesseract on one thread
 * that runs one recognition at a time, so the pool holds up to `OCR_WORKERS` of them (unset: one
 * per core, `os.availableParallelism()`) to use every core. Workers are created lazily, when a
 * page arrives and every existing one is busy (loading `eng` takes ~0.7 s), and kept warm; past
 * the pool size, pages wait for the next free worker in arrival order. A recognition holds its
 * worker from setting its parameters to the end of the recognition, so concurrent calls with
 * different options (e.g. the MRZ whitelist) never see each other's parameters.
 * `terminateOcr` ends every worker (shutdown, tests).
 */
import { mkdtemp, symlink } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import type { Worker } from "tesseract.js";
import { env } from "../../env";
import { loadNodeModule, packageDir } from "../node-modules";

type TesseractModule = typeof import("tesseract.js");

/** Languages with traineddata installed from npm. */
export type OcrLanguage = "eng" | "hin";

/** `[x0, y0, x1, y1]` in pixels of the recognized image. */
export type OcrBox = [number, number, number, number];

/** One recognized word with its characters (Tesseract's "symbols") and their boxes: what masking needs (server/uploads/mask-aadhaar.ts). */
export interface OcrWord {
  text: string;
  /** 0..1 */
  confidence: number;
  bbox: OcrBox;
  /** Index of its line in `OcrResult.lines`. */
  line: number;
  symbols: { text: string; bbox: OcrBox }[];
}

/** One line of recognized text. */
export interface OcrLine {
  text: string;
  /** Tesseract's mean word confidence for the line, 0..1. */
  confidence: number;
  bbox: OcrBox;
}

/** The text of one image. */
export interface OcrResult {
  text: string;
  lines: OcrLine[];
  /** The words of `lines`, in reading order. */
  words: OcrWord[];
  /** Mean confidence of the page, 0..1. */
  confidence: number;
  /** Wall time of the recognition in milliseconds. */
  ms: number;
}

export interface OcrOptions {
  /** Default `["eng"]`. Each distinct set gets its own worker. */
  languages?: OcrLanguage[];
  /** Only these characters are recognized (e.g. the MRZ alphabet); default all. */
  whitelist?: string;
  /** Tesseract page segmentation mode; default 3 (automatic). 6 = one uniform block of text. */
  pageSegMode?: number;
}

/** The workers of one language set: all created (or being created), the idle ones, the recognitions running, the pages waiting. */
interface Pool {
  workers: Set<Promise<Worker>>;
  idle: Worker[];
  /** Settles when its recognition gives the worker back. */
  busy: Set<Promise<void>>;
  waiting: { resolve: (w: Worker) => void; reject: (e: Error) => void }[];
}

const pools = new Map<string, Pool>();

/** The directory of a language's gzipped traineddata in its npm package. */
function dataDir(lang: OcrLanguage): string {
  return path.join(packageDir(`@tesseract.js-data/${lang}`), "4.0.0_best_int");
}

/**
 * A `langPath` holding every language of the set: tesseract.js reads `${langPath}/${lang}.traineddata.gz`
 * from one directory, and each npm package has its own, so several languages get a private temp
 * directory of symlinks to the packages' files.
 */
async function langPathFor(languages: OcrLanguage[]): Promise<string> {
  if (languages.length === 1) return dataDir(languages[0]!);
  const dir = await mkdtemp(path.join(tmpdir(), "kyc-tessdata-"));
  await Promise.all(languages.map((l) => symlink(path.join(dataDir(l), `${l}.traineddata.gz`), path.join(dir, `${l}.traineddata.gz`))));
  return dir;
}

async function createOcrWorker(languages: OcrLanguage[]): Promise<Worker> {
  const { createWorker, OEM } = loadNodeModule<TesseractModule>("tesseract.js");
  return createWorker(languages, OEM.LSTM_ONLY, { langPath: await langPathFor(languages), cacheMethod: "none", gzip: true });
}

/** How many workers a language set's pool may hold: `OCR_WORKERS`, else the number of cores. */
export const ocrPoolSize = (): number => env.OCR_WORKERS ?? availableParallelism();

/** Number of workers per language set (`eng`, `eng+hin`, ...) created so far. */
export function ocrWorkerCounts(): Record<string, number> {
  return Object.fromEntries([...pools].map(([key, p]) => [key, p.workers.size]));
}

/**
 * Runs `fn` on a worker of the language set's pool (an idle one, a new one while the pool has
 * room, else the next one released) and gives the worker back when it settles.
 */
async function withWorker<T>(languages: OcrLanguage[], fn: (worker: Worker) => Promise<T>): Promise<T> {
  const { worker, release } = await leaseWorker(languages);
  try {
    return await fn(worker);
  } finally {
    release();
  }
}

async function leaseWorker(languages: OcrLanguage[]): Promise<{ worker: Worker; release: () => void }> {
  const key = languages.join("+");
  let pool = pools.get(key);
  if (!pool) {
    pool = { workers: new Set(), idle: [], busy: new Set(), waiting: [] };
    pools.set(key, pool);
  }
  const p = pool;
  const release = (worker: Worker) => {
    let done!: () => void;
    const busy = new Promise<void>((r) => (done = r));
    p.busy.add(busy);
    return () => {
      p.busy.delete(busy);
      done();
      if (pools.get(key) !== p) return; // being terminated
      const next = p.waiting.shift();
      if (next) next.resolve(worker);
      else p.idle.push(worker);
    };
  };
  const idle = p.idle.pop();
  if (idle) return { worker: idle, release: release(idle) };
  if (p.workers.size < ocrPoolSize()) {
    const created = createOcrWorker(languages);
    p.workers.add(created);
    try {
      const worker = await created;
      return { worker, release: release(worker) };
    } catch (e) {
      p.workers.delete(created);
      // nobody left to hand a worker to the pages waiting: they fail with the same error
      if (p.workers.size === 0) for (const w of p.waiting.splice(0)) w.reject(e as Error);
      throw e;
    }
  }
  const worker = await new Promise<Worker>((resolve, reject) => p.waiting.push({ resolve, reject }));
  return { worker, release: release(worker) };
}

const box = (b: { x0: number; y0: number; x1: number; y1: number }): OcrBox => [b.x0, b.y0, b.x1, b.y1];

/**
 * Recognizes the text of an image.
 * @param image an encoded image (PNG or JPEG; preprocess with server/intelligence/ocr/preprocess.ts).
 * @returns the text, its lines and words with confidences (0..1) and boxes (words also per character), and the page confidence.
 * @throws Error when the traineddata packages are missing or the image does not decode.
 */
export async function recognizeText(image: Buffer, options: OcrOptions = {}): Promise<OcrResult> {
  const { data, ms } = await withWorker(options.languages ?? ["eng"], async (worker) => {
    await worker.setParameters({
      tessedit_char_whitelist: options.whitelist ?? "",
      tessedit_pageseg_mode: String(options.pageSegMode ?? 3) as never,
      preserve_interword_spaces: "1",
    });
    const t0 = performance.now();
    const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
    return { data, ms: performance.now() - t0 };
  });
  const lines: OcrLine[] = [];
  const words: OcrWord[] = [];
  for (const l of (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines))) {
    const text = l.text.replace(/\s+$/u, "");
    if (text.trim().length === 0) continue;
    for (const w of l.words) {
      words.push({
        text: w.text,
        confidence: w.confidence / 100,
        bbox: box(w.bbox),
        line: lines.length,
        symbols: w.symbols.map((c) => ({ text: c.text, bbox: box(c.bbox) })),
      });
    }
    lines.push({ text, confidence: l.confidence / 100, bbox: box(l.bbox) });
  }
  return { text: data.text, lines, words, confidence: data.confidence / 100, ms };
}

/**
 * Ends every OCR worker of the process (tests, shutdown): pages waiting for a worker reject,
 * recognitions already running finish first. The next call starts new pools.
 */
export async function terminateOcr(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  for (const p of all) for (const w of p.waiting.splice(0)) w.reject(new Error("OCR workers terminated"));
  await Promise.all(all.flatMap((p) => [...p.busy]));
  await Promise.all(all.flatMap((p) => [...p.workers].map(async (w) => (await w.catch(() => null))?.terminate())));
}
