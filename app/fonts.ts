/**
 * The app's two fonts, cut by scripts/subset-fonts.sh to what the pages use (each script's own
 * subset, weights 400-600 only, one variable file each) and declared in app/globals.css
 * (`@font-face`, with the ranges @fontsource-variable declares for these subsets):
 * - "Verify Inter", Inter's Latin without the combining accents U+0304, U+0308 and U+0329
 *   (precomposed letters stay) and the fraction features; ~26 KB.
 * - "Verify Devanagari", Noto Sans Devanagari with only the characters of the flow's Hindi
 *   messages and their conjuncts; ~49 KB.
 * A page fetches only the font of its language (issue 18, "fast on a cheap phone"): a Hindi page
 * writes Devanagari in its font and Latin (an organization's name, "PAN") in the system's font
 * (`html:lang(hi)` in app/globals.css); every other page writes Latin in Inter, and Devanagari
 * (the switcher's "हिन्दी") only where a page shows it. Devanagari comes from the device's own Noto
 * Sans Devanagari when it has one (`local()` first: Android's system Devanagari font, Regular and
 * Bold), so a Hindi page on an Android phone downloads no font; other devices fetch the subset.
 * `preloadPageFont` starts Inter with the HTML of a page not in Hindi; a Hindi page preloads
 * nothing (a preload would fetch the subset even where the device has the font).
 *
 * Both use `font-display: block` (text waits for its font, at most 3 s, rather than painting in
 * a fallback first): the hosted flow's first screen is painted from the server's HTML and then
 * replaced by the live screen (components/flow/first-paint.tsx); painted in a fallback first, it
 * would wrap differently from the live screen in the web font, and the largest contentful paint
 * would move to the live screen. They are files in public/ (not next/font) so that the page can
 * preload the one its language needs.
 */
import { preload } from "react-dom";
import type { TLocale } from "~/server/workflows/workflow.schemas";

/** Inter's file (public/fonts/), as app/globals.css names it. */
const INTER_FILE = "/fonts/inter-latin-wght-400-600.woff2";

/** Preloads Inter for a page not in Hindi (a server component calls it while it renders; React puts the hint in the head); a Hindi page's Devanagari is the device's or fetched when used (see above). */
export function preloadPageFont(lang: TLocale): void {
  if (lang !== "hi") preload(INTER_FILE, { as: "font", type: "font/woff2", crossOrigin: "" });
}
