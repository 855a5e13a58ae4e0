/**
 * The liveness judge on landmark sequences the face models recorded
 * (tests/fixtures/liveness/record-sequences.ts: a rendered 3D head and flat-picture attacks made
 * from @vladmandic/face-api's demo photo, not a fixture's source), and the rules on variations of
 * the bona fide sequence.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RecordedSequence } from "~/tests/fixtures/liveness/record-sequences";
import { type ChallengeFacts, FRAME_GAP_MS, judgeLiveness, MIRROR, type ObservedFrame } from "./liveness-judge";
import type { MeshPoint } from "./parallax";

const RECORDED = JSON.parse(readFileSync(path.resolve("tests/fixtures/liveness/sequences.json"), "utf8")) as Record<
  "bona_fide" | "other_order" | "flat_perspective" | "mirrored_still",
  RecordedSequence
>;

/** A recorded sequence as the judge's frames: the kept points back at their mesh indices. */
function framesOf(seq: RecordedSequence): ObservedFrame[] {
  return seq.frames.map((f) => ({
    capturedMs: f.capturedMs,
    faces: f.faces,
    face: f.face
      ? {
          eyeOpenness: f.face.eyeOpenness,
          similarityToSelfie: f.face.similarityToSelfie,
          similarityToPrevious: f.face.similarityToPrevious,
          passive: f.face.passive,
          textureToFirst: f.face.textureToFirst,
          mesh: Array.from({ length: 468 }, (_, i): MeshPoint => (f.face!.points[i] ? [f.face!.points[i]![0], f.face!.points[i]![1], 0] : [0, 0, 0])),
        }
      : null,
  }));
}

const facts = (name: keyof typeof RECORDED, over: Partial<ChallengeFacts> = {}): ChallengeFacts => ({
  actions: RECORDED[name].actions,
  frames: framesOf(RECORDED[name]),
  replayedFrames: 0,
  expired: false,
  passiveThreshold: 0.5,
  ...over,
});

describe("judgeLiveness on recorded sequences", () => {
  it("passes the rendered 3D head doing the actions in the order asked, with the depth of a head", () => {
    const v = judgeLiveness(facts("bona_fide"));
    expect(v).toMatchObject({ status: "passed", errorCode: null, actions_seen: ["turn_left", "look_up", "move_closer"], mirrored_frames: 0 });
    expect(v.parallax!).toBeGreaterThanOrEqual(0.055);
    expect(v.parallax!).toBeGreaterThanOrEqual(2 * v.planar_noise!);
  });

  it("fails the same head doing the actions in another order (a recording of another challenge)", () => {
    expect(judgeLiveness(facts("other_order"))).toMatchObject({ status: "failed", errorCode: "challenge_not_completed" });
  });

  it("fails a flat picture turned, tilted and brought closer in perspective: no depth", () => {
    const v = judgeLiveness(facts("flat_perspective"));
    expect(v).toMatchObject({ status: "failed", errorCode: "flat_surface" });
    expect(v.parallax!).toBeLessThan(0.055);
  });

  it("fails a still alternating with its mirror image", () => {
    const v = judgeLiveness(facts("mirrored_still"));
    expect(v).toMatchObject({ status: "failed", errorCode: "mirrored" });
    expect(v.mirrored_frames).toBeGreaterThan(0);
  });
});

