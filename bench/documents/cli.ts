/**
 * The realistic document render set (bench/documents/generate.ts) from the command line:
 *   npx tsx bench/documents/cli.ts [--split dev|holdout|all] [--docs N] [--kind K[,K...]] [--out DIR] [--hard]
 *   npx tsx bench/documents/cli.ts --evaluate [--split ...] [--docs N] [--kind K[,K...]]
 * Without `--evaluate` the set is written to disk (default `bench/results/documents`, not in git);
 * with it, each document goes through the app's extraction and the accuracy report of
 * `npm run bench:intelligence` is printed (bench/documents/evaluate.ts), without the fixtures,
 * the throughput comparison or the face sections. `--kind` restricts the kinds (`pan`,
 * `aadhaar`, `passport`, `dl`, `epic`); a document keeps its seed, so `--kind passport --docs 10`
 * reads the same passports as a run of every kind. Defaults: both splits, 6 documents per kind.
 * `--hard`: the harder captures of bench/documents/capture.ts (150 dpi scans; photos with a small
 * card, a 10-20° tilt, a busy surface) of the same documents; give it its own `--out`.
 * Warns about font families fontconfig does not have (they would fall back to another font).
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { ocrPoolSize, terminateOcr } from "../../server/intelligence/ocr/tesseract-ocr";
import { evaluateRenderSet, printRenderSetReport } from "./evaluate";
import { FONT_FAMILIES, KINDS, SPLITS, type Split, writeDocumentSet } from "./generate";

const USAGE = `Usage: npm run bench:documents -- [--evaluate] [--split dev|holdout|all] [--docs N] [--kind ${KINDS.join("|")}[,...]] [--out DIR] [--hard (writing only)]`;
const { values } = parseArgs({
  options: {
    split: { type: "string", default: "all" },
    docs: { type: "string", default: "6" },
    kind: { type: "string", default: KINDS.join(",") },
    evaluate: { type: "boolean", default: false },
    out: { type: "string", default: path.resolve(import.meta.dirname, "../results/documents") },
    help: { type: "boolean", default: false },
    hard: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.hard && values.evaluate) throw new Error("--hard writes the harder captures to disk; evaluate them with bench/ocr-engines.ts --dir");
const splits = values.split === "all" ? (Object.keys(SPLITS) as Split[]) : [values.split as Split];
if (!splits.every((s) => s in SPLITS)) throw new Error(`--split must be one of ${Object.keys(SPLITS).join(", ")} or all`);
const perType = Number(values.docs);
if (!Number.isInteger(perType) || perType < 1) throw new Error("--docs must be a positive integer");
const kinds = values.kind.split(",").map((k) => k.trim()) as (typeof KINDS)[number][];
if (!kinds.every((k) => KINDS.includes(k))) throw new Error(`--kind must list kinds of ${KINDS.join(", ")}`);

const installed = execFileSync("fc-list", [":", "family"], { encoding: "utf8" });
const missing = FONT_FAMILIES.filter((f) => !installed.split("\n").some((l) => l.split(",").includes(f)));
if (missing.length)
  console.warn(
    `Fonts missing (fallbacks will be used): ${missing.join(", ")}. Install: apt-get install -y fonts-dejavu-core fonts-liberation fonts-lohit-deva fonts-noto-core fonts-gargi fonts-freefont-ttf fonts-ocr-b`,
  );
if (values.evaluate) {
  const t0 = performance.now();
  const { outcomes } = await evaluateRenderSet(splits, perType, ocrPoolSize(), kinds);
  printRenderSetReport(outcomes);
  console.log(`${outcomes.length} document captures in ${Math.round((performance.now() - t0) / 1000)} s`);
  await terminateOcr();
} else {
  for (const split of splits) {
    const t0 = performance.now();
    const n = await writeDocumentSet(values.out, split, perType, kinds, { hard: values.hard });
    console.log(`${split}: ${n} documents in ${path.join(values.out, split)} (${Math.round(performance.now() - t0)} ms)`);
  }
}
