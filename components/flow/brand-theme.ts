/**
 * A project's brand colour as the hosted flow's accent: the `--color-brand-*` theme variables
 * (app/globals.css) that primary buttons, the progress bar, focus rings, selected cards and
 * links use, set on the flow's frame so the dashboard keeps its own colours.
 *
 * Readability (WCAG 2.2, 1.4.3 and 1.4.11): the accent carries white button text and is used
 * as link text on white, so it must reach 4.5:1 against white. A lighter brand colour is
 * darkened (its RGB channels scaled down together, which keeps hue and saturation) until it
 * does; a colour that already passes is used unchanged.
 */

type Rgb = [number, number, number];

/** WCAG's minimum contrast for normal-size text (success criterion 1.4.3, level AA). */
export const MIN_TEXT_CONTRAST = 4.5;

function parseHex(hex: string): Rgb | null {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/** Relative luminance of an sRGB colour (WCAG 2.2 definition), 0 (black) to 1 (white). */
function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Contrast ratio of two `#rrggbb` colours, 1 to 21. @throws Error for anything else. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [parseHex(a), parseHex(b)];
  if (!x || !y) throw new Error(`not a #rrggbb colour: ${x ? b : a}`);
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const scale = (rgb: Rgb, k: number): Rgb => rgb.map((c) => c * k) as Rgb;
const towardWhite = (rgb: Rgb, amount: number): Rgb => rgb.map((c) => c + (255 - c) * amount) as Rgb;

/** `brandColor` itself when white text on it reaches 4.5:1, else the lightest darker shade of it that does. */
export function readableAccent(brandColor: string): string | null {
  const rgb = parseHex(brandColor);
  if (!rgb) return null;
  if (contrastRatio(toHex(rgb), "#ffffff") >= MIN_TEXT_CONTRAST) return toHex(rgb);
  let [lo, hi] = [0, 1]; // scale factors: lo passes (black), hi fails
  for (let i = 0; i < 20; i++) {
    const mid = (lo + hi) / 2;
    if (contrastRatio(toHex(scale(rgb, mid)), "#ffffff") >= MIN_TEXT_CONTRAST) lo = mid;
    else hi = mid;
  }
  return toHex(scale(rgb, lo));
}

/**
 * The theme variables for a brand colour (`#rrggbb`), or null for none or a malformed one
 * (the default theme then applies): 600 the readable accent, 700 a darker shade (hover, link
 * text), 50 and 100 light tints (selected and tinted backgrounds).
 */
export function brandThemeVariables(brandColor: string | null): Record<`--color-brand-${50 | 100 | 600 | 700}`, string> | null {
  const accent = brandColor ? readableAccent(brandColor) : null;
  const rgb = accent ? parseHex(accent) : null;
  if (!rgb) return null;
  return {
    "--color-brand-50": toHex(towardWhite(rgb, 0.92)),
    "--color-brand-100": toHex(towardWhite(rgb, 0.84)),
    "--color-brand-600": toHex(rgb),
    "--color-brand-700": toHex(scale(rgb, 0.82)),
  };
}
