/**
 * `npm run bench:intelligence`: accuracy and CPU time of the document and face intelligence
 * (server/intelligence/) on the fixtures of tests/fixtures/intelligence (synthetic documents with
 * made-up data, public-domain face photos). No database, no network.
 *
 * - OCR: every document of expected.json, as rendered ("scan"), as a simulated phone photo
 *   ("photo": rotated 3°, blurred, 75 % size, JPEG quality 55) and as a scanned PDF ("pdf": the
 *   scan inside a one-page PDF at 216 dpi, rendered back by pdf.js); fields read exactly / expected.
 * - Realistic documents (bench/documents/): the render set's `dev` and `holdout` splits (bilingual
 *   PAN, Aadhaar, passport with OCR-B MRZ, three state driving licences, EPIC on security
 *   backgrounds, as scans and phone photos): fields right per split, variant and document type,
 *   MRZ found and valid, misread identifiers marked valid, type detection (bench/documents/evaluate.ts);
 *   then pages per second of the app's OCR pool next to native Tesseract on those pages
 *   (bench/documents/throughput.ts; skipped with a note when `tesseract` is not installed).
 *   `--docs N`: N documents per kind and split (default 6; e.g. `--docs 1` for a quick run),
 *   `--split dev|holdout` for one split, `--no-faces` to skip the face sections.
 * - Face match (bench/face-match.ts, images and sources in bench/faces): the ROC table of the
 *   face recognition models that ship in npm packages (FNMR at FMR 1 % and 0.1 %) on different
 *   photos of the same people and on realistic variants of the reference photo, the decisions of
 *   the default thresholds, and the quality gate on blurred, covered and tiny faces.
 * - Face time: CPU milliseconds per face analysis (decode, detection, landmarks, alignment,
 *   embedding, anti-spoofing and liveness) warm, on one core (the WASM backend is single-threaded),
 *   and per comparison of two embeddings.
 * - Fixture faces: faceSimilarity for every selfie x document photo pair of the fixtures (cut from
 *   one source photo per person: a smoke test, not used to calibrate), passive liveness of the
 *   selfies and of a screen replay.
 * - Active liveness (issue 15): the server's judge (server/intelligence/face/liveness/) on
 *   challenges done by a bona fide rendered 3D head and on flat-picture attacks (moved in
 *   perspective, rotated in 2D, warped, a still with its mirror, a drawing, replayed frames, a
 *   recording of another challenge), made from face photos that are not the fixtures' sources
 *   (bench/liveness-sources.md): how many passed, per attack type.
 * - Time: wall and CPU milliseconds per image (process CPU incl. the OCR worker thread), after
 *   the one-time model loads, which are reported separately.
 *
 * Writes bench/results/intelligence.json and prints Markdown tables (bench/README.md).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { extractFieldsFromImages } from "../server/intelligence/extract-document-fields";
import { scoreLiveness } from "../server/intelligence/face/face-checks";
import { analyzeFaces, FACE_MODEL, faceEngine } from "../server/intelligence/face/face-engine";
import { FACE_MATCH_THRESHOLDS } from "../server/intelligence/face/face-thresholds";
import { evaluateFaceMatch } from "./face-match";
import { faceSimilarity } from "../server/intelligence/face/similarity";
import { ocrPoolSize, recognizeText, terminateOcr } from "../server/intelligence/ocr/tesseract-ocr";
import { evaluateRenderSet, printRenderSetReport, summarizeRenderSet } from "./documents/evaluate";
import { SPLITS, type Split } from "./documents/generate";
import { measureThroughput, nativeTesseractAvailable, printThroughput } from "./documents/throughput";
import { livenessBench, printLivenessBench } from "./liveness";
import { scannedPdf } from "../tests/fixtures/intelligence/one-page-pdf";

const { values: args } = parseArgs({
  options: { docs: { type: "string", default: "6" }, split: { type: "string", default: "all" }, "no-faces": { type: "boolean", default: false } },
});
const DOCS_PER_KIND = Number(args.docs);
if (!Number.isInteger(DOCS_PER_KIND) || DOCS_PER_KIND < 0) throw new Error("--docs must be a whole number (0 skips the realistic set)");
const RENDER_SPLITS = (args.split === "all" ? Object.keys(SPLITS) : [args.split]) as Split[];
if (!RENDER_SPLITS.every((s) => s in SPLITS)) throw new Error(`--split must be one of ${Object.keys(SPLITS).join(", ")} or all`);

const DIR = path.resolve(import.meta.dirname, "../tests/fixtures/intelligence");
const read = (n: string) => readFileSync(path.join(DIR, n));
const expected = JSON.parse(read("expected.json").toString("utf8")) as Record<string, { document_type: string; fields: Record<string, string> }>;

/** Wall and CPU time (ms) of `fn`; CPU is the whole process (all threads). */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const cpu = process.cpuUsage(cpu0);
  return { value, wallMs: Math.round(performance.now() - t0), cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
}

