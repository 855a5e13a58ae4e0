/**
 * Capture quality of a document photo (issue 16 item 6): the same measures in the applicant's
 * browser before upload (components/flow/capture/capture-check.ts, from a canvas) and on the
 * server as review signals of the extraction (server/intelligence/image-quality.ts, from sharp).
 * Pure code over a grey image scaled so that its longer side is `MEASURE_SIDE` pixels (the
 * measures depend on scale, so both sides scale first); no imports, so the flow loads only this.
 *
 * Thresholds were set on measured images: bench/capture-quality.ts renders Aadhaar and PAN
 * cards as scans and phone photos and degrades them step by step (blur, darkness, a glare spot,
 * cropping, shrinking), and notes where OCR stops reading the card's number (bench/README.md
 * "Capture quality" holds the table).
 */

/** Longer side, in pixels, of the grey image the measures are taken on. */
export const MEASURE_SIDE = 640;

export interface CaptureMeasures {
  /** Variance of the 4-neighbour Laplacian after stretching the contrast (2nd..98th percentile) to 0..255: low = blurred. */
  blur: number;
  /** Mean luminance, 0..255. */
  brightness: number;
  /** Share (0..1) of pixels blown out (>= 250) and well above the paper's own brightness (75th percentile + 30). */
  glare: number;
  /**
   * 0..1: the largest share, over the 4 sides, of the outer 2 % strip that differs by more than
   * 60 from the frame's common border (the median of the four strips): high when the document
   * (paper, print, QR code) runs off that side, low when a margin of background or of the
   * document's own border surrounds it.
   */
  edge: number;
  /** Shorter side of the original image in pixels. */
  shortSide: number;
}

/** Problems the applicant is told about, in this order. */
export const CAPTURE_PROBLEMS = ["too_small", "too_dark", "blurry", "glare", "edges_cut"] as const;
export type CaptureProblem = (typeof CAPTURE_PROBLEMS)[number];

/** Where each measure turns into a problem (bench/README.md "Capture quality"). */
export const CAPTURE_THRESHOLDS = {
  /** blurry below this (contrast-stretched) Laplacian variance: OCR lost the identifier at 173 and below, read it from 250 up (one licence at 167) */
  minBlur: 200,
  /** too dark below this mean luminance: OCR failed at 22, read from 31 up; 40 leaves a margin */
  minBrightness: 40,
  /** glare above this share of blown-out pixels: a spot over 8 % of the width measured 0.002-0.003 (and hid the number on one card), none 0.000 */
  maxGlare: 0.002,
  /** edges cut off above this off-frame share of a side: cards cut by 5-25 % measured 0.46-0.52, whole cards and scans 0.00-0.03 */
  maxEdge: 0.25,
  /** too small below this shorter side in pixels: OCR lost a licence number at 246, read every card from 329 up */
  minShortSide: 360,
} as const;

/** Grey (Rec. 601 luma) of RGBA pixels, e.g. a canvas's ImageData. */
export function greyOfRgba(rgba: Uint8ClampedArray | Uint8Array): Uint8Array {
  const grey = new Uint8Array(rgba.length / 4);
  for (let i = 0; i < grey.length; i++) grey[i] = Math.round(0.299 * rgba[4 * i]! + 0.587 * rgba[4 * i + 1]! + 0.114 * rgba[4 * i + 2]!);
  return grey;
}

/**
 * The measures of one grey image.
 * @param grey `width * height` luminance values, row by row, scaled to `MEASURE_SIDE` on its longer side.
 * @param shortSide the shorter side of the original image in pixels.
 */
export function measureCapture(grey: Uint8Array, width: number, height: number, shortSide: number): CaptureMeasures {
  const n = width * height;
  let sum = 0;
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < n; i++) {
    sum += grey[i]!;
    histogram[grey[i]!]!++;
  }
  const percentile = (q: number) => {
    let v = 0;
    for (let seen = histogram[0]!; v < 255 && seen < q * n; ) seen += histogram[++v]!;
    return v;
  };
  const [p2, p75, p98] = [percentile(0.02), percentile(0.75), percentile(0.98)];
  let blown = 0;
  for (let v = Math.max(250, p75 + 30); v < 256; v++) blown += histogram[v]!;

  // sharpness: Laplacian variance, with the contrast stretched to 0..255 first (a dark photo is not a blurred one)
  const stretch = 255 / Math.max(32, p98 - p2);
  let lapSum = 0;
  let lapSq = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const lap = (grey[i - 1]! + grey[i + 1]! + grey[i - width]! + grey[i + width]! - 4 * grey[i]!) * stretch;
      lapSum += lap;
      lapSq += lap * lap;
    }
  }
  const inner = (width - 2) * (height - 2);
  const lapMean = lapSum / inner;

  // edges: per side, the share of its outer strip that differs from the frame's common border (the
  // median of all four strips): the document (paper, print, QR) running off that side
  const strip = Math.max(2, Math.round(0.02 * Math.min(width, height)));
  const strips = [0, 1, 2, 3].map((side) => {
    const values: number[] = [];
    const horizontal = side < 2;
    const along = horizontal ? width : height;
    for (let a = 0; a < along; a++) {
      for (let d = 0; d < strip; d++) {
        const across = side % 2 === 0 ? d : (horizontal ? height : width) - 1 - d;
        values.push(horizontal ? grey[across * width + a]! : grey[a * width + across]!);
      }
    }
    return values;
  });
  const border = strips.flat().sort((x, y) => x - y);
  const frame = border[border.length >> 1]!;
  const offFrame = strips.map((values) => values.filter((v) => Math.abs(v - frame) > 60).length / values.length);
  return {
    blur: lapSq / inner - lapMean * lapMean,
    brightness: sum / n,
    glare: blown / n,
    edge: Math.max(...offFrame),
    shortSide,
  };
}

/** The problems of a capture, in CAPTURE_PROBLEMS order (none: good enough to upload). */
export function captureProblems(m: CaptureMeasures, t = CAPTURE_THRESHOLDS): CaptureProblem[] {
  const found: Record<CaptureProblem, boolean> = {
    too_small: m.shortSide < t.minShortSide,
    too_dark: m.brightness < t.minBrightness,
    blurry: m.blur < t.minBlur,
    glare: m.glare > t.maxGlare,
    edges_cut: m.edge > t.maxEdge,
  };
  return CAPTURE_PROBLEMS.filter((p) => found[p]);
}
