/**
 * Finds an ID card or a passport data page in a photo and straightens it (OpenCV compiled to
 * WASM, `@techstark/opencv-js`): an edge map, the largest outer contour, its convex hull reduced
 * to four corners (`approxPolyDP`, else the minimum-area rectangle), then a perspective warp of
 * those corners onto an upright rectangle of the card's standard shape (ISO/IEC 7810 ID-1 or
 * ID-3, whichever the corners are nearer to). What comes out has the card's edges at the image's
 * edges, so a position on the card is a fraction of the image (the zone templates of
 * server/intelligence/parsers/zones.ts), and text lines are horizontal for OCR.
 *
 * Several edge maps are tried in turn (`EDGE_STRATEGIES`: strong edges, a brightness threshold
 * for a card lighter or darker than its surface, faint edges), the first that shows a card wins.
 * A scan already cropped to the card (the card fills over `FILLS_FRAME` of the image), an A4
 * page, or a photo where no card-shaped outline of at least `MIN_SHARE` of the image is found
 * in any of them is never straightened: it is only turned upright by its text lines' own slant
 * (`textAngle`), so a card whose outline is hidden (cut off by the frame, lost in the surface)
 * is still read rather than nothing.
 */
import sharp from "sharp";
import { loadNodeModule } from "../node-modules";

type Cv = typeof import("@techstark/opencv-js");
type Mat = InstanceType<Cv["Mat"]>;

/**
 * Smallest share of the image a card's outline must cover to be taken for one (a card filling a
 * quarter of the frame's width covers ~4 %; anything inside a card is refused by its shape:
 * portrait photo boxes, square QR codes, long bands).
 */
export const MIN_SHARE = 0.04;
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

type Pt = [number, number];

/** Where the card was found: its corners (top-left, top-right, bottom-right, bottom-left) in pixels of the input. */
export interface CardBounds {
  corners: Pt[];
  /** Share of the image the card covers. */
  share: number;
}

/** Corners ordered top-left, top-right, bottom-right, bottom-left. */
function orderCorners(points: Pt[]): Pt[] {
  const bySum = [...points].sort((a, b) => a[0] + a[1] - (b[0] + b[1]));
  const byDiff = [...points].sort((a, b) => a[0] - a[1] - (b[0] - b[1]));
  return [bySum[0]!, byDiff[3]!, bySum[3]!, byDiff[0]!];
}

const dist = (a: Pt, b: Pt) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Width over height of the standard formats (ISO/IEC 7810): ID-1 cards (85.60 x 53.98 mm), ID-3 passport data pages (125 x 88 mm). */
export const CARD_FORMATS = [85.6 / 53.98, 125 / 88] as const;

/**
 * Width over height a card's outline may show in a photo: the formats' 1.42-1.59 widened by what
 * perspective does to it (a phone held up to ~20° off square shortens one pair of sides by up to
 * ~20 %). Landscape only: a portrait rectangle in a photo of a card is its photo box.
 */
const ASPECT: [number, number] = [1.12, 2.05];

/**
 * True when four ordered corners make a card seen from in front or obliquely (a phone held at an
 * angle): opposite sides within 35 % of each other, corners within ~22° of square, landscape
 * with a card's width over height (`ASPECT`). Anything else is a rosette of the guilloche, a
 * photo box, a QR code, a band of the card or a shadow, not the card's outline.
 */
function cardShaped(c: Pt[]): boolean {
  const [tl, tr, br, bl] = c as [Pt, Pt, Pt, Pt];
  const [top, right, bottom, left] = [dist(tl, tr), dist(tr, br), dist(br, bl), dist(bl, tl)];
  if (Math.min(top, bottom) / Math.max(top, bottom) < 0.65 || Math.min(left, right) / Math.max(left, right) < 0.65) return false;
  const aspect = (top + bottom) / (left + right);
  if (aspect < ASPECT[0] || aspect > ASPECT[1]) return false;
  for (let i = 0; i < 4; i++) {
    const [p, q, r] = [c[(i + 3) % 4]!, c[i]!, c[(i + 1) % 4]!];
    const u = [p[0] - q[0], p[1] - q[1]];
    const v = [r[0] - q[0], r[1] - q[1]];
    const cos = (u[0]! * v[0]! + u[1]! * v[1]!) / (Math.hypot(u[0]!, u[1]!) * Math.hypot(v[0]!, v[1]!));
    if (Math.abs(cos) > 0.375) return false;
  }
  return true;
}

