/**
 * Writes the realistic document render set (bench/documents/generate.ts) to disk:
 *   npx tsx bench/documents/cli.ts [--split dev|holdout|all] [--docs N] [--out DIR] [--hard]
 * Defaults: both splits, 6 documents per kind, `bench/results/documents` (not in git). `--hard`:
 * the harder captures of bench/documents/capture.ts (150 dpi scans; photos with a small card, a
 * 10-20° tilt, a busy surface) of the same documents; give it its own `--out`.
 * Warns about font families fontconfig does not have (they would fall back to another font).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { FONT_FAMILIES, SPLITS, type Split, writeDocumentSet } from "./generate";

const { values } = parseArgs({
  options: {
    split: { type: "string", default: "all" },
    docs: { type: "string", default: "6" },
    out: { type: "string", default: path.resolve(import.meta.dirname, "../results/documents") },
    hard: { type: "boolean", default: false },
  },
});
const splits = values.split === "all" ? (Object.keys(SPLITS) as Split[]) : [values.split as Split];
if (!splits.every((s) => s in SPLITS)) throw new Error(`--split must be one of ${Object.keys(SPLITS).join(", ")} or all`);
const perType = Number(values.docs);
if (!Number.isInteger(perType) || perType < 1) throw new Error("--docs must be a positive integer");

const installed = execFileSync("fc-list", [":", "family"], { encoding: "utf8" });
const missing = FONT_FAMILIES.filter((f) => !installed.split("\n").some((l) => l.split(",").includes(f)));
if (missing.length)
  console.warn(
    `Fonts missing (fallbacks will be used): ${missing.join(", ")}. Install: apt-get install -y fonts-dejavu-core fonts-liberation fonts-lohit-deva fonts-noto-core fonts-gargi fonts-freefont-ttf fonts-ocr-b`,
  );
for (const split of splits) {
  const t0 = performance.now();
  const n = await writeDocumentSet(values.out, split, perType, { hard: values.hard });
  console.log(`${split}: ${n} documents in ${path.join(values.out, split)} (${Math.round(performance.now() - t0)} ms)`);
}
