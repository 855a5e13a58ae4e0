/**
 * SVG pieces of the document renders (bench/documents/), in millimetres of the card: text in
 * Latin and Devanagari, and the security print of Indian cards: guilloche rosettes (hypotrochoid
 * curves) and wave bands, concentric moiré and line lattices, microtext lines, tinted gradients,
 * a faint emblem and watermark text, a photo box with a face-like placeholder, a QR-like block
 * and a signature stroke. Rendered by sharp (librsvg + Pango, fonts through fontconfig).
 */
import type { Rng } from "./identity";

/** The fonts and background style of one split (so dev and holdout differ in both). */
export interface Style {
  /** Latin font families, one picked per document. */
  latin: readonly string[];
  /** Devanagari font families, one picked per document. */
  deva: readonly string[];
  /** `guilloche`: hypotrochoid rosettes and wave bands; `moire`: concentric rings, a lattice and microtext. */
  background: "guilloche" | "moire";
}

/** The fonts one document is drawn with. */
export interface Fonts {
  latin: string;
  deva: string;
  mono: string;
}

export const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&apos;");
const n = (x: number) => Math.round(x * 100) / 100;

/** Text options: size in mm, `anchor` start/middle/end. */
export interface TextOpts {
  size: number;
  weight?: "normal" | "bold";
  fill?: string;
  anchor?: "start" | "middle" | "end";
  family?: string;
  spacing?: number;
}

/** A line of text in one font. */
export function text(x: number, y: number, s: string, o: TextOpts & { family: string }): string {
  return `<text x="${n(x)}" y="${n(y)}" font-family="${esc(o.family)}" font-size="${o.size}" font-weight="${o.weight ?? "normal"}" fill="${o.fill ?? "#111"}" text-anchor="${o.anchor ?? "start"}"${o.spacing ? ` letter-spacing="${o.spacing}"` : ""}>${esc(s)}</text>`;
}

/** A bilingual line: the Devanagari part in the Devanagari font, then `sep` and the English part in the Latin font. */
export function bilingual(x: number, y: number, hi: string, en: string, f: Fonts, o: TextOpts & { sep?: string }): string {
  const attrs = `font-size="${o.size}" font-weight="${o.weight ?? "normal"}" fill="${o.fill ?? "#111"}" text-anchor="${o.anchor ?? "start"}"`;
  return `<text xml:space="preserve" x="${n(x)}" y="${n(y)}" ${attrs}><tspan font-family="${esc(f.deva)}">${esc(hi)}</tspan><tspan font-family="${esc(f.latin)}">${esc(o.sep ?? " / ")}${esc(en)}</tspan></text>`;
}

/** A tinted linear gradient filling the card (the `id` must be unique in the document). */
export function tint(id: string, w: number, h: number, colors: readonly string[], angle: number): string {
  const stops = colors.map((c, i) => `<stop offset="${n(i / Math.max(1, colors.length - 1))}" stop-color="${c}"/>`).join("");
  const r = (angle * Math.PI) / 180;
  return `<defs><linearGradient id="${id}" x1="${n(0.5 - Math.cos(r) / 2)}" y1="${n(0.5 - Math.sin(r) / 2)}" x2="${n(0.5 + Math.cos(r) / 2)}" y2="${n(0.5 + Math.sin(r) / 2)}">${stops}</linearGradient></defs><rect width="${w}" height="${h}" fill="url(#${id})"/>`;
}

/** A hypotrochoid rosette centred at (cx, cy) of outer radius ~`radius` mm. */
export function rosette(cx: number, cy: number, radius: number, rng: Rng, color: string, width = 0.06): string {
  const R = radius * rng.range(0.55, 0.7);
  const r = R / rng.pick([3.2, 4.4, 5.6, 6.8, 7.25]);
  const d = radius - (R - r);
  const turns = 40;
  const pts: string[] = [];
  for (let i = 0; i <= 3000; i++) {
    const t = (i / 3000) * 2 * Math.PI * turns * (r / R);
    const x = cx + (R - r) * Math.cos(t) + d * Math.cos(((R - r) / r) * t);
    const y = cy + (R - r) * Math.sin(t) - d * Math.sin(((R - r) / r) * t);
    pts.push(`${n(x)} ${n(y)}`);
  }
  return `<path d="M${pts.join("L")}" fill="none" stroke="${color}" stroke-width="${width}" stroke-opacity="0.8"/>`;
}

