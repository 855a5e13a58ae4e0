/**
 * How a drawn page becomes an uploaded image (bench/documents/):
 * - `scan`: flat-bed scan at 200-300 dpi: the page on the scanner's white bed with a margin, a
 *   slight skew (< 0.7°), brightness drift, light sensor noise, JPEG quality 85-92.
 * - `photo`: a phone photo of the card on a table: a background (wood, cloth or desk colour with
 *   texture) around the card, perspective tilt (corners moved up to ~7 % of the card), rotation
 *   up to 8°, uneven lighting (a gradient and a soft shadow across part of the card), a colour
 *   cast, defocus blur, sensor noise, JPEG quality 50-70; the card fills 60-88 % of the frame width
 *   (as a capture guide asks).
 * With `hard` (`CaptureOptions`, `npm run bench:documents -- --hard`), captures a capture guide
 * would not let through, which a hidden set may still hold: scans at 150 dpi; photos with the card
 * small in the frame (25-40 % of its width), held 10-20° off square (one side nearer the camera:
 * keystone), on a busy surface (wood grain with knots and dark lines, or a patterned cloth).
 * The same seeds: a document's hard capture is another capture of the same drawn card.
 * The geometry is a projective warp done here (inverse mapping with bilinear sampling), the rest
 * pixel arithmetic and sharp (blur, JPEG).
 */
import sharp from "sharp";
import type { Rng } from "./identity";
import type { Page } from "./layouts";
import type { MoirePattern } from "./svg";

/** The capture variants of the set. */
export const VARIANTS = ["scan", "photo"] as const;
export type Variant = (typeof VARIANTS)[number];

/** Options of a capture: `hard` for the harder captures of the module comment. */
export interface CaptureOptions {
  hard?: boolean;
}

/** RGB pixels; the clamped array keeps arithmetic in 0-255. */
interface Raw {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Renders a page's SVG at `dpi` to raw RGB, with its raster security pattern. */
async function rasterize(page: Page, dpi: number): Promise<Raw> {
  const { data, info } = await sharp(Buffer.from(page.svg), { density: dpi })
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const img = { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  if (page.pattern) applyPattern(img, page.pattern, dpi / 25.4);
  return img;
}

/**
 * Prints a moiré pattern on the page like an underprint: thin rings and lattice lines (~0.1 of
 * their period wide) that darken the page towards the ink's colour (multiplied, so dark text stays dark).
 */
function applyPattern(img: Raw, p: MoirePattern, pxPerMm: number): void {
  const line = (v: number) => Math.max(0, (Math.cos(2 * Math.PI * v) - 0.93) / 0.07);
  const dirs = p.latticeAngles.map((a) => [Math.cos((a * Math.PI) / 180), Math.sin((a * Math.PI) / 180)] as const);
  for (let y = 0; y < img.height; y++) {
    const my = y / pxPerMm;
    for (let x = 0; x < img.width; x++) {
      const mx = x / pxPerMm;
      let k = 0;
      for (const [i, [cx, cy]] of p.centres.entries()) k = Math.max(k, line(Math.hypot(mx - cx, my - cy) / p.ringPeriod[i]!));
      for (const [dx, dy] of dirs) k = Math.max(k, 0.7 * line((mx * dx + my * dy) / p.latticePeriod));
      if (k === 0) continue;
      const o = (y * img.width + x) * 3;
      for (let c = 0; c < 3; c++) img.data[o + c] = img.data[o + c]! * (1 - 0.6 * k * (1 - p.ink[c]! / 255));
    }
  }
}

type Pt = [number, number];

/** The 3x3 homography (row-major, h33 = 1) mapping `from[i]` to `to[i]` (4 point pairs). */
function homography(from: Pt[], to: Pt[]): number[] {
  const A: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const k = A[r]![c]! / A[c]![c]!;
      for (let j = c; j < 9; j++) A[r]![j]! -= k * A[c]![j]!;
    }
  }
  return [...A.map((row, i) => row[8]! / row[i]!), 1];
}

