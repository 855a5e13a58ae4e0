/**
 * OCR with Tesseract 5 (LSTM engine) compiled to WASM (`tesseract.js` 7 + `tesseract.js-core`),
 * with the traineddata of the npm packages `@tesseract.js-data/eng` and `@tesseract.js-data/hin`
 * (tessdata `4.0.0_best_int`). Nothing is fetched at run time: the core is `require`d from
 * node_modules by tesseract.js's Node worker, `langPath` points at the data packages (several
 * languages: a temp directory of symlinks to them) and `cacheMethod: "none"` keeps it from writing
 * `*.traineddata` into the working directory.
 *
 * One worker per language set per process, created on first use and kept (loading `eng` takes
 * ~0.7 s); a worker runs one recognition at a time and queues the others.
 */
import { mkdtemp, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Worker } from "tesseract.js";
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

const workers = new Map<string, Promise<Worker>>();

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

/** The process-wide worker for a language set (created on first use). */
function workerFor(languages: OcrLanguage[]): Promise<Worker> {
  const key = [...languages].join("+");
  let w = workers.get(key);
  if (!w) {
    w = createOcrWorker(languages);
    w.catch(() => workers.delete(key));
    workers.set(key, w);
  }
  return w;
}

const box = (b: { x0: number; y0: number; x1: number; y1: number }): OcrBox => [b.x0, b.y0, b.x1, b.y1];

/**
 * Recognizes the text of an image.
 * @param image an encoded image (PNG or JPEG; preprocess with server/intelligence/ocr/preprocess.ts).
 * @returns the text, its lines and words with confidences (0..1) and boxes (words also per character), and the page confidence.
 * @throws Error when the traineddata packages are missing or the image does not decode.
 */
export async function recognizeText(image: Buffer, options: OcrOptions = {}): Promise<OcrResult> {
  const worker = await workerFor(options.languages ?? ["eng"]);
  await worker.setParameters({
    tessedit_char_whitelist: options.whitelist ?? "",
    tessedit_pageseg_mode: String(options.pageSegMode ?? 3) as never,
    preserve_interword_spaces: "1",
  });
  const t0 = performance.now();
  const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
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
  return { text: data.text, lines, words, confidence: data.confidence / 100, ms: performance.now() - t0 };
}

/** Ends every OCR worker of the process (tests, shutdown). The next call starts new ones. */
export async function terminateOcr(): Promise<void> {
  const all = [...workers.values()];
  workers.clear();
  await Promise.all(all.map(async (w) => (await w.catch(() => null))?.terminate()));
}
