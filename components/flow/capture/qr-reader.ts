"use client";
/**
 * Reads QR codes in the browser. Uses the Barcode Detection API where the browser has it with
 * `qr_code` (Chrome on Android and macOS, Safari on macOS); everywhere else (Chromium on Linux
 * and Windows, Firefox, iOS Safari) the `barcode-detector` ponyfill, i.e. ZXing-C++ compiled to
 * WebAssembly. The ponyfill and its 1 MB .wasm load only when first needed (the Aadhaar step's
 * Secure QR option), and the .wasm comes from our own origin (app/flow/zxing_reader.wasm), never
 * from a CDN.
 */

/** Where app/flow/zxing_reader.wasm/route.ts serves ZXing's reader; the version keys the browser cache. */
const ZXING_READER_PATH = "/flow/zxing_reader.wasm";

interface DetectedBarcode {
  rawValue: string;
}
interface Detector {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
type DetectorClass = (new (opts: { formats: string[] }) => Detector) & { getSupportedFormats?: () => Promise<readonly string[]> };

async function nativeDetector(): Promise<Detector | null> {
  const ctor = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (typeof ctor !== "function") return null;
  try {
    const formats = ctor.getSupportedFormats ? await ctor.getSupportedFormats() : ["qr_code"];
    return formats.includes("qr_code") ? new ctor({ formats: ["qr_code"] }) : null;
  } catch {
    return null;
  }
}

async function zxingDetector(): Promise<Detector> {
  const { BarcodeDetector, prepareZXingModule, ZXING_WASM_VERSION } = await import("barcode-detector/ponyfill");
  const wasmUrl = `${ZXING_READER_PATH}?v=${ZXING_WASM_VERSION}`;
  // instantiate now, so a .wasm that cannot load is reported here rather than on every frame
  await prepareZXingModule({
    overrides: { locateFile: (file: string) => (file.endsWith(".wasm") ? wasmUrl : file) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ["qr_code"] });
}

let detector: Promise<Detector | null> | null = null;

/**
 * The QR detector of this page, loaded once: the native one, else ZXing's. Resolves to null
 * when neither can run (the .wasm could not be fetched, e.g. offline); a later call tries again.
 */
function loadDetector(): Promise<Detector | null> {
  detector ??= nativeDetector()
    .then((native) => native ?? zxingDetector())
    .catch(() => {
      detector = null;
      return null;
    });
  return detector;
}

/** True when this page can read QR codes (loads the reader on first call). */
export async function qrSupported(): Promise<boolean> {
  return (await loadDetector()) !== null;
}

/** The text of the first QR code in `source` (a video frame or an image), or null. */
export async function readQr(source: ImageBitmapSource): Promise<string | null> {
  const found = await (await loadDetector())?.detect(source);
  return found?.find((b) => b.rawValue)?.rawValue ?? null;
}

/** The text of the first QR code in an image file, or null. */
export async function readQrFromFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await readQr(bitmap);
  } finally {
    bitmap.close();
  }
}
