/**
 * OCR engines for documents compared on a realistic render set (issue 16 item 3): Tesseract (the
 * app's path: card straightening, eng or eng+hin, zone re-reads, MRZ pass), PaddleOCR PP-OCRv4
 * through ONNX Runtime (server/intelligence/ocr/paddle-ocr.ts) and both together, all through the
 * same parsers (server/intelligence/extract-document-fields.ts `engine`).
 *
 *   npx tsx bench/documents/cli.ts --split dev --docs 4 --out /tmp/docs   # the set (bench/documents)
 *   npx tsx bench/ocr-engines.ts --dir /tmp/docs/dev [--engines tesseract,paddle,both]
 *
 * `--dir` holds `<variant>/expected.json` (`{ "<file>[+<file>]": { document_type, fields } }`)
 * and the images beside it, one directory per variant (`scan`, `photo`). Prints per document
 * type and variant the fields read exactly / expected, the identifiers marked `valid` although
 * misread (must be 0), and CPU milliseconds per page (the whole process: OCR worker thread and
 * ONNX Runtime's threads included; one-time model loads excluded by a warm-up document). Writes
 * bench/results/ocr-engines.json.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { extractFieldsFromImages, type OcrEngine } from "../server/intelligence/extract-document-fields";
import { terminateOcr } from "../server/intelligence/ocr/tesseract-ocr";

/** Fields that are identifiers: a misread one marked `valid` is the failure issue 16 forbids. */
const IDENTIFIERS = new Set(["pan", "aadhaar_last4", "passport_number", "dl_number", "epic_number"]);

const { values } = parseArgs({ options: { dir: { type: "string" }, engines: { type: "string", default: "tesseract,paddle,both" } } });
if (!values.dir) throw new Error("--dir <render set split directory> is required (see the module comment)");
const dir = path.resolve(values.dir);
const engines = values.engines.split(",") as OcrEngine[];

type Expected = Record<string, { document_type: string; fields: Record<string, string> }>;

interface Row {
  engine: OcrEngine;
  variant: string;
  document_type: string;
  documents: number;
  pages: number;
  correct: number;
  fields: number;
  misread_valid: number;
  cpu_ms: number;
  wrong: string[];
}

const variants = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort()
  .reverse();
const rows: Row[] = [];
for (const engine of engines) {
  for (const variant of variants) {
    const expected = JSON.parse(readFileSync(path.join(dir, variant, "expected.json"), "utf8")) as Expected;
    const entries = Object.entries(expected);
    const load = (names: string) => names.split("+").map((n) => ({ fileId: n, bytes: readFileSync(path.join(dir, variant, n)) }));
    // warm-up: model loads and worker start-up stay out of the CPU figures
    await extractFieldsFromImages(load(entries[0]![0]), entries[0]![1].document_type, { engine });
    for (const [names, exp] of entries) {
      const cpu0 = process.cpuUsage();
      const r = await extractFieldsFromImages(load(names), exp.document_type, { engine });
      const cpu = process.cpuUsage(cpu0);
      let row = rows.find((x) => x.engine === engine && x.variant === variant && x.document_type === exp.document_type);
      if (!row) {
        row = { engine, variant, document_type: exp.document_type, documents: 0, pages: 0, correct: 0, fields: 0, misread_valid: 0, cpu_ms: 0, wrong: [] };
        rows.push(row);
      }
      row.documents++;
      row.pages += names.split("+").length;
      row.cpu_ms += (cpu.user + cpu.system) / 1000;
      for (const [key, want] of Object.entries(exp.fields)) {
        const got = r.fields[key];
        row.fields++;
        if (got?.value === want) row.correct++;
        else {
          row.wrong.push(`${names.split("+")[0]}:${key}=${got ? JSON.stringify(got.value) : "null"}`);
          if (got?.valid && IDENTIFIERS.has(key)) row.misread_valid++;
        }
      }
    }
  }
}
await terminateOcr();

const pct = (a: number, b: number) => (b ? `${Math.round((1000 * a) / b) / 10} %` : "-");
console.log("| engine | variant | document | documents | fields correct | misread ids marked valid | CPU ms / page |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const r of rows)
  console.log(
    `| ${r.engine} | ${r.variant} | ${r.document_type} | ${r.documents} | ${r.correct}/${r.fields} (${pct(r.correct, r.fields)}) | ${r.misread_valid} | ${Math.round(r.cpu_ms / r.pages)} |`,
  );
console.log("\n| engine | variant | fields correct | misread ids marked valid | CPU ms / page |");
console.log("| --- | --- | --- | --- | --- |");
for (const engine of engines)
  for (const variant of variants) {
    const rs = rows.filter((r) => r.engine === engine && r.variant === variant);
    const sum = (k: "correct" | "fields" | "misread_valid" | "cpu_ms" | "pages") => rs.reduce((s, r) => s + r[k], 0);
    console.log(
      `| ${engine} | ${variant} | ${sum("correct")}/${sum("fields")} (${pct(sum("correct"), sum("fields"))}) | ${sum("misread_valid")} | ${Math.round(sum("cpu_ms") / sum("pages"))} |`,
    );
  }
console.log("\nWrong values:");
for (const r of rows) if (r.wrong.length) console.log(`- ${r.engine} ${r.variant} ${r.document_type}: ${r.wrong.join(", ")}`);
const out = path.resolve(import.meta.dirname, "results");
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, "ocr-engines.json"), JSON.stringify({ dir, rows }, null, 2));