/**
 * Edge maps of a grey image (8-bit, blurred) in which a card's outline is looked for, in order:
 * Canny on strong edges (a card on a contrasting surface); Otsu's threshold of brightness closed
 * over the card's print (a card lighter or darker than a busy surface whose grain makes edges
 * everywhere); Canny on faint edges (a light card on a light surface). Each returns a binary
 * image (white = edge or foreground) the caller deletes.
 */
const EDGE_STRATEGIES: ((cv: Cv, blurred: Mat) => Mat)[] = [
  (cv, blurred) => canny(cv, blurred, 30, 90),
  (cv, blurred) => {
    const out = new cv.Mat();
    cv.threshold(blurred, out, 0, 255, cv.THRESH_BINARY + cv.THRESH_OTSU);
    const kernel = cv.Mat.ones(9, 9, cv.CV_8U);
    cv.morphologyEx(out, out, cv.MORPH_CLOSE, kernel);
    cv.morphologyEx(out, out, cv.MORPH_OPEN, kernel);
    kernel.delete();
    return out;
  },
  (cv, blurred) => canny(cv, blurred, 10, 35),
];

function canny(cv: Cv, blurred: Mat, low: number, high: number): Mat {
  const edges = new cv.Mat();
  cv.Canny(blurred, edges, low, high);
  const kernel = cv.Mat.ones(3, 3, cv.CV_8U);
  cv.dilate(edges, edges, kernel, new cv.Point(-1, -1), 2);
  kernel.delete();
  return edges;
}

/**
 * The largest card-shaped outline of a binary image (see `cardShaped`), in its pixels, or null.
 * An outline whose four corners had to come from the minimum-area rectangle (the hull did not
 * reduce to four) must fill `RECT_FILL` of that rectangle, and an outline must hold `TEXT_INSIDE`
 * of the image's text (`textBlobs`, when it has any): a card's print is inside its edges, while a
 * guilloche rosette or a band inside a scanned card leaves most of the text outside. Outlines
 * over `maxShare` of the image are not considered.
 */
function largestCard(cv: Cv, binary: Mat, text: TextBlob[], maxShare: number): { corners: Pt[]; share: number } | null {
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  const area = binary.cols * binary.rows;
  let best: { corners: Pt[]; share: number } | null = null;
  try {
    cv.findContours(binary, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    for (let i = 0; i < contours.size(); i++) {
      const c = contours.get(i);
      const hull = new cv.Mat();
      const approx = new cv.Mat();
      try {
        cv.convexHull(c, hull);
        const share = cv.contourArea(hull) / area;
        if (share < MIN_SHARE || share > maxShare || (best && share <= best.share)) continue;
        cv.approxPolyDP(hull, approx, 0.02 * cv.arcLength(hull, true), true);
        let pts: Pt[];
        if (approx.rows === 4) pts = [0, 1, 2, 3].map((k) => [approx.data32S[2 * k]!, approx.data32S[2 * k + 1]!]);
        else {
          const rect = cv.minAreaRect(hull);
          if (share * area < RECT_FILL * rect.size.width * rect.size.height) continue;
          pts = rectPoints(cv, rect);
        }
        const corners = orderCorners(pts);
        if (cardShaped(corners) && textInside(text, corners) >= TEXT_INSIDE) best = { corners, share };
      } finally {
        for (const m of [c, hull, approx]) m.delete();
      }
    }
    return best;
  } finally {
    contours.delete();
    hierarchy.delete();
  }
}

/** Share of its minimum-area rectangle a hull that does not reduce to four corners must fill to be taken for a card with rounded or blurred corners. */
const RECT_FILL = 0.9;
/** Share of the image's text (by length) a card's outline must hold. */
const TEXT_INSIDE = 0.75;

/** Share of the text blobs' length whose centres lie inside the quadrilateral `q` (ordered corners); 1 when there are fewer than 5 blobs (nothing to go by). */
function textInside(text: TextBlob[], q: Pt[]): number {
  if (text.length < 5) return 1;
  const inside = (p: Pt) =>
    q.every((a, i) => {
      const b = q[(i + 1) % 4]!;
      return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= 0;
    });
  const total = text.reduce((s, t) => s + t.length, 0);
  return text.reduce((s, t) => s + (inside(t.centre) ? t.length : 0), 0) / total;
}

/** Share of an image of `area` px² covered by the bounding box of its text blobs; 1 when there are fewer than 5 (nothing to go by). */
function textSpread(text: TextBlob[], area: number): number {
  if (text.length < 5) return 1;
  const xs = text.flatMap((t) => [t.centre[0] - t.length / 2, t.centre[0] + t.length / 2]);
  const ys = text.map((t) => t.centre[1]);
  return ((Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys))) / area;
}

