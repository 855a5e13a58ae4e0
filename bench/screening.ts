/**
 * `npm run bench:screening`: sanctions and PEP screening (server/screening/, bench/README.md
 * "Screening benchmark"). One process, no network.
 *
 * 1. Index: a synthetic list of `--entries` entries (default 100,000; Indian, Arabic-origin and
 *    Western names with aliases, tests/fixtures/screening/synthetic-list.ts), indexed in memory
 *    (build time, names indexed, heap).
 * 2. One subject against it: `--subjects` searches (default 2,000 after 200 warm-up ones): half
 *    spelling variants of listed names (respelled, reordered; a third with a date of birth), half
 *    random names from the same pools, so common tokens (MUHAMMAD, SINGH, KHAN) hit thousands of
 *    names (up to 500 candidates each: the synthetic list repeats names). Latency p50, p90, p99, max in wall time and in CPU time (the process's, per search:
 *    what a shared machine's load does not inflate); the variant's entry found (recall on the
 *    synthetic variants).
 * 3. Labelled pairs (tests/fixtures/screening/labelled-pairs.ts) at the default threshold:
 *    recall on spelling variants, false positives on near-namesakes.
 * 4. Re-screening: `--monitored` subjects (default 100,000: random names plus one variant of each
 *    diff entry, planted) against a diff of `--diff` new entries (default 100), in memory
 *    (`rescreenSubjects`), then (unless `--no-db`) end to end on the embedded database: the diff
 *    imported as a UN list version (`importListVersion`) and every monitored subject read back
 *    in pages with its dismissals (`rescreenListVersion`).
 *
 * Writes bench/results/screening.json and prints a Markdown table.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { LABELLED_PAIRS } from "../tests/fixtures/screening/labelled-pairs";
import { randomPersonName, seededRandom, syntheticList, variantOf } from "../tests/fixtures/screening/synthetic-list";
import { rescreenSubjects, type RescreenSubject } from "../server/screening/rescreen";
import { ScreeningIndex } from "../server/screening/screening-index";
import type { ScreeningEntry, TScreeningSubject } from "../server/screening/screening.schemas";
import { benchWorkspace, say } from "./lib/workspace";

const root = path.resolve(import.meta.dirname, "..");
const { values: opt } = parseArgs({
  options: {
    entries: { type: "string", default: "100000" },
    subjects: { type: "string", default: "2000" },
    monitored: { type: "string", default: "100000" },
    diff: { type: "string", default: "100" },
    "no-db": { type: "boolean", default: false },
    out: { type: "string", default: path.join(root, "bench", "results", "screening.json") },
  },
});
const ENTRIES = Number(opt.entries);
const SUBJECTS = Number(opt.subjects);
const MONITORED = Number(opt.monitored);
const DIFF = Number(opt.diff);
if (![ENTRIES, SUBJECTS, MONITORED, DIFF].every((n) => Number.isInteger(n) && n > 0))
  throw new Error("--entries, --subjects, --monitored, --diff: positive integers");

const ms = (t0: number) => Math.round((performance.now() - t0) * 10) / 10;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const mib = (bytes: number) => Math.round(bytes / 1048576);

// ---- 1. index --------------------------------------------------------------------------------------
say(`building a synthetic list of ${ENTRIES} entries`);
const list = syntheticList(ENTRIES);
const heap0 = process.memoryUsage().heapUsed;
let t0 = performance.now();
const index = ScreeningIndex.build(list);
const buildMs = ms(t0);
const heapMiB = mib(process.memoryUsage().heapUsed - heap0);
say(`index: ${index.nameCount} names in ${buildMs} ms, ~${heapMiB} MiB heap`);

// ---- 2. one subject --------------------------------------------------------------------------------
const rng = seededRandom(42);
const probes: { subject: TScreeningSubject; listed: ScreeningEntry | null }[] = Array.from({ length: SUBJECTS + 200 }, (_, i) => {
  if (i % 2) return { subject: { name: randomPersonName(rng) }, listed: null };
  const listed = list[Math.floor(rng() * list.length)]!;
  const birth = listed.birthDates[0];
  const dob = i % 3 === 0 && birth ? ("date" in birth ? birth.date : String("year" in birth ? birth.year : birth.from)) : undefined;
  return { subject: { name: variantOf(rng, listed.name), ...(dob ? { dob } : {}), kind: listed.kind }, listed };
});
for (const p of probes.slice(0, 200)) index.search(p.subject);
const latencies: number[] = [];
const cpuTimes: number[] = [];
let candidates = 0;
let variants = 0;
let variantsFound = 0;
for (const p of probes.slice(200)) {
  const cpu0 = process.cpuUsage();
  t0 = performance.now();
  const found = index.search(p.subject, { limit: 500 });
  latencies.push(performance.now() - t0);
  const cpu = process.cpuUsage(cpu0);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
  candidates += found.length;
  if (p.listed) {
    variants++;
    if (found.some((c) => c.entryId === p.listed!.id)) variantsFound++;
  }
}
/** p50, p90, p99 and max of a sample, in ms with 2 decimals. */
function percentiles(sample: number[]) {
  const sorted = [...sample].sort((a, b) => a - b);
  const r = (v: number) => Math.round(v * 100) / 100;
  return { p50: r(quantile(sorted, 0.5)), p90: r(quantile(sorted, 0.9)), p99: r(quantile(sorted, 0.99)), max: r(sorted[sorted.length - 1]!) };
}
const latency = percentiles(latencies);
const cpuTime = percentiles(cpuTimes);
const load = os.loadavg().map((l) => Math.round(l * 10) / 10);
say(
  `one subject against ${ENTRIES} entries: wall p50 ${latency.p50} ms, p99 ${latency.p99} ms; CPU p50 ${cpuTime.p50} ms, p99 ${cpuTime.p99} ms (load average ${load.join(" ")} on ${os.cpus().length} CPUs); variants found ${variantsFound}/${variants}`,
);

