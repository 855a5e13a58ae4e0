/**
 * The app's two fonts, cut by scripts/subset-fonts.sh to what the pages use (each script's own
 * subset, weights 400-600 only, one variable file each) and declared in app/globals.css
 * (`@font-face`, with the ranges @fontsource-variable declares for these subsets):
 * - "Verify Inter", Inter's Latin without the combining accents U+0304, U+0308 and U+0329
 *   (precomposed letters stay) and the fraction features; ~26 KB. The dashboard's and the other
 *   pages' text; not the hosted flow's (below).
 * - "Verify Devanagari", Noto Sans Devanagari with only the characters of the flow's Hindi
 *   messages and their conjuncts; ~49 KB. Devanagari comes from the device's own Noto Sans
 *   Devanagari when it has one (`local()` first: Android's system Devanagari font, Regular and
 *   Bold), so a Hindi page on an Android phone downloads no font; other devices fetch the subset.
 *
 * The hosted flow (components/flow/flow-shell.tsx `FLOW_FONT_FAMILY`) writes Latin in the device's
 * own sans-serif (Roboto on Android, San Francisco on iOS) and Devanagari in "Verify Devanagari"
 * (issue 18, "fast on a cheap phone"): its first screen is painted from the server's HTML, and
 * with no web font to wait for, that paint needs only the HTML and the stylesheet; an English
 * flow page downloads no font at all (was Inter's 26 KB, the largest request after React). A
 * page elsewhere writes Latin in Inter, and Devanagari (the switcher's "हिन्दी") only where a page
 * shows it.
 *
 * Both use `font-display: block` (text waits for its font, at most 3 s, rather than painting in a
 * fallback first): a page's text is laid out once, in its font. They are files in public/ (not
 * next/font) so that a page can preload the one it needs.
 */
import { preload } from "react-dom";
import { FLOW_LOCALE_HEADER, pageLocale } from "~/server/embed/flow-frame-ancestors";

/** Inter's file (public/fonts/), as app/globals.css names it. */
const INTER_FILE = "/fonts/inter-latin-wght-400-600.woff2";

/**
 * Preloads Inter for a page that writes in it (a server component calls it while it renders; React
 * puts the hint in the head): not a hosted-flow page (the proxy names its session's language in
 * `FLOW_LOCALE_HEADER`; the flow writes in the device's fonts, see above), nor a Hindi page, whose
 * Devanagari is the device's or fetched when used.
 */
export function preloadPageFont(requestHeaders: Headers): void {
  if (!requestHeaders.has(FLOW_LOCALE_HEADER) && pageLocale(requestHeaders) !== "hi") {
    preload(INTER_FILE, { as: "font", type: "font/woff2", crossOrigin: "" });
  }
}