/** `count` sine waves across the card, `gap` mm apart, starting at `y0`. */
export function waveBand(w: number, y0: number, count: number, gap: number, rng: Rng, color: string): string {
  const amp = rng.range(0.6, 2.2);
  const period = rng.range(6, 18);
  const phaseStep = rng.range(0.15, 0.5);
  const paths: string[] = [];
  for (let k = 0; k < count; k++) {
    const pts: string[] = [];
    for (let x = 0; x <= w; x += 0.5) pts.push(`${n(x)} ${n(y0 + k * gap + amp * Math.sin((2 * Math.PI * x) / period + k * phaseStep))}`);
    paths.push(`M${pts.join("L")}`);
  }
  return `<path d="${paths.join("")}" fill="none" stroke="${color}" stroke-width="0.07" stroke-opacity="0.75"/>`;
}

/**
 * Concentric rings around two centres (a moiré) and a diagonal line lattice, in mm of the page.
 * Drawn on the raster (capture.ts `applyPattern`): as SVG, hundreds of page-wide rings take
 * librsvg seconds per page.
 */
export interface MoirePattern {
  centres: [number, number][];
  ringPeriod: number[];
  latticeAngles: number[];
  latticePeriod: number;
  /** RGB of the ink. */
  ink: [number, number, number];
}

function moire(w: number, h: number, rng: Rng, ink: string): MoirePattern {
  return {
    centres: [
      [rng.range(0, w), rng.range(0, h)],
      [rng.range(0, w), rng.range(0, h)],
    ],
    ringPeriod: [rng.range(1.3, 2.1), rng.range(1.3, 2.1)],
    latticeAngles: [rng.range(30, 60), -rng.range(30, 60)],
    latticePeriod: rng.range(2.2, 3.2),
    ink: [1, 3, 5].map((i) => parseInt(ink.slice(i, i + 2), 16)) as [number, number, number],
  };
}

/** Lines of tiny repeated text (microprint). */
export function microtext(w: number, ys: number[], s: string, f: Fonts, color: string): string {
  const line = `${s} `.repeat(Math.ceil((w * 2) / (s.length * 0.5)));
  return ys.map((y) => text(0, y, line, { family: f.latin, size: 0.9, fill: color })).join("");
}

/** The security background of a card in the split's style: SVG (guilloche) or a raster pattern (moiré). */
export function securityBackground(style: Style, w: number, h: number, rng: Rng, ink: string): { svg: string; pattern?: MoirePattern } {
  if (style.background === "guilloche") {
    const parts = [rosette(rng.range(w * 0.55, w * 0.8), rng.range(h * 0.35, h * 0.65), rng.range(h * 0.35, h * 0.5), rng, ink)];
    if (rng.chance(0.6)) parts.push(rosette(rng.range(w * 0.1, w * 0.3), rng.range(h * 0.5, h * 0.8), rng.range(h * 0.2, h * 0.35), rng, ink));
    parts.push(waveBand(w, rng.range(h * 0.05, h * 0.2), rng.int(8, 16), rng.range(0.5, 0.9), rng, ink));
    parts.push(waveBand(w, rng.range(h * 0.7, h * 0.85), rng.int(6, 12), rng.range(0.5, 0.9), rng, ink));
    return { svg: parts.join("") };
  }
  return { svg: "", pattern: moire(w, h, rng, ink) };
}

/** A faint emblem: a 24-spoke wheel in a ring, with a caption below. */
export function emblem(cx: number, cy: number, r: number, color: string, f: Fonts, opacity = 0.5): string {
  const spokes = Array.from({ length: 24 }, (_, i) => {
    const a = (i * Math.PI) / 12;
    return `M${n(cx)} ${n(cy)}L${n(cx + r * Math.cos(a))} ${n(cy + r * Math.sin(a))}`;
  }).join("");
  return `<g opacity="${opacity}"><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${color}" stroke-width="${n(r / 8)}"/><path d="${spokes}" stroke="${color}" stroke-width="${n(r / 20)}"/>${text(cx, cy + r * 1.9, "सत्यमेव जयते", { family: f.deva, size: n(r * 0.55), fill: color, anchor: "middle" })}</g>`;
}

/** Large faint watermark text, rotated. */
export function watermark(cx: number, cy: number, s: string, size: number, family: string, color: string, angle: number): string {
  return `<g transform="rotate(${angle} ${n(cx)} ${n(cy)})" opacity="0.1">${text(cx, cy, s, { family, size, fill: color, anchor: "middle", weight: "bold" })}</g>`;
}

