/**
 * The face match evaluation of `npm run bench:intelligence` (bench/faces/SOURCES.md lists the
 * images): every labelled photo of bench/faces/people against every other, and against the faces
 * of the group photos in bench/faces/groups (each face of a group photo is a different person
 * from everyone in people/ and from the other faces of its photo; faces of two different group
 * photos are never paired, as the same person may appear in both).
 *
 * Genuine pairs are always two different photos of one person (never two cuts of one photo).
 * The probe ("selfie") is the photo as it is; the reference ("document photo") is the other photo
 * as it is, or after one of the VARIANTS (an ID-card-size print and scan, a low JPEG quality, bad
 * lighting, a tilted head).
 *
 * For each model it reports FNMR at FMR 1 % and 0.1 % (the thresholds where at most that share of
 * different-person pairs scores at or above), and the decisions of `decideFaceMatch` with the
 * default thresholds (passed / needs_review / failed, and the quality gate's share).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { decideFaceMatch } from "../server/intelligence/face/face-checks";
import { analyzeFaces, type DetectedFace, FACE_MODEL } from "../server/intelligence/face/face-engine";
import { FACE_MATCH_THRESHOLDS } from "../server/intelligence/face/face-thresholds";
import { faceSimilarity, faceresSimilarity } from "../server/intelligence/face/similarity";

const DIR = path.resolve(import.meta.dirname, "faces");

/** An image of the evaluation set: one face, with the label of its person. */
interface Item {
  name: string;
  /** The person; group faces get `group:<photo>#<k>`. */
  person: string;
  /** The group photo a face was cut from; null for people/. */
  group: string | null;
  bytes: Buffer;
}

/** ID card photo size: the face scaled to an eye distance of ~28 px (a 35x45 mm photo printed at 300 dpi, scanned at 200 dpi). */
const CARD_EYE_PX = 28;

type Variant = (bytes: Buffer, face: DetectedFace) => Promise<Buffer>;

const cardSize = async (bytes: Buffer, face: DetectedFace) => {
  const { width = 100 } = await sharp(bytes).metadata();
  return sharp(bytes).resize({ width: Math.max(32, Math.round((width * CARD_EYE_PX) / Math.max(face.quality.eyeDistancePx, 1))) });
};

