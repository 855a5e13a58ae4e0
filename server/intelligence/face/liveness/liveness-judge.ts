/**
 * The server's verdict on an active liveness challenge (issue 15), from what the face models saw
 * in each frame: pure, so that tests and the bench run it on recorded landmark sequences.
 *
 * In this order, the first failure decides:
 * 1. `replayed`: a frame's bytes had been seen before, or the frames' timestamps are not those of
 *    a live capture (not increasing, closer than FRAME_GAP_MS.min or further apart than .max, or
 *    spanning more than the challenge could take);
 * 2. `challenge_expired`: a frame came after the challenge's expiry;
 * 3. `challenge_not_completed`: fewer than MIN_FACE_FRAMES frames with a face;
 * 4. `face_changed`: two faces in a frame, or a frame's face not the previous one's or the
 *    selfie's (embedding similarity below SAME_FACE);
 * 5. `mirrored`: frames that are a mirror image of the first one (their aligned face texture is the
 *    first's flipped: texture.ts), and no other frame showing depth; with depth in other frames
 *    the signals disagree: `needs_review`;
 * 6. `flat_surface`: no frame shows the depth parallax of a head (PARALLAX);
 * 7. `challenge_not_completed`: the actions asked were not seen in the order asked.
 * Then the passive models' score (antispoof, liveness) may only lower the verdict: a passed
 * challenge with a low passive score is `needs_review` (`liveness_low`).
 */
import { type MeshPoint, planarFit, poseCues } from "./parallax";

/** The actions a challenge asks for, in the applicant's terms (left = the applicant's left). */
export const LIVENESS_ACTIONS = ["turn_left", "turn_right", "look_up", "blink", "move_closer"] as const;
export type LivenessAction = (typeof LIVENESS_ACTIONS)[number];

/**
 * The actions a challenge is drawn from unless a workflow lists its own (the selfie step's default,
 * the India templates): those a bona fide head is shown passing (bench/liveness.ts, the e2e
 * journeys' rendered head). Not `blink`: the face mesh reads a rendered head's closed eyes as open
 * (bench/README.md "Liveness challenge"), so a blink is not proven to pass; a workflow may still ask for it.
 */
export const DEFAULT_LIVENESS_ACTIONS: readonly LivenessAction[] = ["turn_left", "turn_right", "look_up", "move_closer"];

/** Why a challenge failed (`check.error_code`). */
export type LivenessChallengeError =
  | "challenge_not_completed"
  | "face_changed"
  | "flat_surface"
  | "mirrored"
  | "replayed"
  | "challenge_expired"
  | "liveness_low";

/** Fewest frames with a face for a verdict. */
export const MIN_FACE_FRAMES = 4;
/** Plausible spacing of two frames of a live capture, in ms (the flow takes one about every 250 ms). */
export const FRAME_GAP_MS = { min: 40, max: 4000 } as const;
/** Longest plausible capture: this long per action, plus the neutral start. */
export const MS_PER_ACTION = 6000;
export const NEUTRAL_MS = 3000;
/** Embedding similarity (faceSimilarity) of one face in two frames of one capture; faces of the same person's frames score 0.74-1.0 in the bench. */
export const SAME_FACE = 0.55;
/**
 * Action cues, relative to the first face frame (parallax.ts `poseCues`): a turn moves the nose
 * along the eye line by TURN inter-ocular distances; looking up lowers `lift` by LOOK_UP; moving
 * closer grows the face by CLOSER; a blink is eye openness below EYES_CLOSED (Human's blink
 * gesture) after at least EYES_OPEN.
 */
export const CUES = { TURN: 0.1, LOOK_UP: 0.05, CLOSER: 1.25, EYES_CLOSED: 0.2, EYES_OPEN: 0.25 } as const;
/**
 * Depth parallax of a head: the nose points land at least NOSE inter-ocular distances from where
 * the plane fit of the rest of the face sends them, and at least RATIO times the fit's own
 * residual (the landmark noise). Bench: flat pictures moved, tilted, rotated and scaled reach
 * 0.051 (at 2.1x noise); a head turned 30° gives 0.061-0.124 (2.0-3.1x).
 */