/** The four corners of an OpenCV rotated rectangle. */
const rectPoints = (cv: Cv, r: unknown): Pt[] =>
  (cv as unknown as { RotatedRect: { points(r: unknown): { x: number; y: number }[] } }).RotatedRect.points(r).map((p) => [p.x, p.y]);

/** The image reduced to `DETECT_WIDTH`, grey, as an OpenCV matrix (the caller deletes it), and its scale back to the input's pixels. */
async function detectionGrey(cv: Cv, image: Uint8Array): Promise<{ grey: Mat; scale: number }> {
  const { data, info } = await sharp(image).autoOrient().resize({ width: DETECT_WIDTH }).grayscale().raw().toBuffer({ resolveWithObject: true });
  const full = await sharp(image).autoOrient().metadata();
  const grey = new cv.Mat(info.height, info.width, cv.CV_8UC1);
  grey.data.set(data);
  return { grey, scale: (full.autoOrient?.width ?? full.width ?? DETECT_WIDTH) / info.width };
}

/**
 * Finds the card in an image (see the module comment for the edge maps tried).
 * @param image an encoded image.
 * @returns its corners, or null when no card-shaped outline is found or the card already fills the frame.
 */
export async function findCardBounds(image: Uint8Array): Promise<CardBounds | null> {
  const { cv } = await opencv();
  const { grey, scale } = await detectionGrey(cv, image);
  const blurred = new cv.Mat();
  try {
    const text = textBlobs(cv, grey);
    // an outline filling the frame is a card already cropped only when text spreads over the
    // frame; around a small card it is the grain of a busy surface joined into one contour
    const maxShare = textSpread(text, grey.cols * grey.rows) >= 0.5 ? 1 : FILLS_FRAME;
    cv.GaussianBlur(grey, blurred, new cv.Size(5, 5), 0);
    for (const strategy of EDGE_STRATEGIES) {
      const binary = strategy(cv, blurred);
      const best = largestCard(cv, binary, text, maxShare);
      binary.delete();
      if (!best) continue;
      if (best.share > FILLS_FRAME) return null;
      return { corners: best.corners.map(([x, y]) => [x * scale, y * scale]), share: Math.round(best.share * 100) / 100 };
    }
    return null;
  } finally {
    grey.delete();
    blurred.delete();
  }
}

/**
 * Smallest slant (degrees) an image without an outline is turned by: Tesseract copes with small
 * skews itself (a flat-bed scan's, under 1°); resampling for them only blurs the print (a 0.6°
 * turn of a scanned PAN glued Hindi debris to a name).
 */
const MIN_TURN = 1.5;

/** A word or line of text found by `textBlobs`: the angle of its long side (degrees, -30..30, clockwise positive), its length and centre (detection pixels). */
interface TextBlob {
  angle: number;
  length: number;
  centre: Pt;
}

/**
 * The words and lines of dark text in a grey detection image: dark thin strokes (morphological
 * black-hat) thresholded with Otsu and closed along the line direction join each word or line
 * into one elongated blob; blobs at least 3 times longer than high, 20 px or longer, at most 30
 * px high and within 30° of horizontal are kept.
 */