/** A grey patch over a part of the face box: `from`..`to` are fractions of its height. */
const cover = async (bytes: Buffer, face: DetectedFace, from: number, to: number, colour: string) => {
  const [x, y, w, h] = face.box;
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const left = Math.max(0, Math.round(x - w * 0.05));
  const top = Math.max(0, Math.round(y + h * from));
  const patch = { width: Math.min(width - left, Math.round(w * 1.1)), height: Math.min(height - top, Math.round(h * (to - from))) };
  const input = await sharp({ create: { ...patch, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return sharp(bytes).composite([{ input, left, top }]).jpeg({ quality: 90 }).toBuffer();
};

/** How the reference photo is degraded before the comparison. */
export const VARIANTS: Record<string, Variant> = {
  photo: async (b) => b,
  id_card_print_scan: async (b, face) =>
    (await cardSize(b, face)).modulate({ saturation: 0.75, brightness: 1.06 }).linear(0.85, 22).blur(0.6).jpeg({ quality: 70 }).toBuffer(),
  jpeg_q25: async (b) => sharp(b).jpeg({ quality: 25 }).toBuffer(),
  dim_light: async (b) => sharp(b).linear(0.45, 0).gamma(1.6).jpeg({ quality: 85 }).toBuffer(),
  harsh_light: async (b) => sharp(b).linear(1.5, 25).jpeg({ quality: 85 }).toBuffer(),
  tilted_15deg: async (b) => sharp(b).rotate(15, { background: "#888" }).jpeg({ quality: 90 }).toBuffer(),
};

/** Faces the quality gate should stop (not part of the ROC table): the decisions table shows what became of them. */
export const GATE_VARIANTS: Record<string, Variant> = {
  blurred: async (b, face) =>
    sharp(b)
      .blur(Math.max(1, face.quality.eyeDistancePx / 8))
      .jpeg({ quality: 90 })
      .toBuffer(),
  mask_over_mouth_and_nose: async (b, face) => cover(b, face, 0.5, 1.05, "#5b8fb9"),
  sunglasses: async (b, face) => cover(b, face, 0.25, 0.5, "#111111"),
  tiny: async (b, face) => {
    const { width = 100 } = await sharp(b).metadata();
    return sharp(b)
      .resize({ width: Math.max(16, Math.round((width * 10) / Math.max(face.quality.eyeDistancePx, 1))) })
      .jpeg({ quality: 90 })
      .toBuffer();
  },
};

const ALL_VARIANTS = { ...VARIANTS, ...GATE_VARIANTS };

/** The labelled photos and the group-photo faces (cut with a margin so variants apply per face). */
async function loadItems(): Promise<Item[]> {
  const items: Item[] = [];
  for (const f of readdirSync(path.join(DIR, "people")).sort()) {
    const person = /^(.+)-\d+\.jpg$/.exec(f)?.[1];
    if (!person) throw new Error(`bench/faces/people/${f}: name it <person>-<n>.jpg`);
    items.push({ name: f, person, group: null, bytes: readFileSync(path.join(DIR, "people", f)) });
  }
  for (const f of readdirSync(path.join(DIR, "groups")).sort()) {
    const bytes = readFileSync(path.join(DIR, "groups", f));
    const a = await analyzeFaces(bytes);
    const { width = 0, height = 0 } = await sharp(bytes).autoOrient().metadata();
    const scale = width / a.width;
    for (const [k, face] of a.faces.entries()) {
      // a crop of half a face box around the face: its largest face must be this one, centred
      const [x, y, w, h] = face.box.map((v) => v * scale) as [number, number, number, number];
      const left = Math.max(0, Math.round(x - w / 2));
      const top = Math.max(0, Math.round(y - h / 2));
      const crop = { left, top, width: Math.min(width - left, Math.round(2 * w)), height: Math.min(height - top, Math.round(2 * h)) };
      const cut = await sharp(bytes).autoOrient().extract(crop).jpeg({ quality: 92 }).toBuffer();
      const [found] = (await analyzeFaces(cut)).faces;
      const centre = found && [found.box[0] + found.box[2] / 2 - (x + w / 2 - left), found.box[1] + found.box[3] / 2 - (y + h / 2 - top)];
      if (!centre || Math.hypot(centre[0]!, centre[1]!) > w / 4) continue;
      items.push({ name: `${f}#${k}`, person: `group:${f}#${k}`, group: f, bytes: cut });
    }
  }
  return items;
}

/**
 * The face of a variant image that its item's label names: of the faces found, the one most like
 * the unmodified photo's face `base`. Usually the only one; but a group-photo cut can show part
 * of a neighbour at its edge, and once tilted, that half face can be the largest: taking it had
 * paired the probe with its own face under a different-person label (0.693, the only
 * different-person pair that passed). The probe plays no part in the choice.
 */
function labelledFace(found: readonly DetectedFace[], base: DetectedFace): DetectedFace | undefined {
  return [...found].sort((a, b) => faceSimilarity(base.embedding, b.embedding) - faceSimilarity(base.embedding, a.embedding))[0];
}

/** One comparison: probe face vs reference face under a variant. */
interface Comparison {
  variant: string;
  genuine: boolean;
  probe: string;
  reference: string;
  resnet: number;
  faceres: number | null;
  decision: ReturnType<typeof decideFaceMatch>;
}

export interface RocRow {
  model: string;
  variant: string;
  genuine: number;
  impostor: number;
  /** Threshold (similarity) and FNMR at FMR 1 % and 0.1 %; null when too few impostor pairs for that FMR. */
  at1: { threshold: number; fnmr: number } | null;
  at01: { threshold: number; fnmr: number } | null;
  maxImpostor: number;
  minGenuine: number;
}

/** FNMR at the lowest threshold where the share of impostor scores >= threshold is at most `fmr`. */
function fnmrAt(genuine: number[], impostor: number[], fmr: number): { threshold: number; fnmr: number } | null {
  if (impostor.length < 1 / fmr) return null;
  const sorted = [...impostor].sort((a, b) => b - a);
  const allowed = Math.floor(impostor.length * fmr);
  // the threshold sits just above the (allowed+1)-th highest impostor score
  const threshold = sorted[allowed]! + 1e-6;
  const fnmr = genuine.filter((g) => g < threshold).length / genuine.length;
  return { threshold: Math.round(threshold * 1000) / 1000, fnmr: Math.round(fnmr * 1000) / 1000 };
}

function roc(model: string, variant: string, rows: Comparison[], score: (c: Comparison) => number | null): RocRow {
  const g = rows
    .filter((c) => c.genuine)
    .map(score)
    .filter((v): v is number => v !== null);
  const i = rows
    .filter((c) => !c.genuine)
    .map(score)
    .filter((v): v is number => v !== null);
  return {
    model,
    variant,
    genuine: g.length,
    impostor: i.length,
    at1: fnmrAt(g, i, 0.01),
    at01: fnmrAt(g, i, 0.001),
    maxImpostor: Math.round(Math.max(...i) * 1000) / 1000,
    minGenuine: Math.round(Math.min(...g) * 1000) / 1000,
  };
}

/** Runs the evaluation; the caller prints and stores it. */
export async function evaluateFaceMatch() {
  const items = await loadItems();
  const faces = new Map<string, DetectedFace>();
  const noFace: string[] = [];
  const notLargest: string[] = [];
  // every item under every variant (the probe side uses `photo`)
  for (const item of items) {
    const base = (await analyzeFaces(item.bytes, { faceres: true })).faces[0];
    if (!base) {
      noFace.push(item.name);
      continue;
    }
    for (const [variant, make] of Object.entries(ALL_VARIANTS)) {
      const found = variant === "photo" ? [base] : (await analyzeFaces(await make(item.bytes, base), { faceres: true })).faces;
      const face = labelledFace(found, base);
      if (face && face !== found[0]) notLargest.push(`${item.name}|${variant}`);
      if (face) faces.set(`${item.name}|${variant}`, face);
    }
  }
  const comparisons: Comparison[] = [];
  const missing: Record<string, number> = {};
  for (const [a, p] of items.entries()) {
    for (const r of items.slice(a + 1)) {
      if (p.group && r.group) {
        if (p.group !== r.group) continue;
      }
      const genuine = p.person === r.person;
      const probe = faces.get(`${p.name}|photo`);
      if (!probe) continue;
      for (const variant of Object.keys(ALL_VARIANTS)) {
        const ref = faces.get(`${r.name}|${variant}`);
        if (!ref) {
          missing[variant] = (missing[variant] ?? 0) + 1;
          continue;
        }
        comparisons.push({
          variant,
          genuine,
          probe: p.name,
          reference: r.name,
          resnet: faceSimilarity(probe.embedding, ref.embedding),
          faceres: probe.faceresEmbedding && ref.faceresEmbedding ? faceresSimilarity(probe.faceresEmbedding, ref.faceresEmbedding) : null,
          decision: decideFaceMatch(probe, ref, FACE_MATCH_THRESHOLDS, 1),
        });
      }
    }
  }
  const variants = ["all", ...Object.keys(VARIANTS)];
  const rows = (v: string) => (v === "all" ? comparisons.filter((c) => c.variant in VARIANTS) : comparisons.filter((c) => c.variant === v));
  const table: RocRow[] = [];
  for (const [model, score] of [
    ["faceres (Human 3.3.6, 1024 values, mesh-rotated crop)", (c: Comparison) => c.faceres],
    ["dlib ResNet-34 (face-api 1.7.15, 128 values, 5-landmark aligned chip)", (c: Comparison) => c.resnet],
  ] as const) {
    for (const v of variants) table.push(roc(model, v, rows(v), score));
  }
  const decisions = [...variants, ...Object.keys(GATE_VARIANTS)].map((v) => {
    const count = (genuine: boolean, status: string, code?: string) =>
      rows(v).filter((c) => c.genuine === genuine && c.decision.status === status && (code === undefined || c.decision.errorCode === code)).length;
    return {
      variant: v,
      genuine: {
        n: rows(v).filter((c) => c.genuine).length,
        passed: count(true, "passed"),
        needs_review: count(true, "needs_review"),
        quality_low: count(true, "needs_review", "face_quality_low"),
        failed: count(true, "failed"),
      },
      impostor: {
        n: rows(v).filter((c) => !c.genuine).length,
        passed: count(false, "passed"),
        needs_review: count(false, "needs_review"),
        quality_low: count(false, "needs_review", "face_quality_low"),
        failed: count(false, "failed"),
      },
    };
  });
  const people = new Set(items.filter((i) => !i.group).map((i) => i.person));
  const highestImpostors = comparisons
    .filter((c) => !c.genuine)
    .sort((x, y) => y.resnet - x.resnet)
    .slice(0, 5)
    .map((c) => ({ probe: c.probe, reference: c.reference, variant: c.variant, similarity: Math.round(c.resnet * 1000) / 1000 }));
  const lowestGenuine = comparisons
    .filter((c) => c.genuine && c.variant === "photo")
    .sort((x, y) => x.resnet - y.resnet)
    .slice(0, 5)
    .map((c) => ({ probe: c.probe, reference: c.reference, similarity: Math.round(c.resnet * 1000) / 1000 }));
  return {
    set: {
      labelled_people: people.size,
      labelled_photos: items.filter((i) => !i.group).length,
      group_photos: new Set(items.map((i) => i.group).filter(Boolean)).size,
      group_faces: items.filter((i) => i.group).length,
      no_face_found: noFace,
      reference_without_face: missing,
      /** Variant images whose labelled face is not their largest (labelledFace). */
      labelled_face_not_largest: notLargest,
      pairs_per_variant: { genuine: rows("photo").filter((c) => c.genuine).length, impostor: rows("photo").filter((c) => !c.genuine).length },
    },
    table,
    decisions,
    highestImpostors,
    lowestGenuine,
    comparisons,
    faces: Object.fromEntries([...faces].map(([k, f]) => [k, { quality: f.quality, pose: f.pose }])),
  };
}

/** Prints the evaluation: the set, the ROC table, the decisions with the default thresholds, the extremes. */
export function printFaceMatch(result: Awaited<ReturnType<typeof evaluateFaceMatch>>): void {
  const fm = result.set;
  console.log(
    `### Face match\n\n${fm.labelled_people} people in ${fm.labelled_photos} labelled photos, ${fm.group_faces} faces of ${fm.group_photos} group photos; per variant ${fm.pairs_per_variant.genuine} same-person pairs (always two different photos) and ${fm.pairs_per_variant.impostor} different-person pairs. No face found: ${fm.no_face_found.join(", ") || "none"}; references without a face after a variant: ${JSON.stringify(fm.reference_without_face)}; labelled face not the largest: ${fm.labelled_face_not_largest.join(", ") || "none"}.\n`,
  );
  console.log(
    "| model | reference variant | same-person pairs | different-person pairs | threshold at FMR 1 % | FNMR at FMR 1 % | threshold at FMR 0.1 % | FNMR at FMR 0.1 % | highest different-person | lowest same-person |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  for (const r of result.table)
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
  for (const d of result.decisions)
    console.log(
      `| ${d.variant} | ${share(d.genuine.passed, d.genuine.n)} | ${share(d.genuine.needs_review, d.genuine.n)} (${d.genuine.quality_low}) | ${share(d.genuine.failed, d.genuine.n)} | ${share(d.impostor.passed, d.impostor.n)} | ${share(d.impostor.needs_review, d.impostor.n)} (${d.impostor.quality_low}) | ${share(d.impostor.failed, d.impostor.n)} |`,
    );
  console.log(
    `\nHighest different-person scores: ${result.highestImpostors.map((h) => `${h.probe} vs ${h.reference} (${h.variant}) ${h.similarity}`).join("; ")}`,
  );
  console.log(`Lowest same-person scores (photo): ${result.lowestGenuine.map((h) => `${h.probe} vs ${h.reference} ${h.similarity}`).join("; ")}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) printFaceMatch(await evaluateFaceMatch());