/** Draws `src` into `dst` (same channel count, 3) so that its corners land on `quad` (TL, TR, BR, BL). */
function warpInto(src: Raw, dst: Raw, quad: Pt[]): void {
  const H = homography(quad, [
    [0, 0],
    [src.width, 0],
    [src.width, src.height],
    [0, src.height],
  ]);
  const xs = quad.map((q) => q[0]);
  const ys = quad.map((q) => q[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const x1 = Math.min(dst.width - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(dst.height - 1, Math.ceil(Math.max(...ys)));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const w = H[6]! * x + H[7]! * y + H[8]!;
      const sx = (H[0]! * x + H[1]! * y + H[2]!) / w - 0.5;
      const sy = (H[3]! * x + H[4]! * y + H[5]!) / w - 0.5;
      if (sx < -0.5 || sy < -0.5 || sx > src.width - 0.5 || sy > src.height - 0.5) continue;
      const ix = Math.max(0, Math.min(src.width - 2, Math.floor(sx)));
      const iy = Math.max(0, Math.min(src.height - 2, Math.floor(sy)));
      const fx = Math.min(1, Math.max(0, sx - ix));
      const fy = Math.min(1, Math.max(0, sy - iy));
      const o = (y * dst.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const p = (yy: number, xx: number) => src.data[(yy * src.width + xx) * 3 + c]!;
        const top = p(iy, ix) * (1 - fx) + p(iy, ix + 1) * fx;
        const bottom = p(iy + 1, ix) * (1 - fx) + p(iy + 1, ix + 1) * fx;
        dst.data[o + c] = top * (1 - fy) + bottom * fy;
      }
    }
  }
}

/** A rectangle of `w` x `h` centred at (cx, cy), rotated by `deg`, corners TL, TR, BR, BL. */
function rotatedRect(cx: number, cy: number, w: number, h: number, deg: number): Pt[] {
  const r = (deg * Math.PI) / 180;
  return [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ].map(([x, y]) => [cx + x! * Math.cos(r) - y! * Math.sin(r), cy + x! * Math.sin(r) + y! * Math.cos(r)] as Pt);
}

/** Adds Gaussian noise of `sigma` levels to every channel. */
function addNoise(img: Raw, sigma: number, rng: Rng): void {
  for (let i = 0; i < img.data.length; i++) img.data[i] = img.data[i]! + sigma * rng.gauss();
}

async function encode(img: Raw, blur: number, quality: number): Promise<Buffer> {
  let s = sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 3 } });
  if (blur > 0.3) s = s.blur(blur);
  return s.jpeg({ quality, chromaSubsampling: "4:2:0" }).toBuffer();
}

/** A flat-bed scan of the page (see the module docstring). */
export async function scan(page: Page, rng: Rng, options: CaptureOptions = {}): Promise<{ bytes: Buffer; dpi: number }> {
  const picked = rng.pick([200, 240, 300]);
  const dpi = options.hard ? 150 : picked;
  const card = await rasterize(page, dpi);
  const margin = Math.round(dpi * rng.range(0.15, 0.4));
  const bed = rng.int(236, 250);
  const { data, info } = await sharp(Buffer.from(card.data.buffer, card.data.byteOffset, card.data.length), {
    raw: { width: card.width, height: card.height, channels: 3 },
  })
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: { r: bed, g: bed, b: bed } })
    .rotate(rng.range(-0.7, 0.7), { background: { r: bed, g: bed, b: bed } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out: Raw = { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  const gain = rng.range(0.95, 1.03);
  for (let i = 0; i < out.data.length; i++) out.data[i] = out.data[i]! * gain;
  addNoise(out, rng.range(1, 2.5), rng);
  return { bytes: await encode(out, rng.range(0, 0.5), rng.int(85, 92)), dpi };
}

/** A table, cloth or desk surface of `w` x `h` with some texture. */
function surface(w: number, h: number, rng: Rng): Raw {
  const base = rng.pick([
    [120, 84, 52],
    [150, 110, 70],
    [70, 72, 78],
    [40, 42, 48],
    [190, 185, 175],
    [95, 110, 125],
  ]);
  const data = new Uint8ClampedArray(w * h * 3);
  const freq = rng.range(0.01, 0.06);
  const phase = rng.range(0, 6);
  const grain = rng.range(4, 14);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const stripe = grain * Math.sin(y * freq + 3 * Math.sin(x * 0.004 + phase));
      for (let c = 0; c < 3; c++) data[(y * w + x) * 3 + c] = base[c]! + stripe;
    }
  return { data, width: w, height: h };
}

/**
 * A busy surface of `w` x `h` for hard captures: wood grain (fine dark lines bent around knots,
 * two tones of planks) or a patterned cloth (a woven check of two colours with a thread texture).
 */
function busySurface(w: number, h: number, rng: Rng): Raw {
  const data = new Uint8ClampedArray(w * h * 3);
  if (rng.chance(0.5)) {
    const base = rng.pick([
      [150, 100, 60],
      [110, 70, 40],
      [175, 130, 85],
    ]);
    const knots = Array.from({ length: 3 }, () => [rng.range(0, w), rng.range(0, h), rng.range(30, 90)] as const);
    const plank = rng.range(120, 220);
    const period = rng.range(5, 11);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        let bend = 0;
        for (const [kx, ky, r] of knots) bend += (r * r * 6) / ((x - kx) ** 2 + (y - ky) ** 2 + r * r);
        const line = Math.cos((2 * Math.PI * (y + bend + 4 * Math.sin(x * 0.01))) / period);
        const dark = line > 0.8 ? 45 * (line - 0.8) * 5 : 0;
        const tone = Math.floor(y / plank) % 2 ? 14 : -6;
        for (let c = 0; c < 3; c++) data[(y * w + x) * 3 + c] = base[c]! + tone - dark * (c === 2 ? 0.6 : 1);
      }
  } else {
    const [a, b] = [
      [rng.int(40, 200), rng.int(40, 200), rng.int(40, 200)],
      [rng.int(20, 120), rng.int(20, 120), rng.int(20, 120)],
    ];
    const check = rng.range(18, 48);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const cx = Math.floor(x / check) % 2;
        const cy = Math.floor(y / check) % 2;
        const mix = (cx + cy) / 2;
        const thread = 10 * Math.sin(x * 1.7) * Math.sin(y * 1.9);
        for (let c = 0; c < 3; c++) data[(y * w + x) * 3 + c] = a[c]! * (1 - mix) + b[c]! * mix + thread;
      }
  }
  return { data, width: w, height: h };
}

