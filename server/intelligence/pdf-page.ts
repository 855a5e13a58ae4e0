/**
 * The first page of an uploaded PDF document as an image, for OCR and face detection: rendered
 * by pdf.js (`pdfjs-dist`, the reviewer's viewer's library) onto `@napi-rs/canvas` (its optional
 * dependency, a prebuilt Skia binary installed by npm; nothing is downloaded at run time). Only
 * page 1 is read: identity documents and GST certificates carry their fields there.
 */
import path from "node:path";
import { loadNodeModule, packageDir } from "./node-modules";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
type NapiCanvas = typeof import("@napi-rs/canvas");

/** Render scale: 3x the PDF's 72 dpi = 216 dpi, enough for Tesseract on printed text. */
const SCALE = 3;
/** Largest side of the rendered page in pixels (a huge page is scaled down instead). */
const MAX_SIDE_PX = 4000;

/** True when the bytes start with the PDF header `%PDF-`. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > 5 && Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";
}

/**
 * Renders page 1 of a PDF as PNG on a white background.
 * @throws Error when the PDF does not parse (damaged, encrypted with a password) or has no page.
 */
export async function renderPdfFirstPage(bytes: Uint8Array): Promise<Buffer> {
  const pdfjs = loadNodeModule<PdfJs>("pdfjs-dist/legacy/build/pdf.mjs");
  const { createCanvas } = loadNodeModule<NapiCanvas>("@napi-rs/canvas");
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    // the 14 standard PDF fonts, shipped inside pdfjs-dist
    standardFontDataUrl: path.join(packageDir("pdfjs-dist"), "standard_fonts") + path.sep,
  }).promise;
  try {
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const scale = Math.min(SCALE, MAX_SIDE_PX / Math.max(base.width, base.height));
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: ctx as unknown as CanvasRenderingContext2D, viewport }).promise;
    return await canvas.encode("png");
  } finally {
    await doc.destroy();
  }
}

/** The bytes as an image: page 1 rendered when they are a PDF, else unchanged. @throws as renderPdfFirstPage. */
export async function asImage(bytes: Uint8Array): Promise<Uint8Array> {
  return isPdf(bytes) ? renderPdfFirstPage(bytes) : bytes;
}
