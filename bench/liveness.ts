/**
 * The liveness attack table of `npm run bench:intelligence` (issue 15 item 4), also runnable
 * alone: `npx tsx bench/liveness.ts`. For each face photo of bench/liveness-sources.md (none from
 * the fixtures' sources) and each challenge of CHALLENGES, the server's judge
 * (observeFrames + judgeLiveness, as liveness-verdict.ts runs them) sees:
 * - bona fide: the photo's face mesh rendered as a textured 3D head doing the actions;
 * - flat attacks: the photo as a flat picture moved in perspective, rotated in 2D, warped, a
 *   still alternating with its mirror image, and a drawing of the face moved in perspective;
 * - replayed: the bona fide frames sent again (the same bytes: refused at upload, counted);
 * - other challenge: a recording of the bona fide head doing another challenge's actions
 *   (re-encoded, new bytes), shown for this one;
 * - bona fide blink: the head doing BLINK_CHALLENGE, its eyes painted closed at the blink's peak
 *   (render-head.ts `closedEyes`), to see whether the eye-openness judge reads a blink.
 * Prints how many passed per type, and the verdicts' error codes. Arguments (optional) keep only
 * the presentation types containing one of them: `npx tsx bench/liveness.ts "blink"`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { analyzeFaces } from "../server/intelligence/face/face-engine";
import { judgeLiveness, type LivenessAction, type LivenessVerdict } from "../server/intelligence/face/liveness/liveness-judge";
import { observeFrames } from "../server/intelligence/face/liveness/liveness-verdict";
import { packageDir } from "../server/intelligence/node-modules";
import { DEFAULT_LIVENESS_THRESHOLD } from "../server/intelligence/face/face-thresholds";
import { headModel, NEUTRAL, renderHead } from "../tests/fixtures/liveness/render-head";
import { bonaFideFrames, captureTimes, drawing, faceCrop, FLAT_ATTACKS, flatFrames, FRAME_SIZE } from "../tests/fixtures/liveness/sequences";

/** Face photos (bench/liveness-sources.md): @vladmandic/face-api's demo images, the largest face of each. */
const SOURCES = [1, 2, 3, 4, 5, 6].map((n) => path.join(packageDir("@vladmandic/face-api"), "demo", `sample${n}.jpg`));

/** The challenges every subject is put through (as the server draws them: one turn, 2-3 actions). */
const CHALLENGES: LivenessAction[][] = [
  ["turn_left", "look_up"],
  ["move_closer", "turn_right", "look_up"],
  ["turn_right", "turn_left"],
];

/** The blink trial (bona fide only: the templates leave `blink` out unless it passes). */
const BLINK_CHALLENGE: LivenessAction[] = ["blink", "turn_left"];

/** Presentation types to run: those containing one of the command line's arguments (all without any). */
const ONLY = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename ? process.argv.slice(2) : [];
const wanted = (type: string) => !ONLY.length || ONLY.some((o) => type.includes(o));

export interface LivenessRow {
  subject: string;
  type: string;
  actions: LivenessAction[];
  verdict: LivenessVerdict;
  ms_per_frame: number;
}

async function judge(selfie: Buffer, frames: Buffer[], actions: LivenessAction[], replayedFrames = 0): Promise<{ verdict: LivenessVerdict; ms: number }> {
  const t0 = performance.now();
  const selfieFace = (await analyzeFaces(selfie)).faces[0] ?? null;
  const times = captureTimes(frames.length);
  const observed = await observeFrames(
    selfieFace,
    frames.map((bytes, i) => ({ bytes, capturedMs: times[i]! })),
  );
  const verdict = judgeLiveness({ actions, frames: observed, replayedFrames, expired: false, passiveThreshold: DEFAULT_LIVENESS_THRESHOLD });
  return { verdict, ms: (performance.now() - t0) / (frames.length + 1) };
}

