/**
 * The accuracy report of the realistic render set (generate.ts) in `npm run bench:intelligence`:
 * each document of a split goes the way of `POST /v1/files` (purpose `identity_document`) and
 * `in.document.extract`, as a scan and as a phone photo: every image first through the upload's
 * Aadhaar masking (`maskAadhaar`, mode `detect`: an Aadhaar number found is masked, and a page
 * that shows one it cannot locate with confidence is refused, `aadhaar_unreadable`), then the
 * app's extraction (`extractFieldsFromImages`) with the declared type. A refused upload counts
 * every field of its document wrong. A field counts as right when its value equals the expected
 * one after the normalisation the confirmation check compares with (`normalizeFieldValue`). Also counted:
 * - passports: MRZ found (an `mrz` field), every check digit holding (`check_digits_valid` of the
 *   check's `result.mrz`, server/intelligence/mrz.ts), marked valid (the `mrz` field `valid`: check
 *   digits and names confirmed by the visual zone), both lines exact, and marked valid with a wrong
 *   text (must be 0);
 * - "misread identifier marked valid": identifier fields (PAN, Aadhaar last 4, passport, EPIC
 *   and licence numbers, MRZ) answered `valid: true` with a wrong value (must be 0);
 * - the type `detectDocumentType` finds on the first image (what an undeclared type relies on).
 */
import { normalizeFieldValue } from "../../server/intelligence/compare-confirmed-fields";
import { detectDocumentType } from "../../server/intelligence/detect-document-type";
import { extractFieldsFromImages } from "../../server/intelligence/extract-document-fields";
import type { OcrLanguage } from "../../server/intelligence/ocr/tesseract-ocr";
import { DOCUMENT_PARSERS } from "../../server/intelligence/parsers/parse-document";
import { type Variant, VARIANTS } from "./capture";
import { type KINDS, renderDocuments, type Split } from "./generate";
import { maskAadhaar } from "../../server/uploads/mask-aadhaar";
import { readMrz } from "../../server/intelligence/mrz";

const IDENTIFIERS = ["pan", "aadhaar_last4", "passport_number", "epic_number", "dl_number", "mrz"];

/** The outcome of one document in one variant. */
export interface DocumentOutcome {
  split: Split;
  variant: Variant;
  id: string;
  documentType: string;
  layout: string;
  fonts: string;
  correct: number;
  total: number;
  /** `field=value read` for each wrong field (null: not read). */
  wrong: string[];
  /** Identifier fields answered `valid: true` with a wrong value. */
  misreadValid: string[];
  /** An image refused by the upload's Aadhaar masking (`aadhaar_unreadable`): nothing extracted. */
  refused: boolean;
  detectedType: string | null;
  /** Passports: MRZ found, every check digit holding, marked valid, both lines exact; the lines read and expected when not exact. */
  mrz?: { found: boolean; checkDigits: boolean; valid: boolean; exact: boolean; problem: string | null; read?: string; expected?: string };
  wallMs: number;
}

/** A page the throughput comparison reads: an uploaded image and the languages its parser uses. */
export interface ThroughputPage {
  bytes: Buffer;
  languages: OcrLanguage[];
}

const same = (key: string, a: string | null | undefined, b: string) => a != null && normalizeFieldValue(key, a) === normalizeFieldValue(key, b);

/**
 * Runs the app's extraction on `perType` documents of each kind of each split, `concurrency`
 * documents at a time (the OCR pool's size: every core busy).
 * @param kinds restricts the kinds (default all; a document keeps its seed).
 * @returns one outcome per document and variant, and the pages (for the throughput comparison).
 */