describe("judgeLiveness rules (variations of the bona fide sequence)", () => {
  const bona = framesOf(RECORDED.bona_fide);

  it("replayed: a frame seen before, or timestamps that are not a live capture's", () => {
    expect(judgeLiveness(facts("bona_fide", { replayedFrames: 1 }))).toMatchObject({ status: "failed", errorCode: "replayed" });
    const shuffled = [...bona];
    [shuffled[3], shuffled[4]] = [shuffled[4]!, shuffled[3]!];
    expect(judgeLiveness(facts("bona_fide", { frames: shuffled }))).toMatchObject({ errorCode: "replayed" });
    const burst = bona.map((f, i) => ({ ...f, capturedMs: i * (FRAME_GAP_MS.min - 10) }));
    expect(judgeLiveness(facts("bona_fide", { frames: burst }))).toMatchObject({ errorCode: "replayed" });
    const slow = bona.map((f, i) => ({ ...f, capturedMs: i * (FRAME_GAP_MS.max + 1) }));
    expect(judgeLiveness(facts("bona_fide", { frames: slow }))).toMatchObject({ errorCode: "replayed" });
  });

  it("challenge_expired: a frame came after the expiry", () => {
    expect(judgeLiveness(facts("bona_fide", { expired: true }))).toMatchObject({ status: "failed", errorCode: "challenge_expired" });
  });

  it("challenge_not_completed: too few frames with a face, or an action missing", () => {
    const faceless = bona.map((f, i) => (i > 2 ? { ...f, faces: 0, face: null } : f));
    expect(judgeLiveness(facts("bona_fide", { frames: faceless }))).toMatchObject({ errorCode: "challenge_not_completed", face_frames: 3 });
    expect(judgeLiveness(facts("bona_fide", { actions: ["turn_left", "look_up", "move_closer", "blink"] }))).toMatchObject({
      errorCode: "challenge_not_completed",
      actions_seen: ["turn_left", "look_up", "move_closer"],
    });
  });

  it("face_changed: another face in a frame, a second face, or a selfie of someone else", () => {
    const cut = bona.map((f, i) => (i === 8 ? { ...f, face: { ...f.face!, similarityToPrevious: 0.3 } } : f));
    expect(judgeLiveness(facts("bona_fide", { frames: cut }))).toMatchObject({ status: "failed", errorCode: "face_changed" });
    const two = bona.map((f, i) => (i === 5 ? { ...f, faces: 2 } : f));
    expect(judgeLiveness(facts("bona_fide", { frames: two }))).toMatchObject({ errorCode: "face_changed" });
    const stranger = bona.map((f) => ({ ...f, face: { ...f.face!, similarityToSelfie: 0.2 } }));
    expect(judgeLiveness(facts("bona_fide", { frames: stranger }))).toMatchObject({ errorCode: "face_changed" });
  });

  it("mirrored: a frame whose texture is the first's flipped; a symmetric head's turn (flipped below direct) is not one", () => {
    // the recorded head's turned frames: textures correlate with the first's more as they are than flipped
    expect(bona.every((f) => f.face!.textureToFirst.flipped < f.face!.textureToFirst.direct)).toBe(true);
    const mirror = { direct: 0.3, flipped: MIRROR.FLIPPED + 0.1 };
    // one frame that is a mirror image beside frames with depth: the signals disagree
    const one = bona.map((f, i) => (i === 5 ? { ...f, face: { ...f.face!, textureToFirst: mirror } } : f));
    expect(judgeLiveness(facts("bona_fide", { frames: one }))).toMatchObject({ status: "needs_review", errorCode: "mirrored", mirrored_frames: 1 });
    // a near-symmetric face turned: flipped almost as high as direct, or high but not MIRROR.MARGIN above it
    const symmetric = bona.map((f, i) => (i > 0 ? { ...f, face: { ...f.face!, textureToFirst: { direct: 0.6, flipped: 0.585 } } } : f));
    expect(judgeLiveness(facts("bona_fide", { frames: symmetric }))).toMatchObject({ status: "passed", mirrored_frames: 0 });
    const close = { direct: MIRROR.FLIPPED, flipped: MIRROR.FLIPPED + MIRROR.MARGIN - 0.01 };
    expect(
      judgeLiveness(facts("bona_fide", { frames: bona.map((f, i) => (i > 0 ? { ...f, face: { ...f.face!, textureToFirst: close } } : f)) })),
    ).toMatchObject({
      status: "passed",
    });
  });

  it("the passive models only lower a verdict: a passed challenge with a low passive score goes to review", () => {
    expect(judgeLiveness(facts("bona_fide", { passiveThreshold: 0.95 }))).toMatchObject({ status: "needs_review", errorCode: "liveness_low" });
    // and a high passive score never rescues a flat picture
    const confident = framesOf(RECORDED.flat_perspective).map((f) => ({ ...f, face: { ...f.face!, passive: 1 } }));
    expect(judgeLiveness(facts("flat_perspective", { frames: confident }))).toMatchObject({ status: "failed", errorCode: "flat_surface" });
  });
});