/** Runs the table (about 2-4 minutes on one core). */
export async function livenessBench(): Promise<LivenessRow[]> {
  const rows: LivenessRow[] = [];
  for (const [n, file] of SOURCES.entries()) {
    const subject = `face-api sample${n + 1}`;
    const photo = await faceCrop(readFileSync(file));
    const model = await headModel(photo);
    const selfie = await renderHead(model, NEUTRAL, FRAME_SIZE);
    const flatSelfie = (await flatFrames(photo, "perspective", []))[0]!;
    const sketch = await drawing(photo);
    const push = async (type: string, actions: LivenessAction[], frames: Buffer[] | (() => Promise<Buffer[]>), self: Buffer, replayed = 0) => {
      if (!wanted(type)) return;
      if (typeof frames === "function") frames = await frames();
      const { verdict, ms } = await judge(self, frames, actions, replayed);
      rows.push({ subject, type, actions, verdict, ms_per_frame: Math.round(ms) });
      process.stderr.write(`${subject} | ${type} | ${actions.join(" ")} | ${verdict.status} ${verdict.errorCode ?? ""}\n`);
    };
    for (const [c, actions] of CHALLENGES.entries()) {
      const genuine = await bonaFideFrames(model, actions);
      await push("bona fide 3D head", actions, genuine, selfie);
      for (const attack of Object.keys(FLAT_ATTACKS) as (keyof typeof FLAT_ATTACKS)[]) {
        await push(`flat: ${attack}`, actions, () => flatFrames(photo, attack, actions), flatSelfie);
      }
      await push("drawing, moved in perspective", actions, () => flatFrames(sketch, "perspective", actions), (await flatFrames(sketch, "perspective", []))[0]!);
      // the same bytes again: the upload refuses every frame it has seen (liveness-challenge.ts bindFrame)
      await push("replayed frames (same bytes)", actions, genuine, selfie, genuine.length);
      const other = CHALLENGES[(c + 1) % CHALLENGES.length]!;
      const recording = async () => Promise.all((await bonaFideFrames(model, other)).map((f) => sharp(f).jpeg({ quality: 80 }).toBuffer()));
      await push("recording of another challenge", actions, recording, selfie);
    }
    await push("bona fide blink (eyes painted closed)", BLINK_CHALLENGE, () => bonaFideFrames(model, BLINK_CHALLENGE), selfie);
  }
  return rows;
}

/** Prints the attack table (per type: tries, passed, error codes) and each bona fide miss. */
export function printLivenessBench(rows: readonly LivenessRow[]): void {
  const types = [...new Set(rows.map((r) => r.type))];
  console.log("\n### Liveness challenge: attacks and bona fide\n");
  console.log("| presentation | tries | passed | needs_review | failed (error codes) | ms per frame (median) |\n|---|---|---|---|---|---|");
  for (const type of types) {
    const of = rows.filter((r) => r.type === type);
    const codes = new Map<string, number>();
    for (const r of of.filter((x) => x.verdict.status === "failed")) codes.set(r.verdict.errorCode!, (codes.get(r.verdict.errorCode!) ?? 0) + 1);
    const ms = of.map((r) => r.ms_per_frame).sort((a, b) => a - b)[Math.floor(of.length / 2)];
    console.log(
      `| ${type} | ${of.length} | ${of.filter((r) => r.verdict.status === "passed").length} | ${of.filter((r) => r.verdict.status === "needs_review").length} | ${[...codes].map(([c, k]) => `${c} ${k}`).join(", ") || "-"} | ${ms} |`,
    );
  }
  console.log("\n| subject | presentation | actions | verdict | parallax | noise | mirrored frames | seen |\n|---|---|---|---|---|---|---|---|");
  for (const r of rows)
    console.log(
      `| ${r.subject} | ${r.type} | ${r.actions.join(" ")} | ${r.verdict.status}${r.verdict.errorCode ? ` ${r.verdict.errorCode}` : ""} | ${r.verdict.parallax} | ${r.verdict.planar_noise} | ${r.verdict.mirrored_frames} | ${r.verdict.actions_seen.join(" ")} |`,
    );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) printLivenessBench(await livenessBench());