export async function evaluateRenderSet(
  splits: readonly Split[],
  perType: number,
  concurrency: number,
  kinds?: readonly (typeof KINDS)[number][],
): Promise<{ outcomes: DocumentOutcome[]; pages: ThroughputPage[] }> {
  const outcomes: DocumentOutcome[] = [];
  const pages: ThroughputPage[] = [];
  const inFlight = new Set<Promise<void>>();
  for (const split of splits) {
    for await (const d of renderDocuments(split, perType, kinds)) {
      for (const variant of VARIANTS) {
        const images = d.images[variant];
        for (const img of images) pages.push({ bytes: img.bytes, languages: DOCUMENT_PARSERS[d.documentType]!.languages });
        const job = (async () => {
          const t0 = performance.now();
          const uploads: { fileId: string; bytes: Uint8Array }[] = [];
          let refused = false;
          for (const i of images) {
            try {
              const masked = await maskAadhaar(i.bytes, "image/jpeg", "detect");
              uploads.push({ fileId: i.file, bytes: masked?.bytes ?? i.bytes });
            } catch {
              refused = true;
            }
          }
          const [result, detected] = refused
            ? [{ fields: {} as Awaited<ReturnType<typeof extractFieldsFromImages>>["fields"] }, { type: null }]
            : await Promise.all([extractFieldsFromImages(uploads, d.documentType), detectDocumentType(uploads[0]!.bytes)]);
          const wrong: string[] = [];
          const misreadValid: string[] = [];
          for (const [key, expected] of Object.entries(d.fields)) {
            const f = result.fields[key];
            if (!same(key, f?.value, expected)) wrong.push(`${key}=${JSON.stringify(f?.value ?? null)}`);
          }
          for (const key of IDENTIFIERS) {
            const f = result.fields[key];
            const expected = key === "mrz" ? d.mrz?.join("\n") : d.fields[key];
            if (f?.valid && expected !== undefined && !same(key, f.value, expected)) misreadValid.push(`${key}=${JSON.stringify(f.value)}`);
          }
          const mrzRead = result.fields.mrz?.value;
          const mrzExact = same("mrz", mrzRead, d.mrz?.join("\n") ?? "");
          const mrz = d.mrz
            ? {
                found: Boolean(mrzRead),
                checkDigits: mrzRead ? (readMrz(mrzRead.split("\n"))?.check_digits_valid ?? false) : false,
                valid: result.fields.mrz?.valid ?? false,
                exact: mrzExact,
                problem: result.fields.mrz?.problem ?? null,
                ...(mrzRead && !mrzExact ? { read: mrzRead, expected: d.mrz.join("\n") } : {}),
              }
            : undefined;
          outcomes.push({
            split,
            variant,
            id: d.id,
            documentType: d.documentType,
            layout: d.layout,
            fonts: `${d.fonts.latin} + ${d.fonts.deva}`,
            correct: Object.keys(d.fields).length - wrong.length,
            total: Object.keys(d.fields).length,
            wrong,
            misreadValid,
            refused,
            detectedType: detected.type,
            mrz,
            wallMs: Math.round(performance.now() - t0),
          });
        })();
        inFlight.add(job);
        void job.finally(() => inFlight.delete(job));
        if (inFlight.size >= concurrency) await Promise.race(inFlight);
      }
    }
  }
  await Promise.all(inFlight);
  const order = (o: DocumentOutcome) => `${o.split}/${o.variant}/${o.id}`;
  outcomes.sort((a, b) => order(a).localeCompare(order(b)));
  return { outcomes, pages };
}

const pct = (n: number, of: number) => (of ? `${n}/${of} (${((100 * n) / of).toFixed(1)} %)` : "-");

/** Summary rows: per split, variant and document type. */
export function summarizeRenderSet(outcomes: DocumentOutcome[]) {
  const rows: {
    split: string;
    variant: string;
    documentType: string;
    docs: number;
    fields: string;
    allRight: string;
    refused: number;
    detected: string;
    misreadValid: number;
  }[] = [];
  const keys = [...new Set(outcomes.map((o) => `${o.split}|${o.variant}|${o.documentType}`))];
  const rank = (k: string) => {
    const [split, variant, type] = k.split("|") as [string, Variant, string];
    return `${split}|${VARIANTS.indexOf(variant)}|${type === "all" ? "~" : type}`;
  };
  const all = [...keys, ...new Set(outcomes.map((o) => `${o.split}|${o.variant}|all`))].sort((a, b) => rank(a).localeCompare(rank(b)));
  for (const k of all) {
    const [split, variant, type] = k.split("|") as [string, string, string];
    const os = outcomes.filter((o) => o.split === split && o.variant === variant && (type === "all" || o.documentType === type));
    rows.push({
      split,
      variant,
      documentType: type,
      docs: os.length,
      fields: pct(
        os.reduce((a, o) => a + o.correct, 0),
        os.reduce((a, o) => a + o.total, 0),
      ),
      allRight: pct(os.filter((o) => o.correct === o.total).length, os.length),
      refused: os.filter((o) => o.refused).length,
      detected: pct(os.filter((o) => o.detectedType === o.documentType).length, os.length),
      misreadValid: os.reduce((a, o) => a + o.misreadValid.length, 0),
    });
  }
  return rows;
}