/** A photo box with a face-like placeholder (head, neck, shoulders, eyes, hair). */
export function photoBox(x: number, y: number, w: number, h: number, rng: Rng): string {
  const skin = rng.pick(["#c68e6a", "#a8735a", "#d9a27e", "#8d5a3b", "#e0b494"]);
  const bg = rng.pick(["#e9eef4", "#f4f4f0", "#dfe7ef", "#ffffff"]);
  const cx = x + w / 2;
  const headY = y + h * 0.4;
  const hw = w * 0.24;
  const hh = h * 0.22;
  return [
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${bg}" stroke="#777" stroke-width="0.15"/>`,
    `<path d="M${n(x)} ${n(y + h)}Q${n(cx)} ${n(y + h * 0.62)} ${n(x + w)} ${n(y + h)}Z" fill="${rng.pick(["#2b3a55", "#444", "#6b2d2d", "#dcdcdc"])}"/>`,
    `<rect x="${n(cx - hw * 0.35)}" y="${n(headY + hh * 0.8)}" width="${n(hw * 0.7)}" height="${n(h * 0.15)}" fill="${skin}"/>`,
    `<ellipse cx="${n(cx)}" cy="${n(headY)}" rx="${n(hw)}" ry="${n(hh)}" fill="${skin}"/>`,
    `<path d="M${n(cx - hw * 1.05)} ${n(headY - hh * 0.1)}Q${n(cx)} ${n(headY - hh * 1.6)} ${n(cx + hw * 1.05)} ${n(headY - hh * 0.1)}Q${n(cx)} ${n(headY - hh * 0.9)} ${n(cx - hw * 1.05)} ${n(headY - hh * 0.1)}Z" fill="#1d1a18"/>`,
    `<ellipse cx="${n(cx - hw * 0.4)}" cy="${n(headY)}" rx="${n(hw * 0.13)}" ry="${n(hh * 0.07)}" fill="#222"/>`,
    `<ellipse cx="${n(cx + hw * 0.4)}" cy="${n(headY)}" rx="${n(hw * 0.13)}" ry="${n(hh * 0.07)}" fill="#222"/>`,
    `<path d="M${n(cx - hw * 0.3)} ${n(headY + hh * 0.5)}Q${n(cx)} ${n(headY + hh * 0.65)} ${n(cx + hw * 0.3)} ${n(headY + hh * 0.5)}" stroke="#6d3b2e" stroke-width="0.2" fill="none"/>`,
  ].join("");
}

/** A QR-code-like block: a random module grid with the three finder squares. */
export function qrBlock(x: number, y: number, size: number, rng: Rng): string {
  const m = 29;
  const s = size / m;
  const finder = (i: number, j: number) => (i < 7 && j < 7) || (i < 7 && j >= m - 7) || (i >= m - 7 && j < 7);
  const cells: string[] = [];
  for (let i = 0; i < m; i++)
    for (let j = 0; j < m; j++) if (!finder(i, j) && rng.chance(0.5)) cells.push(`M${n(x + j * s)} ${n(y + i * s)}h${n(s)}v${n(s)}h${n(-s)}Z`);
  const f = (fx: number, fy: number) =>
    `<rect x="${n(fx + s / 2)}" y="${n(fy + s / 2)}" width="${n(6 * s)}" height="${n(6 * s)}" fill="none" stroke="#000" stroke-width="${n(s)}"/><rect x="${n(fx + 2 * s)}" y="${n(fy + 2 * s)}" width="${n(3 * s)}" height="${n(3 * s)}" fill="#000"/>`;
  return `<rect x="${n(x - s)}" y="${n(y - s)}" width="${n(size + 2 * s)}" height="${n(size + 2 * s)}" fill="#fff"/><path d="${cells.join("")}" fill="#000"/>${f(x, y)}${f(x + (m - 7) * s, y)}${f(x, y + (m - 7) * s)}`;
}

/** A handwritten-looking signature stroke inside the box. */
export function signature(x: number, y: number, w: number, h: number, rng: Rng): string {
  let d = `M${n(x)} ${n(y + h * rng.range(0.3, 0.8))}`;
  for (let i = 1; i <= 6; i++) d += `Q${n(x + (w * (i - 0.5)) / 6)} ${n(y + h * rng.range(-0.2, 1.2))} ${n(x + (w * i) / 6)} ${n(y + h * rng.range(0.2, 0.9))}`;
  return `<path d="${d}" fill="none" stroke="${rng.pick(["#1b2a6b", "#111", "#233"])}" stroke-width="${n(rng.range(0.2, 0.35))}" stroke-linecap="round"/>`;
}
