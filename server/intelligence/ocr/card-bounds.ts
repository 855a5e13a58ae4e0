/**
 * Finds an ID card in a photo and straightens it (OpenCV compiled to WASM, `@techstark/opencv-js`):
 * edges (Canny), the largest outer contour, its convex hull reduced to four corners
 * (`approxPolyDP`, else the minimum-area rectangle), then a perspective warp of those corners onto
 * an upright rectangle of the card's own measured size. What comes out has the card's edges at
 * the image's edges, so a position on the card is a fraction of the image (the zone templates of
 * server/intelligence/parsers/zones.ts), and text lines are horizontal for OCR.
 *
 * A scan already cropped to the card (the card fills over `FILLS_FRAME` of the image), an A4
 * page, or a photo where no four-cornered shape of at least `MIN_SHARE` of the image stands out
 * comes back unchanged.
 */
import sharp from "sharp";
import { loadNodeModule } from "../node-modules";

type Cv = typeof import("@techstark/opencv-js");
type Mat = InstanceType<Cv["Mat"]>;

/** Smallest share of the image a card must cover to be taken for one. */
export const MIN_SHARE = 0.15;
/** A card covering more than this share of the image is taken as already cropped. */
export const FILLS_FRAME = 0.85;
/** Width of the image the card is looked for in (px): edges of a card survive the reduction, guilloche and text mostly merge. */
const DETECT_WIDTH = 640;

let cvReady: Promise<{ cv: Cv }> | null = null;

/**
 * OpenCV, initialised once per process (~0.15 s). Wrapped in an object: the Emscripten module is
 * a thenable, and resolving a promise with it would recurse forever.
 */
function opencv(): Promise<{ cv: Cv }> {
  cvReady ??= new Promise((resolve) => {
    const cv = loadNodeModule<Cv & { onRuntimeInitialized?: () => void }>("@techstark/opencv-js");
    if (typeof cv.Mat === "function") resolve({ cv });
    else cv.onRuntimeInitialized = () => resolve({ cv });
  });
  return cvReady;
}

/** Where the card was found: its corners (top-left, top-right, bottom-right, bottom-left) in pixels of the input. */
export interface CardBounds {
  corners: [number, number][];
  /** Share of the image the card covers. */
  share: number;
}

/** Corners ordered top-left, top-right, bottom-right, bottom-left. */
function orderCorners(points: [number, number][]): [number, number][] {
  const bySum = [...points].sort((a, b) => a[0] + a[1] - (b[0] + b[1]));
  const byDiff = [...points].sort((a, b) => a[0] - a[1] - (b[0] - b[1]));
  return [bySum[0]!, byDiff[3]!, bySum[3]!, byDiff[0]!];
}

const dist = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Width over height of what a card may be: ID-1 cards 1.586, a passport data page 1.42 (either way up). */
const ASPECT: [number, number] = [1.3, 1.8];

/**
 * True when four ordered corners make a card seen from roughly in front or somewhat obliquely (a
 * phone held at an angle): opposite sides within 30 % of each other, corners within ~20° of
 * square, the shape a card's. Anything else is a
 * rosette of the guilloche, a photo or a shadow, not the card's outline.
 */
function rectangular(c: [number, number][]): boolean {
  const [tl, tr, br, bl] = c as [[number, number], [number, number], [number, number], [number, number]];
  const [top, right, bottom, left] = [dist(tl, tr), dist(tr, br), dist(br, bl), dist(bl, tl)];
  if (Math.min(top, bottom) / Math.max(top, bottom) < 0.7 || Math.min(left, right) / Math.max(left, right) < 0.7) return false;
  const aspect = (top + bottom) / (left + right);
  if (!((aspect >= ASPECT[0] && aspect <= ASPECT[1]) || (1 / aspect >= ASPECT[0] && 1 / aspect <= ASPECT[1]))) return false;
  for (let i = 0; i < 4; i++) {
    const [p, q, r] = [c[(i + 3) % 4]!, c[i]!, c[(i + 1) % 4]!];
    const u = [p[0] - q[0], p[1] - q[1]];
    const v = [r[0] - q[0], r[1] - q[1]];
    const cos = (u[0]! * v[0]! + u[1]! * v[1]!) / (Math.hypot(u[0]!, u[1]!) * Math.hypot(v[0]!, v[1]!));
    if (Math.abs(cos) > 0.35) return false;
  }
  return true;
}