/**
 * The corners of a `w` x `h` card centred at (cx, cy), turned by `deg` and seen `tilt` degrees off
 * square about its horizontal or vertical axis: the far side shorter by sin(tilt) x 0.6 (a phone
 * ~1.5 card widths away), the card foreshortened by cos(tilt) across that axis.
 */
function tiltedRect(cx: number, cy: number, w: number, h: number, deg: number, tilt: number, vertical: boolean, rng: Rng): Pt[] {
  const t = (tilt * Math.PI) / 180;
  const far = 1 - 0.6 * Math.sin(t);
  const [fw, fh] = vertical ? [w * Math.cos(t), h] : [w, h * Math.cos(t)];
  const flip = rng.chance(0.5);
  // unit corners TL, TR, BR, BL; the far side narrowed about its middle
  const unit: Pt[] = vertical
    ? [
        [-0.5, -0.5 * (flip ? far : 1)],
        [0.5, -0.5 * (flip ? 1 : far)],
        [0.5, 0.5 * (flip ? 1 : far)],
        [-0.5, 0.5 * (flip ? far : 1)],
      ]
    : [
        [-0.5 * (flip ? far : 1), -0.5],
        [0.5 * (flip ? far : 1), -0.5],
        [0.5 * (flip ? 1 : far), 0.5],
        [-0.5 * (flip ? 1 : far), 0.5],
      ];
  const r = (deg * Math.PI) / 180;
  return unit.map(([ux, uy]) => {
    const [x, y] = [ux! * fw, uy! * fh];
    return [cx + x * Math.cos(r) - y * Math.sin(r), cy + x * Math.sin(r) + y * Math.cos(r)] as Pt;
  });
}

/** A phone photo of the page (see the module docstring). */
export async function photo(page: Page, rng: Rng, options: CaptureOptions = {}): Promise<{ bytes: Buffer; dpi: number }> {
  const W = rng.pick([1600, 1400, 1280]);
  const H = Math.round(W * 0.75);
  const guided = rng.range(0.6, 0.88);
  const fill = options.hard ? rng.range(0.25, 0.4) : guided;
  const cardW = W * fill;
  const cardH = (cardW * page.heightMm) / page.widthMm;
  const scale = Math.min(1, (H * 0.92) / cardH);
  const dpi = Math.round(((cardW * scale) / (page.widthMm / 25.4)) * 1.4);
  const card = await rasterize(page, Math.min(600, dpi));
  const out = options.hard ? busySurface(W, H, rng) : surface(W, H, rng);
  const cx = W / 2 + rng.range(-0.08, 0.08) * W * (options.hard ? 3 : 1);
  const cy = H / 2 + rng.range(-0.05, 0.05) * H * (options.hard ? 3 : 1);
  const quad = options.hard
    ? tiltedRect(cx, cy, cardW * scale, cardH * scale, rng.range(-8, 8), rng.range(10, 20), rng.chance(0.5), rng)
    : rotatedRect(cx, cy, cardW * scale, cardH * scale, rng.range(-8, 8)).map(
        ([x, y]) => [x + rng.range(-0.07, 0.07) * cardW * scale, y + rng.range(-0.07, 0.07) * cardH * scale] as Pt,
      );
  warpInto(card, out, quad);
  // light: a gradient across the frame, a soft shadow over part of it, a colour cast
  const gx = rng.range(-0.35, 0.35);
  const gy = rng.range(-0.25, 0.25);
  const shadowAngle = rng.range(0, 2 * Math.PI);
  const shadowOffset = rng.range(0.15, 0.45) * W;
  const shadowDepth = rng.range(0.15, 0.4);
  const soft = rng.range(40, 160);
  const cast = [rng.range(0.93, 1.07), rng.range(0.95, 1.04), rng.range(0.88, 1.05)];
  const exposure = rng.range(0.85, 1.1);
  const nx = Math.cos(shadowAngle);
  const ny = Math.sin(shadowAngle);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const d = (x - W / 2) * nx + (y - H / 2) * ny - shadowOffset;
      const shade = 1 - shadowDepth / (1 + Math.exp(-d / soft));
      const light = exposure * (1 + gx * (x / W - 0.5) + gy * (y / H - 0.5)) * shade;
      const o = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) out.data[o + c] = out.data[o + c]! * light * cast[c]!;
    }
  addNoise(out, rng.range(3, 8), rng);
  return { bytes: await encode(out, rng.range(0.5, 1.3), rng.int(50, 70)), dpi };
}
