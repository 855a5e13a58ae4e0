/**
 * Capture quality of a document photo in the browser, before it is uploaded (issue 16 item 6):
 * the photo drawn on a canvas at MEASURE_SIDE pixels on its longer side, measured with the
 * server's own code (server/uploads/capture-quality.ts). Imported on demand by the documents
 * step only, so no other step loads it.
 */
import { type CaptureProblem, captureProblems, greyOfRgba, MEASURE_SIDE, measureCapture } from "~/server/uploads/capture-quality";

/**
 * The problems of a photo, or none when it looks fine or cannot be measured here (a PDF, HEIC
 * the browser cannot decode, no canvas): the server reads it either way.
 */
export async function checkCapture(file: Blob): Promise<CaptureProblem[]> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type) || typeof createImageBitmap !== "function") return [];
  try {
    const bitmap = await createImageBitmap(file);
    const scale = MEASURE_SIDE / Math.max(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    if (!ctx) return [];
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const shortSide = Math.min(bitmap.width, bitmap.height);
    bitmap.close();
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    return captureProblems(measureCapture(greyOfRgba(pixels), canvas.width, canvas.height, shortSide));
  } catch {
    return [];
  }
}
