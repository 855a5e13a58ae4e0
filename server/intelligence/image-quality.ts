/**
 * Capture quality of a document image on the server (issue 16 item 6): the measures of
 * server/uploads/capture-quality.ts (the ones the hosted flow takes before upload), on the image
 * decoded and scaled by sharp, and the review signal of an extraction that carries them.
 */
import sharp from "sharp";
import { type CaptureMeasures, type CaptureProblem, captureProblems, MEASURE_SIDE, measureCapture } from "../uploads/capture-quality";
import type { ReviewSignal } from "./parsers/parse-common";

/**
 * Measures an encoded image (upright from EXIF, grey, longer side scaled to MEASURE_SIDE).
 * @throws Error when the image does not decode.
 */
export async function measureImageQuality(image: Uint8Array): Promise<{ measures: CaptureMeasures; problems: CaptureProblem[] }> {
  const upright = sharp(image, { failOn: "error", limitInputPixels: 268_402_689 }).autoOrient();
  const meta = await upright.metadata();
  const w = meta.autoOrient?.width ?? meta.width ?? 0;
  const h = meta.autoOrient?.height ?? meta.height ?? 0;
  const { data, info } = await upright
    .resize({ width: MEASURE_SIDE, height: MEASURE_SIDE, fit: "inside", kernel: "linear" })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const measures = measureCapture(new Uint8Array(data.buffer, data.byteOffset, info.width * info.height), info.width, info.height, Math.min(w, h));
  return { measures, problems: captureProblems(measures) };
}

/**
 * The `quality_low` signal of one document image, or null when it has no problem. Severity
 * `info`: it explains a poor read to the reviewer, while what was read carries its own validity
 * (an unsure read is `needs_review` already), so a photo's quality alone routes nothing.
 * `detail`: `file_id`, `problems` (CaptureProblem codes) and the rounded measures.
 */
export function qualitySignal(fileId: string | null, q: { measures: CaptureMeasures; problems: CaptureProblem[] }): ReviewSignal | null {
  if (q.problems.length === 0) return null;
  const m = q.measures;
  return {
    code: "quality_low",
    severity: "info",
    detail: {
      file_id: fileId,
      problems: q.problems,
      blur: Math.round(m.blur),
      brightness: Math.round(m.brightness),
      glare: Math.round(m.glare * 1000) / 1000,
      edge: Math.round(m.edge * 100) / 100,
      short_side: m.shortSide,
    },
  };
}