// ---- 3. labelled pairs -----------------------------------------------------------------------------
const labelled = { variants: 0, found: 0, namesakes: 0, falsePositives: 0, missed: [] as string[], flagged: [] as string[] };
for (const pair of LABELLED_PAIRS) {
  const entry: ScreeningEntry = {
    id: "e",
    source: "un",
    externalId: "e",
    kind: pair.entry.kind,
    name: pair.entry.name,
    aliases: [
      ...(pair.entry.aliases ?? []).map((name) => ({ name, strength: "strong" as const })),
      ...(pair.entry.weakAliases ?? []).map((name) => ({ name, strength: "weak" as const })),
    ],
    birthDates: [...(pair.entry.birthDates ?? [])],
    nationalities: [...(pair.entry.nationalities ?? [])],
  };
  const hit = ScreeningIndex.build([entry]).search(pair.subject).length > 0;
  if (pair.match) {
    labelled.variants++;
    if (hit) labelled.found++;
    else labelled.missed.push(`${pair.subject.name} / ${pair.entry.name}`);
  } else {
    labelled.namesakes++;
    if (hit) {
      labelled.falsePositives++;
      labelled.flagged.push(`${pair.subject.name} / ${pair.entry.name}`);
    }
  }
}
say(`labelled pairs: recall ${labelled.found}/${labelled.variants}, false positives ${labelled.falsePositives}/${labelled.namesakes}`);

// ---- 4. re-screening -------------------------------------------------------------------------------
const diff = syntheticList(DIFF, 99).map((e, i) => ({ ...e, id: `diff-${i + 1}`, externalId: `${9_000_000 + i}`, source: "un" as const }));
const rng2 = seededRandom(7);
const monitored: RescreenSubject[] = Array.from({ length: MONITORED }, (_, i) => {
  const planted = i < diff.length ? diff[i]! : null;
  return {
    id: `scs_${i}`,
    kind: planted?.kind ?? "individual",
    name: planted ? variantOf(rng2, planted.name) : randomPersonName(rng2),
    dob: null,
    country: null,
    dismissedEntryIds: new Set<string>(),
  };
});
t0 = performance.now();
const hits = rescreenSubjects(diff, monitored);
const rescreenMs = ms(t0);
const plantedFound = hits.filter((h) => {
  const i = Number(h.subject.id.slice(4));
  return i < diff.length && h.candidates.some((c) => c.entryId === diff[i]!.id);
}).length;
say(
  `re-screening ${MONITORED} subjects against ${DIFF} entries in memory: ${rescreenMs} ms, ${hits.length} subjects with candidates, planted found ${plantedFound}/${diff.length}`,
);

let db: { insertMs: number; importMs: number; rescreenMs: number; hits: number } | null = null;
if (!opt["no-db"]) db = await rescreenOnDatabase(diff, monitored);

const result = {
  at: new Date().toISOString(),
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadAverage: load },
  index: { entries: ENTRIES, names: index.nameCount, buildMs, heapMiB },
  search: { subjects: SUBJECTS, wallMs: latency, cpuMs: cpuTime, meanCandidates: Math.round((candidates / SUBJECTS) * 100) / 100, variants, variantsFound },
  labelled,
  rescreen: { monitored: MONITORED, diff: DIFF, inMemoryMs: rescreenMs, subjectsWithCandidates: hits.length, plantedFound, db },
};
mkdirSync(path.dirname(opt.out), { recursive: true });
writeFileSync(opt.out, `${JSON.stringify(result, null, 2)}\n`);

