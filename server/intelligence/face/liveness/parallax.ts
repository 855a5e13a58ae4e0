/**
 * The geometry of a moving face (issue 15), from the face mesh's 2D landmarks: what the camera
 * saw, not the mesh model's depth guess.
 *
 * Depth parallax: every image of a plane (a printed photo, a screen, a photo warped, tilted,
 * rotated or held nearer) maps onto every other image of it by one planar homography (3x3,
 * 8 degrees of freedom), whatever the camera and the plane's pose. A head is not flat: when it
 * turns or nods, the nose moves across the eyes, brows, cheeks and mouth more than any
 * homography of those explains. So: fit the homography (least squares, Hartley-normalized DLT)
 * from one frame's landmarks on the eyes, brows, mouth, chin, forehead and cheeks (FIT_POINTS) to
 * another's, and measure how far the nose points (NOSE_POINTS) land from where it sends them, in
 * inter-ocular distances (`noseResidual`), against the fit's own residual (`fitResidual`, the
 * landmark noise). Measured on rendered heads and flat pictures in bench/README.md "Liveness".
 * (Mirror images are told on pixels, not landmarks: texture.ts.)
 */

/** A face mesh point as Human gives it: x, y in pixels, z the model's depth guess (unused here). */
export type MeshPoint = readonly [number, number, number];

/**
 * Landmarks of the MediaPipe face mesh topology used for the plane fit, as left/right pairs and
 * midline points: eye corners, brows, mouth corners, cheeks; lips, chin, forehead, nose bridge top.
 * The face contour is left out (where the mesh model guesses most), and so is the nose.
 */
const PAIRS = [
  [33, 263],
  [133, 362],
  [70, 300],
  [105, 334],
  [107, 336],
  [61, 291],
  [50, 280],
  [205, 425],
] as const;
const MIDLINE = [0, 17, 152, 10, 151, 168] as const;
export const FIT_POINTS: readonly number[] = [...PAIRS.flat(), ...MIDLINE];
/** The nose: tip, the points above it and the wings (left/right pair last). */
export const NOSE_POINTS: readonly number[] = [1, 4, 5, 195, 98, 327];
type Vec2 = [number, number];

/** Similarity transform that moves the points' centroid to 0 and their mean distance to sqrt(2) (Hartley). */
function normalizer(pts: readonly Vec2[]): { apply: (p: Vec2) => Vec2; scale: number } {
  const n = pts.length;
  const mx = pts.reduce((s, p) => s + p[0], 0) / n;
  const my = pts.reduce((s, p) => s + p[1], 0) / n;
  const mean = pts.reduce((s, p) => s + Math.hypot(p[0] - mx, p[1] - my), 0) / n || 1;
  const k = Math.SQRT2 / mean;
  return { apply: (p) => [(p[0] - mx) * k, (p[1] - my) * k], scale: k };
}

/** Solves the square system `a x = b` by Gaussian elimination with partial pivoting; null when singular. */
function solve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    if (Math.abs(m[pivot]![c]!) < 1e-12) return null;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * The homography (h33 = 1) that best maps `from` onto `to` (linear least squares on normalized
 * coordinates): a function from pixels of `from` to pixels of `to`; null when degenerate.
 */
function fitHomography(from: readonly Vec2[], to: readonly Vec2[]): ((p: Vec2) => Vec2) | null {
  const [nf, nt] = [normalizer(from), normalizer(to)];
  const ata = Array.from({ length: 8 }, () => Array<number>(8).fill(0));
  const atb = Array<number>(8).fill(0);
  const add = (row: number[], rhs: number) => {
    for (let i = 0; i < 8; i++) {
      atb[i]! += row[i]! * rhs;
      for (let j = 0; j < 8; j++) ata[i]![j]! += row[i]! * row[j]!;
    }
  };
  from.forEach((p, i) => {
    const [x, y] = nf.apply(p);
    const [u, v] = nt.apply(to[i]!);
    add([x, y, 1, 0, 0, 0, -u * x, -u * y], u);
    add([0, 0, 0, x, y, 1, -v * x, -v * y], v);
  });
  const h = solve(ata, atb);
  if (!h) return null;
  const c = nt.apply([0, 0]);
  return (p) => {
    const [x, y] = nf.apply(p);
    const w = h[6]! * x + h[7]! * y + 1;
    const [u, v] = [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w];
    return [(u - c[0]) / nt.scale, (v - c[1]) / nt.scale];
  };
}

const xy = (p: MeshPoint): Vec2 => [p[0], p[1]];

/** Outer-eye-corner distance in pixels: the unit of every measure here. */
export function interOcular(mesh: readonly MeshPoint[]): number {
  return Math.hypot(mesh[33]![0] - mesh[263]![0], mesh[33]![1] - mesh[263]![1]);
}

/**
 * Head pose cues of one frame, in the face's own frame (invariant to moving, rotating or scaling
 * the image): `turn` the nose tip's offset from the eyes' midpoint along the eye line, in
 * inter-ocular distances (> 0 towards the image's right: the applicant's left in an unmirrored
 * front-camera frame); `lift` the nose tip's height below the eye line over the mouth's (smaller
 * = looking up); `size` the inter-ocular distance in pixels.
 */
export function poseCues(mesh: readonly MeshPoint[]): { turn: number; lift: number; size: number } {
  const [l, r, nose] = [mesh[33]!, mesh[263]!, mesh[1]!];
  const mouth = [(mesh[13]![0] + mesh[14]![0]) / 2, (mesh[13]![1] + mesh[14]![1]) / 2];
  const size = interOcular(mesh) || 1;
  const u = [(r[0] - l[0]) / size, (r[1] - l[1]) / size];
  const v = [-u[1]!, u[0]!];
  const mid = [(l[0] + r[0]) / 2, (l[1] + r[1]) / 2];
  const along = (p: readonly number[], axis: readonly number[]) => (p[0]! - mid[0]!) * axis[0]! + (p[1]! - mid[1]!) * axis[1]!;
  const mouthDown = along(mouth, v);
  return { turn: along(nose, u) / size, lift: mouthDown ? along(nose, v) / mouthDown : 0, size };
}

/** How the face moved from `from` to `to` (2D landmarks). */
export interface PlanarFit {
  /** RMS residual of FIT_POINTS under the best homography, in inter-ocular distances of `to`: the landmark noise. */
  fitResidual: number;
  /** Mean distance of NOSE_POINTS from where that homography sends them, in inter-ocular distances: the depth parallax. */
  noseResidual: number;
}

/** The planar fit from one frame's mesh to another's; null when a mesh is incomplete or the fit degenerate. */
export function planarFit(from: readonly MeshPoint[], to: readonly MeshPoint[]): PlanarFit | null {
  if (from.length < 468 || to.length < 468) return null;
  const a = FIT_POINTS.map((i) => xy(from[i]!));
  const b = FIT_POINTS.map((i) => xy(to[i]!));
  const h = fitHomography(a, b);
  const iod = interOcular(to);
  if (!h || !iod) return null;
  const dist = (p: Vec2, q: Vec2) => Math.hypot(p[0] - q[0], p[1] - q[1]);
  const fit = Math.sqrt(a.reduce((s, p, i) => s + dist(h(p), b[i]!) ** 2, 0) / a.length) / iod;
  const noseResidual = NOSE_POINTS.reduce((s, i) => s + dist(h(xy(from[i]!)), xy(to[i]!)), 0) / NOSE_POINTS.length / iod;
  return { fitResidual: fit, noseResidual };
}
