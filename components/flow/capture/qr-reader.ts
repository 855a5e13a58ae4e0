"use client";
/**
 * Reads QR codes with the browser's Barcode Detection API (Chrome on Android, where most
 * applicants are; also Safari/Chrome on macOS). Chromium on Linux and Firefox lack it: the
 * Aadhaar step then says so and offers the offline e-KYC file instead.
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (opts: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorCtor | null {
  const ctor = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  return typeof ctor === "function" ? ctor : null;
}

/** True when this browser can read QR codes. */
export async function qrSupported(): Promise<boolean> {
  const ctor = detectorClass() as (BarcodeDetectorCtor & { getSupportedFormats?: () => Promise<string[]> }) | null;
  if (!ctor) return false;
  try {
    return ctor.getSupportedFormats ? (await ctor.getSupportedFormats()).includes("qr_code") : true;
  } catch {
    return false;
  }
}

/** The text of the first QR code in `source` (a video frame or an image), or null. */
export async function readQr(source: ImageBitmapSource): Promise<string | null> {
  const ctor = detectorClass();
  if (!ctor) return null;
  const found = await new ctor({ formats: ["qr_code"] }).detect(source);
  return found.find((b) => b.rawValue)?.rawValue ?? null;
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
