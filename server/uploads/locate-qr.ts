/**
 * Where the QR codes of a page are, for masking (server/uploads/mask-aadhaar.ts): jsQR's corner
 * points when it decodes the code, and, because a dense code in a phone photo (UIDAI's secure QR)
 * is often found but not decoded, also the code's three finder patterns (ISO/IEC 18004 6.3.3:
 * concentric squares whose dark-light-dark-light-dark runs measure 1:1:3:1:1 along any line
 * through the centre) located directly: runs along rows, confirmed along the column, then three
 * patterns of one module size at the corners of a right isosceles triangle.
 */
import jsQR from "jsqr";

/** `[x0, y0, x1, y1]` in page pixels. */
export type Box = [number, number, number, number];

export interface RgbaPage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

interface Finder {
  x: number;
  y: number;
  /** module size in pixels */
  module: number;
  hits: number;
}

/** True when five run lengths read 1:1:3:1:1 (each within half a module). */
function finderRatio(runs: number[]): boolean {
  const total = runs.reduce((a, b) => a + b, 0);
  if (total < 7) return false;
  const m = total / 7;
  const tol = m / 2;
  return (
    Math.abs(runs[0]! - m) < tol &&
    Math.abs(runs[1]! - m) < tol &&
    Math.abs(runs[2]! - 3 * m) < 3 * tol &&
    Math.abs(runs[3]! - m) < tol &&
    Math.abs(runs[4]! - m) < tol
  );
}

/** The centre and module size along column `x` around row `y` when it also reads 1:1:3:1:1, else null. */
function crossCheckColumn(dark: Uint8Array, width: number, height: number, x: number, y: number, maxRun: number): { y: number; module: number } | null {
  const at = (yy: number) => dark[yy * width + x] === 1;
  if (!at(y)) return null;
  const runs = [0, 0, 0, 0, 0];
  let up = y;
  for (const [i, want] of [
    [2, true],
    [1, false],
    [0, true],
  ] as const) {
    while (up >= 0 && at(up) === want && runs[i]! <= maxRun) {
      runs[i]!++;
      up--;
    }
  }
  let down = y + 1;
  for (const [i, want] of [
    [2, true],
    [3, false],
    [4, true],
  ] as const) {
    while (down < height && at(down) === want && runs[i]! <= maxRun) {
      runs[i]!++;
      down++;
    }
  }
  if (!finderRatio(runs)) return null;
  return { y: down - runs[4]! - runs[3]! - runs[2]! / 2, module: runs.reduce((a, b) => a + b, 0) / 7 };
}

/** Finder patterns of a dark/light map (1 = dark). */
function finderPatterns(dark: Uint8Array, width: number, height: number): Finder[] {
  const found: Finder[] = [];
  const maxRun = Math.round(Math.min(width, height) / 7);
  for (let y = 0; y < height; y += 1) {
    const runs: number[] = [];
    let start = 0;
    for (let x = 1; x <= width; x++) {
      if (x < width && dark[y * width + x] === dark[y * width + x - 1]) continue;
      runs.push(x - start);
      start = x;
      // a dark run just ended: look at the last five runs (dark, light, dark, light, dark)
      if (dark[y * width + x - 1] === 1 && runs.length >= 5) {
        const five = runs.slice(-5);
        if (finderRatio(five)) {
          const cx = Math.round(x - five[4]! - five[3]! - five[2]! / 2);
          const col = crossCheckColumn(dark, width, height, cx, y, maxRun);
          if (col) {
            const size = (five.reduce((a, b) => a + b, 0) / 7 + col.module) / 2;
            const near = found.find((f) => Math.hypot(f.x - cx, f.y - col.y) < 2 * size && Math.abs(f.module - size) < size / 2);
            if (near) {
              near.x = (near.x * near.hits + cx) / (near.hits + 1);
              near.y = (near.y * near.hits + col.y) / (near.hits + 1);
              near.module = (near.module * near.hits + size) / (near.hits + 1);
              near.hits++;
            } else found.push({ x: cx, y: col.y, module: size, hits: 1 });
          }
        }
      }
    }
  }
  return found.filter((f) => f.hits >= 2);
}

/** Boxes of codes whose three finder patterns form a right isosceles triangle of one module size. */
function codesFromFinders(finders: Finder[]): Box[] {
  const boxes: Box[] = [];
  for (const a of finders) {
    for (const b of finders) {
      for (const c of finders) {
        if (a === b || a === c || b === c || b.x > c.x || (b.x === c.x && b.y > c.y)) continue;
        const mods = [a.module, b.module, c.module];
        if (Math.max(...mods) > 1.5 * Math.min(...mods)) continue;
        const ab = Math.hypot(b.x - a.x, b.y - a.y);
        const ac = Math.hypot(c.x - a.x, c.y - a.y);
        const bc = Math.hypot(c.x - b.x, c.y - b.y);
        // a is the corner: |ab| = |ac|, |bc| = sqrt(2) |ab|; a QR code is at least 21 modules wide
        if (Math.abs(ab - ac) > 0.15 * ab || Math.abs(bc - Math.SQRT2 * ab) > 0.15 * bc || ab < 14 * a.module) continue;
        const d = { x: b.x + c.x - a.x, y: b.y + c.y - a.y };
        const pad = 5 * Math.max(...mods);
        const xs = [a.x, b.x, c.x, d.x];
        const ys = [a.y, b.y, c.y, d.y];
        boxes.push([Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad]);
      }
    }
  }
  return boxes;
}

/**
 * The boxes of the QR codes on a page: jsQR's decoded code (grown by 4 % of its size) and every
 * code found by its finder patterns (grown by 5 modules beyond the patterns' centres); a code
 * found both ways gets one box covering both.
 * @param page raw RGBA pixels.
 */
export function locateQrCodes(page: RgbaPage): Box[] {
  const boxes: Box[] = [];
  const code = jsQR(page.data, page.width, page.height, { inversionAttempts: "dontInvert" });
  if (code) {
    const l = code.location;
    const pts = [l.topLeftCorner, l.topRightCorner, l.bottomLeftCorner, l.bottomRightCorner];
    const xs = pts.map((p) => p.x);
    const ys = pts.map((p) => p.y);
    const pad = Math.ceil(Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) * 0.04);
    boxes.push([Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad]);
  }
  // dark = below the mean of the darkest and lightest 5 % (print on paper)
  const n = page.width * page.height;
  const grey = new Uint8Array(n);
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < n; i++) {
    const v = Math.round(0.299 * page.data[4 * i]! + 0.587 * page.data[4 * i + 1]! + 0.114 * page.data[4 * i + 2]!);
    grey[i] = v;
    histogram[v]!++;
  }
  const percentile = (q: number) => {
    let v = 0;
    for (let seen = histogram[0]!; v < 255 && seen < q * n; ) seen += histogram[++v]!;
    return v;
  };
  const threshold = (percentile(0.05) + percentile(0.95)) / 2;
  const dark = grey.map((v) => (v < threshold ? 1 : 0));
  const inside = (b: Box, x: number, y: number) => x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3];
  for (const f of codesFromFinders(finderPatterns(dark, page.width, page.height))) {
    // one code found both ways: keep the larger box
    const same = boxes.findIndex((b) => inside(b, (f[0] + f[2]) / 2, (f[1] + f[3]) / 2));
    if (same < 0) boxes.push(f);
    else boxes[same] = [Math.min(boxes[same]![0], f[0]), Math.min(boxes[same]![1], f[1]), Math.max(boxes[same]![2], f[2]), Math.max(boxes[same]![3], f[3])];
  }
  return boxes;
}