export const PARALLAX = { NOSE: 0.055, RATIO: 2 } as const;
/**
 * A frame is a mirror image of the first when its aligned face texture correlates with the first's
 * flipped left/right at least MIRROR.FLIPPED, and MIRROR.MARGIN more than with the first's as it
 * is (texture.ts). Bench (6 faces, bench/README.md "Liveness"): mirror images of a still, also
 * moved, tilted or scaled, 0.75-0.95 flipped and 0.30-1.3 above direct; the rendered head turned
 * ±20-35°, looking up or closer at most 0.62 flipped and never above direct (a near-symmetric head
 * turned 35° whose landmarks fit a mirror: 0.585 flipped, 0.602 direct).
 */
export const MIRROR = { FLIPPED: 0.6, MARGIN: 0.15 } as const;

/** What the models saw in one frame. */
export interface ObservedFrame {
  /** When the browser took it, ms since the challenge was shown. */
  capturedMs: number;
  /** Faces found in the frame. */
  faces: number;
  /** The largest face; null without one. */
  face: {
    mesh: readonly MeshPoint[];
    eyeOpenness: number | null;
    /** The face's embedding, compared with faceSimilarity by the caller (see `similarity`). */
    similarityToSelfie: number;
    /** faceSimilarity with the previous frame's face (1 for the first face frame). */
    similarityToPrevious: number;
    /** Passive models' mean score, 0..1; null when not computed. */
    passive: number | null;
    /** Normalized cross-correlation of the face's aligned texture with the first face frame's, as it is and flipped left/right (texture.ts). */
    textureToFirst: { direct: number; flipped: number };
  } | null;
}

export interface ChallengeFacts {
  actions: readonly LivenessAction[];
  frames: readonly ObservedFrame[];
  /** Frames refused because their bytes had been seen before. */
  replayedFrames: number;
  /** A frame arrived after the challenge expired. */
  expired: boolean;
  /** Passive score below which a passed challenge goes to review (0 = the passive score never lowers it). */
  passiveThreshold: number;
}

export interface LivenessVerdict {
  status: "passed" | "failed" | "needs_review";
  errorCode: LivenessChallengeError | null;
  actions: LivenessAction[];
  /** The issued actions seen, in order, before the first one missing. */
  actions_seen: LivenessAction[];
  frames: number;
  face_frames: number;
  /** Largest nose residual of a frame against the first, in inter-ocular distances; null without two face frames. */
  parallax: number | null;
  /** The plane fit's residual of that frame (the landmark noise it is compared with). */
  planar_noise: number | null;
  mirrored_frames: number;
  /** Lowest embedding similarity of a frame's face to the selfie's and the previous frame's. */
  min_similarity: number | null;
  /** Mean passive score of the face frames; null when not computed. */
  passive: number | null;
  duration_ms: number;
}

const round = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);

/** The actions frame `f` shows relative to the baseline frame `b`. */
function actionsShown(b: NonNullable<ObservedFrame["face"]>, f: NonNullable<ObservedFrame["face"]>): Set<LivenessAction> {
  const [c0, c] = [poseCues(b.mesh), poseCues(f.mesh)];
  const shown = new Set<LivenessAction>();
  const dturn = c.turn - c0.turn;
  // the frames are not mirrored: the applicant's left is the image's right; a face growing
  // (moving closer) shifts the nose in perspective too, so a turn is only read at about the same size
  const closer = c.size / c0.size >= CUES.CLOSER;
  if (dturn >= CUES.TURN && !closer) shown.add("turn_left");
  if (dturn <= -CUES.TURN && !closer) shown.add("turn_right");
  if (c.lift - c0.lift <= -CUES.LOOK_UP && Math.abs(dturn) < CUES.TURN) shown.add("look_up");
  if (closer) shown.add("move_closer");
  if (f.eyeOpenness !== null && b.eyeOpenness !== null && b.eyeOpenness >= CUES.EYES_OPEN && f.eyeOpenness < CUES.EYES_CLOSED) shown.add("blink");
  return shown;
}