function textBlobs(cv: Cv, grey: Mat): TextBlob[] {
  const mats: Mat[] = [];
  const track = (m: Mat) => (mats.push(m), m);
  const contours = new cv.MatVector();
  try {
    const strokes = track(new cv.Mat());
    cv.morphologyEx(grey, strokes, cv.MORPH_BLACKHAT, track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(9, 9))));
    cv.threshold(strokes, strokes, 0, 255, cv.THRESH_BINARY + cv.THRESH_OTSU);
    cv.morphologyEx(strokes, strokes, cv.MORPH_CLOSE, track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(11, 3))));
    cv.findContours(strokes, contours, track(new cv.Mat()), cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    const blobs: TextBlob[] = [];
    for (let i = 0; i < contours.size(); i++) {
      const c = contours.get(i);
      const rect = cv.minAreaRect(c);
      c.delete();
      const [p0, p1, p2] = rectPoints(cv, rect) as [Pt, Pt, Pt, Pt];
      const [a, b] = [dist(p0, p1), dist(p1, p2)];
      const [long, short] = a >= b ? [a, b] : [b, a];
      if (long < 20 || short < 2 || long < 3 * short || short > 30) continue;
      const [u, v] = a >= b ? [p0, p1] : [p1, p2];
      let angle = (Math.atan2(v[1] - u[1], v[0] - u[0]) * 180) / Math.PI;
      angle = ((angle % 180) + 180) % 180;
      if (angle > 90) angle -= 180;
      if (Math.abs(angle) <= 30) blobs.push({ angle, length: long, centre: [rect.center.x, rect.center.y] });
    }
    return blobs;
  } finally {
    contours.delete();
    for (const m of mats) m.delete();
  }
}

/**
 * The slant of the text lines of an image in degrees (positive: clockwise, as sharp's `rotate`
 * turns): the median of its text blobs' angles (`textBlobs`) weighted by their length; 0 when
 * fewer than 5 blobs are found (no text to go by).
 * @param image an encoded image.
 */
export async function textAngle(image: Uint8Array): Promise<number> {
  const { cv } = await opencv();
  const { grey } = await detectionGrey(cv, image);
  let blobs: TextBlob[];
  try {
    blobs = textBlobs(cv, grey);
  } finally {
    grey.delete();
  }
  if (blobs.length < 5) return 0;
  blobs.sort((x, y) => x.angle - y.angle);
  const half = blobs.reduce((s, b) => s + b.length, 0) / 2;
  let acc = 0;
  for (const b of blobs) if ((acc += b.length) >= half) return Math.round(b.angle * 10) / 10;
  return 0;
}

/**
 * The card of a photo, straightened and cropped to its edges (see the module comment), as
 * lossless PNG in colour. When no outline is found, the image turned upright by the slant of its
 * text (`textAngle`, from `MIN_TURN` degrees), else the input unchanged.
 * @param image an encoded image.
 * @returns the image, the card's corners (null: no outline used) and the degrees the image was turned by its text (0: not turned).
 */
export async function straightenCard(image: Uint8Array): Promise<{ image: Uint8Array; bounds: CardBounds | null; degrees: number }> {
  const bounds = await findCardBounds(image);
  if (!bounds) {
    const degrees = await textAngle(image);
    if (Math.abs(degrees) < MIN_TURN) return { image, bounds: null, degrees: 0 };
    const turned = await sharp(image)
      .autoOrient()
      .rotate(-degrees, { background: await meanColour(image) })
      .png({ compressionLevel: 1 })
      .toBuffer();
    return { image: turned, bounds: null, degrees };
  }
  const { cv } = await opencv();
  const [tl, tr, br, bl] = bounds.corners as [Pt, Pt, Pt, Pt];
  const seen = Math.max(dist(tl, tr), dist(bl, br));
  const measured = (dist(tl, tr) + dist(bl, br)) / (dist(tl, bl) + dist(tr, br));
  // perspective distorts the measured shape; the card is one of the standard formats, the nearer one
  const aspect = CARD_FORMATS.reduce((a, b) => (Math.abs(Math.log(b / measured)) < Math.abs(Math.log(a / measured)) ? b : a));
  const width = Math.round(seen);
  const height = Math.round(seen / aspect);
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
    return { image: png, bounds, degrees: 0 };
  } finally {
    for (const x of [src, from, to, m, out]) x.delete();
  }
}

/** The mean colour of an image (what a turned image's new corners are filled with). */
async function meanColour(image: Uint8Array): Promise<{ r: number; g: number; b: number }> {
  const stats = await sharp(image).removeAlpha().stats();
  const [r, g, b] = stats.channels.map((c) => Math.round(c.mean));
  return { r: r ?? 255, g: g ?? 255, b: b ?? 255 };
}