/**
 * Finds the card in an image.
 * @param image an encoded image.
 * @returns its corners, or null when no card-sized four-cornered shape stands out or the card already fills the frame.
 */
export async function findCardBounds(image: Uint8Array): Promise<CardBounds | null> {
  const { cv } = await opencv();
  const { data, info } = await sharp(image).autoOrient().resize({ width: DETECT_WIDTH }).grayscale().raw().toBuffer({ resolveWithObject: true });
  const full = await sharp(image).autoOrient().metadata();
  const scale = (full.autoOrient?.width ?? full.width ?? DETECT_WIDTH) / info.width;
  const mats: Mat[] = [];
  const track = <T extends Mat>(m: T) => (mats.push(m), m);
  try {
    const grey = track(new cv.Mat(info.height, info.width, cv.CV_8UC1));
    grey.data.set(data);
    const blurred = track(new cv.Mat());
    cv.GaussianBlur(grey, blurred, new cv.Size(5, 5), 0);
    const edges = track(new cv.Mat());
    cv.Canny(blurred, edges, 30, 90);
    const kernel = track(cv.Mat.ones(3, 3, cv.CV_8U));
    cv.dilate(edges, edges, kernel, new cv.Point(-1, -1), 2);
    const contours = new cv.MatVector();
    const hierarchy = track(new cv.Mat());
    cv.findContours(edges, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    const area = info.width * info.height;
    let best: { corners: [number, number][]; share: number } | null = null;
    for (let i = 0; i < contours.size(); i++) {
      const c = contours.get(i);
      const hull = track(new cv.Mat());
      cv.convexHull(c, hull);
      const share = cv.contourArea(hull) / area;
      if (share >= MIN_SHARE && (!best || share > best.share)) {
        const approx = track(new cv.Mat());
        cv.approxPolyDP(hull, approx, 0.02 * cv.arcLength(hull, true), true);
        let pts: [number, number][];
        if (approx.rows === 4) pts = [0, 1, 2, 3].map((k) => [approx.data32S[2 * k]!, approx.data32S[2 * k + 1]!]);
        else {
          const r = cv.minAreaRect(hull);
          pts = (cv as unknown as { RotatedRect: { points(r: unknown): { x: number; y: number }[] } }).RotatedRect.points(r).map((p) => [p.x, p.y]);
        }
        const corners = orderCorners(pts);
        if (rectangular(corners)) best = { corners, share };
      }
      c.delete();
    }
    contours.delete();
    if (!best || best.share > FILLS_FRAME) return null;
    return { corners: best.corners.map(([x, y]) => [x * scale, y * scale]), share: Math.round(best.share * 100) / 100 };
  } finally {
    for (const m of mats) m.delete();
  }
}

/**
 * The card of a photo, straightened and cropped to its edges (see the module comment), as
 * lossless PNG in colour; the input unchanged when `findCardBounds` finds none.
 * @param image an encoded image.
 * @returns the image and the bounds used (null: unchanged).
 */
export async function straightenCard(image: Uint8Array): Promise<{ image: Uint8Array; bounds: CardBounds | null }> {
  const bounds = await findCardBounds(image);
  if (!bounds) return { image, bounds: null };
  const { cv } = await opencv();
  const [tl, tr, br, bl] = bounds.corners as [[number, number], [number, number], [number, number], [number, number]];
  const width = Math.round(Math.max(dist(tl, tr), dist(bl, br)));
  const height = Math.round(Math.max(dist(tl, bl), dist(tr, br)));
  const { data, info } = await sharp(image).autoOrient().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const src = new cv.Mat(info.height, info.width, cv.CV_8UC3);
  src.data.set(data);
  const from = cv.matFromArray(4, 1, cv.CV_32FC2, [tl, tr, br, bl].flat());
  const to = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, width, 0, width, height, 0, height]);
  const m = cv.getPerspectiveTransform(from, to);
  const out = new cv.Mat();
  try {
    cv.warpPerspective(src, out, m, new cv.Size(width, height), cv.INTER_CUBIC, cv.BORDER_REPLICATE);
    const png = await sharp(Buffer.from(out.data), { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    return { image: png, bounds };
  } finally {
    for (const x of [src, from, to, m, out]) x.delete();
  }
}