/** Judges a challenge from its frames' observations (see the module's comment for the order of the rules). */
export function judgeLiveness(facts: ChallengeFacts): LivenessVerdict {
  const frames = [...facts.frames].sort((a, b) => a.capturedMs - b.capturedMs);
  const faced = frames.filter((f): f is ObservedFrame & { face: NonNullable<ObservedFrame["face"]> } => f.face !== null);
  const base = faced[0]?.face;
  const fits = base ? faced.slice(1).map((f) => planarFit(base.mesh, f.face.mesh)) : [];
  const isMirrored = (i: number) => {
    const t = faced[i + 1]!.face.textureToFirst;
    return t.flipped >= MIRROR.FLIPPED && t.flipped - t.direct >= MIRROR.MARGIN;
  };
  const mirroredFrames = fits.filter((_, i) => isMirrored(i)).length;
  // depth counts only in frames that are not a mirror image (a mirror of a flat picture also moves the nose off the plane fit)
  const deep = fits.filter((p, i) => p !== null && !isMirrored(i) && p.noseResidual >= PARALLAX.NOSE && p.noseResidual >= PARALLAX.RATIO * p.fitResidual);
  const best = fits.reduce<(typeof fits)[number]>((m, p) => (p && (!m || p.noseResidual > m.noseResidual) ? p : m), null);
  const sims = faced.flatMap((f) => [f.face.similarityToSelfie, f.face.similarityToPrevious]);
  const passives = faced.map((f) => f.face.passive).filter((v): v is number => v !== null);
  const passive = passives.length ? passives.reduce((a, b) => a + b, 0) / passives.length : null;

  const seen: LivenessAction[] = [];
  if (base) {
    let k = 0;
    for (const f of faced.slice(1)) {
      if (k < facts.actions.length && actionsShown(base, f.face).has(facts.actions[k]!)) seen.push(facts.actions[k++]!);
    }
  }
  const span = frames.length > 1 ? frames.at(-1)!.capturedMs - frames[0]!.capturedMs : 0;
  const gaps = frames.slice(1).map((f, i) => f.capturedMs - frames[i]!.capturedMs);
  const outOfOrder = facts.frames.some((f, i) => i > 0 && f.capturedMs <= facts.frames[i - 1]!.capturedMs);
  const verdict = (status: LivenessVerdict["status"], errorCode: LivenessChallengeError | null): LivenessVerdict => ({
    status,
    errorCode,
    actions: [...facts.actions],
    actions_seen: seen,
    frames: frames.length,
    face_frames: faced.length,
    parallax: round(best?.noseResidual ?? null),
    planar_noise: round(best?.fitResidual ?? null),
    mirrored_frames: mirroredFrames,
    min_similarity: round(sims.length ? Math.min(...sims) : null),
    passive: round(passive),
    duration_ms: span,
  });

  if (
    facts.replayedFrames > 0 ||
    outOfOrder ||
    gaps.some((g) => g < FRAME_GAP_MS.min || g > FRAME_GAP_MS.max) ||
    span > NEUTRAL_MS + MS_PER_ACTION * facts.actions.length
  )
    return verdict("failed", "replayed");
  if (facts.expired) return verdict("failed", "challenge_expired");
  if (faced.length < MIN_FACE_FRAMES) return verdict("failed", "challenge_not_completed");
  if (frames.some((f) => f.faces > 1) || sims.some((s) => s < SAME_FACE)) return verdict("failed", "face_changed");
  if (mirroredFrames > 0) return deep.length > 0 ? verdict("needs_review", "mirrored") : verdict("failed", "mirrored");
  if (deep.length === 0) return verdict("failed", "flat_surface");
  if (seen.length < facts.actions.length) return verdict("failed", "challenge_not_completed");
  if (passive !== null && passive < facts.passiveThreshold) return verdict("needs_review", "liveness_low");
  return verdict("passed", null);
}
