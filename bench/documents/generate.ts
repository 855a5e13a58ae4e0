/**
 * The realistic document render set of `npm run bench:intelligence` (issue 16 item 10): made-up
 * Indian people on PAN (2018+), Aadhaar (front + back), passport data page (OCR-B MRZ), driving
 * licence (Maharashtra, Karnataka, Delhi designs) and EPIC cards drawn after the real layouts
 * (layouts.ts) with security backgrounds (svg.ts), each captured as a flat-bed `scan` and a phone
 * `photo` (capture.ts). Independent of the parsers and of tests/fixtures/intelligence.
 *
 * Two splits, each with its own seed, fonts and background style, so tuning on one says
 * something about the other:
 * - `dev` (for tuning): DejaVu Sans / Liberation Sans / DejaVu Serif, Lohit Devanagari / Noto Sans
 *   Devanagari, guilloche rosettes and wave bands;
 * - `holdout` (only reported, never tuned on): Noto Sans / FreeSans / Liberation Serif / Noto
 *   Serif, Gargi / Noto Serif Devanagari / FreeSans, moiré rings, a line lattice and microtext.
 * Fonts come from Debian: `apt-get install -y fonts-dejavu-core fonts-liberation fonts-lohit-deva
 * fonts-noto-core fonts-gargi fonts-freefont-ttf fonts-ocr-b` (a missing family falls back to
 * another font through fontconfig; the CLI warns).
 *
 * How to produce the sets (images stay out of git, under bench/results/):
 *   npm run bench:documents                             # both splits, 6 documents per kind
 *   npx tsx bench/documents/cli.ts --split dev --docs 3 --out /tmp/docs
 * and the accuracy of the app's extraction on them: `npm run bench:intelligence -- --docs 6 --no-faces`
 * which writes `<out>/<split>/<variant>/*.jpg`, `<out>/<split>/<variant>/expected.json` (the shape
 * of tests/fixtures/intelligence/expected.json: `{ "<file>[+<file>]": { document_type, fields } }`)
 * and `<out>/<split>/manifest.json` (layout, fonts, dpi and, for passports, the MRZ lines of each
 * document). Document `i` of a split is the same whatever `--docs` is (a per-document seed).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type CaptureOptions, type Variant, VARIANTS, photo, scan } from "./capture";
import { Rng, randomPerson } from "./identity";
import { DL_STATES, type DrawnDocument, drawAadhaar, drawDrivingLicence, drawEpic, drawPan, drawPassport } from "./layouts";
import type { Fonts, Style } from "./svg";

/** The splits of the set. */
export const SPLITS = {
  dev: {
    seed: 16_001,
    style: { latin: ["DejaVu Sans", "Liberation Sans", "DejaVu Serif"], deva: ["Lohit Devanagari", "Noto Sans Devanagari"], background: "guilloche" },
  },
  holdout: {
    seed: 16_999,
    style: { latin: ["Noto Sans", "FreeSans", "Liberation Serif", "Noto Serif"], deva: ["Gargi", "Noto Serif Devanagari", "FreeSans"], background: "moire" },
  },
} as const satisfies Record<string, { seed: number; style: Style }>;
export type Split = keyof typeof SPLITS;

/** The document kinds of the set, in generation order. */
export const KINDS = ["pan", "aadhaar", "passport", "dl", "epic"] as const;

/** Every font family the splits use (OCR B for the MRZ). */
export const FONT_FAMILIES = [...new Set([...Object.values(SPLITS).flatMap((s) => [...s.style.latin, ...s.style.deva]), "OCR B"])];

/** One image of a rendered document. */
export interface RenderedImage {
  /** File name, e.g. `aadhaar-002-back.jpg`. */
  file: string;
  side: string;
  bytes: Buffer;
  dpi: number;
}

/** A document of the set with its images per variant and its expected fields. */
export interface RenderedDocument extends Omit<DrawnDocument, "pages"> {
  /** e.g. `pan-003` */
  id: string;
  fonts: Fonts;
  images: Record<Variant, RenderedImage[]>;
}