console.log(`
| measure | result |
| --- | --- |
| index build, ${ENTRIES.toLocaleString("en")} entries (${index.nameCount.toLocaleString("en")} names) | ${buildMs} ms, ~${heapMiB} MiB heap |
| one subject, wall time: p50 / p90 / p99 / max | ${latency.p50} / ${latency.p90} / ${latency.p99} / ${latency.max} ms |
| one subject, CPU time: p50 / p90 / p99 / max | ${cpuTime.p50} / ${cpuTime.p90} / ${cpuTime.p99} / ${cpuTime.max} ms |
| synthetic variants found | ${variantsFound} / ${variants} |
| labelled pairs: variants matched | ${labelled.found} / ${labelled.variants} |
| labelled pairs: near-namesakes flagged | ${labelled.falsePositives} / ${labelled.namesakes} |
| re-screening ${MONITORED.toLocaleString("en")} subjects x ${DIFF} entries, in memory | ${rescreenMs} ms (${plantedFound} / ${diff.length} planted found) |
${db ? `| same, embedded database: import the diff / read and re-screen every subject | ${db.importMs} ms / ${db.rescreenMs} ms |\n` : ""}
Load average during the run: ${load.join(", ")} (1, 5, 15 min) on ${os.cpus().length} CPUs.
Written to ${path.relative(root, opt.out)}.`);
if (labelled.missed.length) console.log(`missed: ${labelled.missed.join("; ")}`);
if (labelled.flagged.length) console.log(`flagged: ${labelled.flagged.join("; ")}`);

/** The diff as UN consolidated list XML, imported, then `rescreenListVersion` over the monitored subjects stored in PGlite. */
async function rescreenOnDatabase(entries: ScreeningEntry[], subjects: RescreenSubject[]) {
  const bench = benchWorkspace("kyc-bench-screening");
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = bench.work;
  const { getDb, getSql, closeDb } = await import("../server/db");
  const { applyMigrations } = await import("../server/db/migrate");
  const { seedDemo } = await import("../server/seed/seed-demo");
  const { importListVersion } = await import("../server/screening/import-list-version");
  const { rescreenListVersion } = await import("../server/screening/rescreen");
  const { newId } = await import("../server/ids");
  say("embedded database: migrating, seeding, storing the monitored subjects");
  await applyMigrations(await getSql());
  const database = await getDb();
  const { projectId } = await seedDemo(database);
  let t = performance.now();
  for (let i = 0; i < subjects.length; i += 2000) {
    await database.screeningSubject.createMany({
      data: subjects
        .slice(i, i + 2000)
        .map((s) => ({ id: newId("screeningSubject"), projectId, mode: "live" as const, kind: s.kind, name: s.name, monitored: true })),
    });
  }
  const insertMs = ms(t);
  const xml = unXml(entries);
  t = performance.now();
  const { version } = await importListVersion(database, { source: "un", bytes: new TextEncoder().encode(xml), fileName: "diff.xml" });
  const importMs = ms(t);
  t = performance.now();
  const found = await rescreenListVersion(database, version.id, { mode: "live" });
  const rescreenMs = ms(t);
  say(
    `embedded database: stored ${subjects.length} subjects in ${insertMs} ms; imported the diff in ${importMs} ms; re-screened in ${rescreenMs} ms (${found.length} with candidates)`,
  );
  await closeDb();
  return { insertMs, importMs, rescreenMs, hits: found.length };
}

/** Entries as a UN consolidated list (individuals and entities, names in FIRST_NAME). */
function unXml(entries: ScreeningEntry[]): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const one = (e: ScreeningEntry, tag: "INDIVIDUAL" | "ENTITY") =>
    `<${tag}><DATAID>${e.externalId}</DATAID><FIRST_NAME>${esc(e.name)}</FIRST_NAME><UN_LIST_TYPE>Bench</UN_LIST_TYPE>` +
    e.aliases
      .map((a) => `<${tag}_ALIAS><QUALITY>${a.strength === "weak" ? "Low" : "Good"}</QUALITY><ALIAS_NAME>${esc(a.name)}</ALIAS_NAME></${tag}_ALIAS>`)
      .join("") +
    e.birthDates
      .map(
        (d) =>
          `<INDIVIDUAL_DATE_OF_BIRTH><TYPE_OF_DATE>EXACT</TYPE_OF_DATE>${"date" in d ? `<DATE>${d.date}</DATE>` : "year" in d ? `<YEAR>${d.year}</YEAR>` : `<FROM_YEAR>${d.from}</FROM_YEAR><TO_YEAR>${d.to}</TO_YEAR>`}</INDIVIDUAL_DATE_OF_BIRTH>`,
      )
      .join("") +
    `</${tag}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<CONSOLIDATED_LIST dateGenerated="${new Date().toISOString()}">\n<INDIVIDUALS>\n${entries
    .filter((e) => e.kind === "individual")
    .map((e) => one(e, "INDIVIDUAL"))
    .join("\n")}\n</INDIVIDUALS>\n<ENTITIES>\n${entries
    .filter((e) => e.kind === "entity")
    .map((e) => one(e, "ENTITY"))
    .join("\n")}\n</ENTITIES>\n</CONSOLIDATED_LIST>\n`;
}