/** A phone photo of the document: rotated 3°, blurred, 75 % of the size, JPEG quality 55. */
async function photo(bytes: Buffer): Promise<Buffer> {
  const { width = 1000 } = await sharp(bytes).metadata();
  return sharp(bytes)
    .rotate(3, { background: "#666" })
    .blur(1.2)
    .resize({ width: Math.round(width * 0.75) })
    .jpeg({ quality: 55 })
    .toBuffer();
}

/** The variants of a document image the OCR is measured on. */
const VARIANTS = { scan: async (b: Buffer) => b, photo, pdf: scannedPdf } as const;

async function main() {
  const blank = await sharp({ create: { width: 64, height: 32, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  const loads = {
    ocr_eng: (await timed(() => recognizeText(blank, { languages: ["eng"] }))).wallMs,
    ocr_eng_hin: (await timed(() => recognizeText(blank, { languages: ["eng", "hin"] }))).wallMs,
    face_models: args["no-faces"] ? null : (await timed(() => faceEngine())).wallMs,
  };

  const ocr: { document: string; variant: string; correct: number; total: number; wrong: string[]; images: number; wallMs: number; cpuMs: number }[] = [];
  for (const [names, exp] of Object.entries(expected)) {
    for (const [variant, make] of Object.entries(VARIANTS)) {
      const images = await Promise.all(names.split("+").map(async (n) => ({ bytes: await make(read(n)) })));
      const { value, wallMs, cpuMs } = await timed(() => extractFieldsFromImages(images, exp.document_type));
      const wrong = Object.entries(exp.fields)
        .filter(([k, v]) => value.fields[k]?.value !== v)
        .map(([k]) => `${k}=${JSON.stringify(value.fields[k]?.value ?? null)}`);
      const total = Object.keys(exp.fields).length;
      ocr.push({ document: names, variant, correct: total - wrong.length, total, wrong, images: images.length, wallMs, cpuMs });
    }
  }

  const fieldsOf = (variant: string) => {
    const rows = ocr.filter((o) => o.variant === variant);
    return `${rows.reduce((a, o) => a + o.correct, 0)}/${rows.reduce((a, o) => a + o.total, 0)}`;
  };
  const ocrFields = Object.fromEntries(Object.keys(VARIANTS).map((v) => [v, fieldsOf(v)]));
  console.log(`## Intelligence bench (${process.version}, ${new Date().toISOString().slice(0, 10)})\n`);
  console.log(`One-time loads (ms): OCR eng ${loads.ocr_eng}, OCR eng+hin ${loads.ocr_eng_hin}, face models ${loads.face_models ?? "-"}\n`);
  console.log("| document | variant | fields correct | wrong | images | wall ms | CPU ms |\n|---|---|---|---|---|---|---|");
  for (const o of ocr)
    console.log(`| ${o.document} | ${o.variant} | ${o.correct}/${o.total} | ${o.wrong.join(", ") || "-"} | ${o.images} | ${o.wallMs} | ${o.cpuMs} |`);
  console.log(
    `\nFields: ${Object.entries(ocrFields)
      .map(([v, n]) => `${v} ${n}`)
      .join(", ")}\n`,
  );

  const documents = DOCS_PER_KIND > 0 ? await evaluateRenderSet(RENDER_SPLITS, DOCS_PER_KIND, ocrPoolSize()) : null;
  if (documents) printRenderSetReport(documents.outcomes);
  const native = await nativeTesseractAvailable();
  const throughput = documents && native ? await measureThroughput(documents.pages) : null;
  if (throughput) printThroughput(throughput);
  else if (documents) console.log("Throughput: native Tesseract not installed (apt-get install -y tesseract-ocr tesseract-ocr-hin); not measured.\n");
  const realistic = documents && {
    docs_per_kind: DOCS_PER_KIND,
    splits: RENDER_SPLITS,
    summary: summarizeRenderSet(documents.outcomes),
    outcomes: documents.outcomes,
    throughput,
  };
  const resultsFile = path.resolve(import.meta.dirname, "results/intelligence.json");
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  if (args["no-faces"]) {
    await terminateOcr();
    const out = { at: new Date().toISOString(), node: process.version, loads_ms: loads, summary: { ocr_fields: ocrFields }, ocr, realistic };
    writeFileSync(resultsFile, JSON.stringify(out, null, 2) + "\n");
    return;
  }

  const faceFiles = {
    "selfie-collins.jpg": "collins",
    "selfie-hopper.jpg": "hopper",
    "replay-collins.jpg": "collins",
    "pan-card.jpg": "collins",
    "aadhaar-front.jpg": "collins",
    "passport.jpg": "hopper",
    "voter-id.jpg": "hopper",
    "driving-licence.jpg": "hopper",
    "gst-certificate.jpg": null,
  } as const;
  const analyses: Record<string, { faces: number; embedding: Float32Array | null; wallMs: number; cpuMs: number }> = {};
  for (const f of Object.keys(faceFiles)) {
    const { value, wallMs, cpuMs } = await timed(() => analyzeFaces(read(f)));
    analyses[f] = { faces: value.faces.length, embedding: value.faces[0]?.embedding ?? null, wallMs, cpuMs };
  }
  const pairs: { selfie: string; document: string; same: boolean; similarity: number }[] = [];
  for (const selfie of ["selfie-collins.jpg", "selfie-hopper.jpg", "replay-collins.jpg"] as const) {
    for (const doc of ["pan-card.jpg", "aadhaar-front.jpg", "passport.jpg", "voter-id.jpg", "driving-licence.jpg"] as const) {
      const similarity = faceSimilarity(analyses[selfie]!.embedding!, analyses[doc]!.embedding!);
      pairs.push({ selfie, document: doc, same: faceFiles[selfie] === faceFiles[doc], similarity: Math.round(similarity * 1000) / 1000 });
    }
  }
  const liveness = [];
  for (const f of ["selfie-collins.jpg", "selfie-hopper.jpg", "replay-collins.jpg"]) {
    const r = await scoreLiveness(read(f));
    liveness.push({ image: f, score: r.score, antispoof: r.antispoof, liveness: r.liveness, status: r.status });
  }

  const active = await livenessBench();
  await terminateOcr();

  const faceMatch = await evaluateFaceMatch();
  // warm time per analysis: the same selfie 7 times after the runs above, median CPU and wall
  const centre = read("selfie-collins.jpg");
  const warm = [];
  for (let i = 0; i < 7; i++) warm.push(await timed(() => analyzeFaces(centre)));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const probe = analyses["selfie-collins.jpg"]!.embedding!;
  const gallery = Object.values(analyses).flatMap((a) => (a.embedding ? [a.embedding] : []));
  const rounds = 200_000;
  const t0 = performance.now();
  let sink = 0;
  for (let i = 0; i < rounds; i++) sink += faceSimilarity(probe, gallery[i % gallery.length]!);
  const faceTime = {
    analysis_cpu_ms_warm: median(warm.map((w) => w.cpuMs)),
    analysis_wall_ms_warm: median(warm.map((w) => w.wallMs)),
    comparison_us: Math.round(((performance.now() - t0) * 1000 * 100) / rounds) / 100,
    checksum: Math.round(sink),
  };

  const same = pairs.filter((p) => p.same).map((p) => p.similarity);
  const diff = pairs.filter((p) => !p.same).map((p) => p.similarity);
  const summary = {
    ocr_fields: ocrFields,
    face_same_person: { n: same.length, min: Math.min(...same), max: Math.max(...same) },
    face_different_people: { n: diff.length, min: Math.min(...diff), max: Math.max(...diff) },
  };
  // the per-pair rows stay out of the results file (~18,000 of them)
  const { comparisons: _comparisons, ...faceMatchSummary } = faceMatch;
  const out = {
    at: new Date().toISOString(),
    node: process.version,
    loads_ms: loads,
    summary,
    ocr,
    realistic,
    face_match: { model: FACE_MODEL, thresholds: FACE_MATCH_THRESHOLDS, ...faceMatchSummary, time: faceTime },
    faces: analyses,
    pairs,
    liveness,
    active,
  };
  writeFileSync(resultsFile, JSON.stringify(out, (k, v) => (k === "embedding" ? undefined : v), 2) + "\n");

  const fm = faceMatch.set;
  console.log(
    `### Face match\n\n${fm.labelled_people} people in ${fm.labelled_photos} labelled photos, ${fm.group_faces} faces of ${fm.group_photos} group photos; per variant ${fm.pairs_per_variant.genuine} same-person pairs (always two different photos) and ${fm.pairs_per_variant.impostor} different-person pairs. No face found: ${fm.no_face_found.join(", ") || "none"}; references without a face after a variant: ${JSON.stringify(fm.reference_without_face)}.\n`,
  );
  console.log(
    "| model | reference variant | same-person pairs | different-person pairs | threshold at FMR 1 % | FNMR at FMR 1 % | threshold at FMR 0.1 % | FNMR at FMR 0.1 % | highest different-person | lowest same-person |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  for (const r of faceMatch.table)
    console.log(
      `| ${r.model} | ${r.variant} | ${r.genuine} | ${r.impostor} | ${r.at1?.threshold ?? "-"} | ${r.at1 ? pct(r.at1.fnmr) : "-"} | ${r.at01?.threshold ?? "-"} | ${r.at01 ? pct(r.at01.fnmr) : "-"} | ${r.maxImpostor} | ${r.minGenuine} |`,
    );
  console.log(
    `\nDecisions with the default thresholds (${FACE_MODEL}: passed >= ${FACE_MATCH_THRESHOLDS.pass}, needs_review >= ${FACE_MATCH_THRESHOLDS.review.toFixed(2)}, else failed; the quality gate turns a non-pass into needs_review face_quality_low):\n`,
  );
  console.log(
    "| reference variant | same person: passed | needs_review (quality) | failed | different people: passed | needs_review (quality) | failed |\n|---|---|---|---|---|---|---|",
  );
  const share = (n: number, of: number) => `${n}/${of} (${of ? Math.round((n * 100) / of) : 0} %)`;
  for (const d of faceMatch.decisions)
    console.log(
      `| ${d.variant} | ${share(d.genuine.passed, d.genuine.n)} | ${share(d.genuine.needs_review, d.genuine.n)} (${d.genuine.quality_low}) | ${share(d.genuine.failed, d.genuine.n)} | ${share(d.impostor.passed, d.impostor.n)} | ${share(d.impostor.needs_review, d.impostor.n)} (${d.impostor.quality_low}) | ${share(d.impostor.failed, d.impostor.n)} |`,
    );
  console.log(
    `\nHighest different-person scores: ${faceMatch.highestImpostors.map((h) => `${h.probe} vs ${h.reference} (${h.variant}) ${h.similarity}`).join("; ")}`,
  );
  console.log(`Lowest same-person scores (photo): ${faceMatch.lowestGenuine.map((h) => `${h.probe} vs ${h.reference} ${h.similarity}`).join("; ")}\n`);
  console.log(
    `Time, warm, one core: face analysis ${faceTime.analysis_cpu_ms_warm} ms CPU (${faceTime.analysis_wall_ms_warm} ms wall) for ${"selfie-collins.jpg"}; one comparison of two embeddings ${faceTime.comparison_us} µs.\n`,
  );
  console.log("| image | faces | wall ms | CPU ms |\n|---|---|---|---|");
  for (const [f, a] of Object.entries(analyses)) console.log(`| ${f} | ${a.faces} | ${a.wallMs} | ${a.cpuMs} |`);
  console.log("\n| selfie | document | same person | similarity |\n|---|---|---|---|");
  for (const p of pairs) console.log(`| ${p.selfie} | ${p.document} | ${p.same ? "yes" : "no"} | ${p.similarity.toFixed(3)} |`);
  console.log(
    `\nSame person: ${same.length} pairs, ${summary.face_same_person.min.toFixed(3)}-${summary.face_same_person.max.toFixed(3)}; different: ${diff.length} pairs, ${summary.face_different_people.min.toFixed(3)}-${summary.face_different_people.max.toFixed(3)}\n`,
  );
  console.log("| image | liveness score | antispoof | liveness | status |\n|---|---|---|---|---|");
  for (const l of liveness) console.log(`| ${l.image} | ${l.score} | ${l.antispoof} | ${l.liveness} | ${l.status} |`);
  printLivenessBench(active);
}

await main();