/** Prints the realistic-set tables (Markdown) of bench/README.md. */
export function printRenderSetReport(outcomes: DocumentOutcome[]): void {
  console.log("### Realistic render set (bench/documents)\n");
  console.log(
    "| split | variant | document | docs | fields right | documents all right | upload refused (aadhaar_unreadable) | type detected | misread identifiers marked valid |\n|---|---|---|---|---|---|---|---|---|",
  );
  for (const r of summarizeRenderSet(outcomes))
    console.log(
      `| ${r.split} | ${r.variant} | ${r.documentType === "all" ? "**all**" : r.documentType} | ${r.docs} | ${r.fields} | ${r.allRight} | ${r.refused} | ${r.detected} | ${r.misreadValid} |`,
    );
  console.log(
    "\nPassport MRZ (OCR-B):\n\n| split | variant | pages | MRZ found | all check digits valid | marked valid | both lines exact | marked valid but wrong |\n|---|---|---|---|---|---|---|---|",
  );
  for (const split of new Set(outcomes.map((o) => o.split)))
    for (const variant of VARIANTS) {
      const ps = outcomes.filter((o) => o.split === split && o.variant === variant && o.mrz);
      if (!ps.length) continue;
      const n = (f: (m: NonNullable<DocumentOutcome["mrz"]>) => boolean) => pct(ps.filter((o) => f(o.mrz!)).length, ps.length);
      console.log(
        `| ${split} | ${variant} | ${ps.length} | ${n((m) => m.found)} | ${n((m) => m.checkDigits)} | ${n((m) => m.valid)} | ${n((m) => m.exact)} | ${ps.filter((o) => o.mrz!.valid && !o.mrz!.exact).length} |`,
      );
    }
  const unproven = outcomes.filter((o) => o.mrz?.found && !o.mrz.valid);
  if (unproven.length) console.log(`\nMRZ found, not marked valid: ${unproven.map((o) => `${o.split}/${o.variant}/${o.id} ${o.mrz!.problem}`).join("; ")}`);
  const inexact = outcomes.filter((o) => o.mrz?.read);
  if (inexact.length)
    console.log(
      `\nMRZ read but not exact:\n\n${inexact.map((o) => `- ${o.split}/${o.variant}/${o.id}${o.mrz!.valid ? " (marked valid)" : ""}: \`${o.mrz!.read!.replace("\n", " / ")}\` (expected \`${o.mrz!.expected!.replace("\n", " / ")}\`)`).join("\n")}`,
    );
  const misses = new Map<string, number>();
  for (const o of outcomes)
    for (const w of o.wrong)
      misses.set(
        `${o.split} ${o.variant} ${o.documentType}.${w.split("=")[0]}`,
        (misses.get(`${o.split} ${o.variant} ${o.documentType}.${w.split("=")[0]}`) ?? 0) + 1,
      );
  console.log("\nMost missed fields (split, variant, document.field: documents):\n");
  console.log(
    [...misses]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([k, n]) => `- ${k}: ${n}`)
      .join("\n") || "- none",
  );
  const bad = outcomes.filter((o) => o.misreadValid.length);
  console.log(
    `\nMisread identifiers marked valid: ${bad.length ? bad.map((o) => `${o.split}/${o.variant}/${o.id} ${o.misreadValid.join(", ")}`).join("; ") : "none"}\n`,
  );
}