function draw(kind: (typeof KINDS)[number], i: number, rng: Rng, style: Style): { doc: DrawnDocument; fonts: Fonts } {
  const fonts: Fonts = { latin: rng.pick(style.latin), deva: rng.pick(style.deva), mono: "OCR B" };
  const person = randomPerson(rng);
  switch (kind) {
    case "pan":
      return { doc: drawPan(person, rng, style, fonts), fonts };
    case "aadhaar":
      return { doc: drawAadhaar(person, rng, style, fonts), fonts };
    case "passport":
      return { doc: drawPassport(person, rng, style, fonts), fonts };
    case "dl":
      return { doc: drawDrivingLicence(person, rng, style, fonts, DL_STATES[i % DL_STATES.length]!), fonts };
    case "epic":
      return { doc: drawEpic(person, rng, style, fonts), fonts };
  }
}

/**
 * Renders `perType` documents of each kind of a split, one at a time.
 * @param split `dev` or `holdout`.
 * @param perType documents per kind (PAN, Aadhaar, passport, driving licence, EPIC).
 * @param kinds restricts the kinds (default all).
 * @param capture capture options (bench/documents/capture.ts: `hard` captures).
 */
export async function* renderDocuments(
  split: Split,
  perType: number,
  kinds: readonly (typeof KINDS)[number][] = KINDS,
  capture: CaptureOptions = {},
): AsyncGenerator<RenderedDocument> {
  const { seed, style } = SPLITS[split];
  for (let i = 0; i < perType; i++) {
    for (const kind of kinds) {
      const k = KINDS.indexOf(kind);
      const rng = new Rng(seed * 1000 + i * 16 + k);
      const { doc, fonts } = draw(kind, i, rng, style);
      const id = `${kind}-${String(i + 1).padStart(3, "0")}`;
      const images = {} as Record<Variant, RenderedImage[]>;
      for (const [v, variant] of VARIANTS.entries()) {
        const capRng = new Rng(seed * 7919 + i * 16 + k * 4 + v);
        const take = variant === "scan" ? scan : photo;
        images[variant] = [];
        for (const page of doc.pages) {
          const file = doc.pages.length > 1 ? `${id}-${page.side}.jpg` : `${id}.jpg`;
          images[variant].push({ file, side: page.side, ...(await take(page, capRng, capture)) });
        }
      }
      const { pages: _pages, ...rest } = doc;
      yield { id, fonts, images, ...rest };
    }
  }
}

/** The `expected.json` key of a document: its files joined with `+` (front first). */
export const expectedKey = (d: RenderedDocument) => d.images.scan.map((i) => i.file).join("+");

/**
 * Renders a split and writes it under `outDir/<split>/` (see the module docstring).
 * @param kinds restricts the kinds (default all).
 * @param capture capture options (`hard`: bench/documents/capture.ts), recorded in the manifest.
 * @returns the number of documents written.
 */
export async function writeDocumentSet(
  outDir: string,
  split: Split,
  perType: number,
  kinds: readonly (typeof KINDS)[number][] = KINDS,
  capture: CaptureOptions = {},
): Promise<number> {
  const root = path.join(outDir, split);
  const expected: Record<string, { document_type: string; fields: Record<string, string> }> = {};
  const manifest: Record<string, unknown> = {};
  for (const v of VARIANTS) mkdirSync(path.join(root, v), { recursive: true });
  let n = 0;
  for await (const d of renderDocuments(split, perType, kinds, capture)) {
    for (const v of VARIANTS) for (const img of d.images[v]) writeFileSync(path.join(root, v, img.file), img.bytes);
    expected[expectedKey(d)] = { document_type: d.documentType, fields: d.fields };
    manifest[expectedKey(d)] = {
      id: d.id,
      layout: d.layout,
      fonts: d.fonts,
      dpi: Object.fromEntries(VARIANTS.map((v) => [v, d.images[v].map((i) => i.dpi)])),
      ...(d.mrz ? { mrz: d.mrz } : {}),
    };
    n++;
  }
  for (const v of VARIANTS) writeFileSync(path.join(root, v, "expected.json"), JSON.stringify(expected, null, 2) + "\n");
  writeFileSync(
    path.join(root, "manifest.json"),
    JSON.stringify({ split, seed: SPLITS[split].seed, style: SPLITS[split].style, capture, documents: manifest }, null, 2) + "\n",
  );
  return n;
}
