/**
 * Fonts ship with the app (next/font/local), cut by scripts/subset-fonts.sh to what the pages
 * use: each script's own subset, weights 400-600 only (one variable file each).
 * - Inter, Latin: without the combining accents U+0304, U+0308 and U+0329 (precomposed letters
 *   stay) and the fraction features; ~26 KB. Not preloaded: a Hindi page writes its Latin (an
 *   organization's name, "PAN") in the system's font (app/globals.css) and never fetches it.
 * - Noto Sans Devanagari, Devanagari only: not preloaded, and its `unicode-range` makes the
 *   browser fetch it only for a page that shows Devanagari text (Hindi pages); only the
 *   characters of the flow's Hindi messages, with their conjuncts; ~49 KB.
 * Both `display: block`: text waits for its font (up to 3 s) rather than painting in a fallback
 * first. The hosted flow's first screen is painted from the server's HTML and then replaced by
 * the live screen (components/flow/first-paint.tsx); painted in a fallback first, its text would
 * wrap differently from the live screen's, and the largest contentful paint would move to the
 * live screen. The fonts are small and same-origin; a page without text in them never waits.
 * Ranges as @fontsource-variable declares them for these subsets, less Inter's three accents
 * (written out: next/font takes only literals; scripts/subset-fonts.sh cuts the same).
 */
import localFont from "next/font/local";

export const inter = localFont({
  src: "./_fonts/inter-latin-wght-400-600.woff2",
  variable: "--font-inter",
  weight: "400 600",
  display: "block",
  preload: false,
  declarations: [
    {
      prop: "unicode-range",
      value:
        "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD",
    },
  ],
});

export const devanagari = localFont({
  src: "./_fonts/noto-sans-devanagari-devanagari-wght-400-600.woff2",
  variable: "--font-devanagari",
  weight: "400 600",
  display: "block",
  preload: false,
  declarations: [
    { prop: "unicode-range", value: "U+0900-097F, U+1CD0-1CF9, U+200C-200D, U+20A8, U+20B9, U+20F0, U+25CC, U+A830-A839, U+A8E0-A8FF, U+11B00-11B09" },
  ],
});
