/**
 * Face match and passive liveness with the real models (@vladmandic/human and dlib's ResNet-34 of
 * @vladmandic/face-api on the TensorFlow.js WASM backend) on public-domain photos
 * (tests/fixtures/intelligence/faces/README.md): the same person on a selfie and on a printed
 * card photo must match, different people must not; bad input gets its own error code. (The
 * error rates on different photos of one person are measured by `npm run bench:intelligence`.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeFaces, FaceImageUnreadableError } from "./face-engine";
import sharp from "sharp";
import { decideFaceMatch, scoreFaceMatch, scoreLiveness } from "./face-checks";
import { DEFAULT_FACE_MATCH_THRESHOLD, FACE_MATCH_REVIEW_BAND, FACE_QUALITY_LIMITS } from "./face-thresholds";

const read = (n: string) => readFileSync(path.resolve("tests/fixtures/intelligence", n));

describe("face match (dlib ResNet-34 embeddings)", () => {
  it.each([
    ["selfie-collins.jpg", "pan-card.jpg"],
    ["selfie-collins.jpg", "aadhaar-front.jpg"],
    ["selfie-hopper.jpg", "passport.jpg"],
    ["selfie-hopper.jpg", "driving-licence.jpg"],
  ])("same person: %s vs %s passes", async (selfie, doc) => {
    const r = await scoreFaceMatch(read(selfie), read(doc));
    expect(r).toMatchObject({ status: "passed", errorCode: null, selfieFaces: 1, documentFaces: 1, quality: null });
    expect(r.similarity!).toBeGreaterThanOrEqual(DEFAULT_FACE_MATCH_THRESHOLD + 0.05);
  });

  it.each([
    ["selfie-collins.jpg", "passport.jpg"],
    ["selfie-hopper.jpg", "pan-card.jpg"],
    ["selfie-hopper.jpg", "aadhaar-front.jpg"],
  ])("different people: %s vs %s fails face_mismatch", async (selfie, doc) => {
    const r = await scoreFaceMatch(read(selfie), read(doc));
    expect(r).toMatchObject({ status: "failed", errorCode: "face_mismatch" });
    expect(r.similarity!).toBeLessThan(DEFAULT_FACE_MATCH_THRESHOLD - FACE_MATCH_REVIEW_BAND);
  });

  it("a threshold above the score sends the pair to review, then to failed", async () => {
    const base = await scoreFaceMatch(read("selfie-collins.jpg"), read("pan-card.jpg"));
    const s = base.similarity!;
    expect((await scoreFaceMatch(read("selfie-collins.jpg"), read("pan-card.jpg"), s + FACE_MATCH_REVIEW_BAND / 2)).status).toBe("needs_review");
    expect((await scoreFaceMatch(read("selfie-collins.jpg"), read("pan-card.jpg"), Math.min(1, s + FACE_MATCH_REVIEW_BAND * 1.5))).status).toBe("failed");
  });

  it("decodes a JPEG 2000 reference photo (the Aadhaar Secure QR's format, encoded by OpenJPEG's opj_compress)", async () => {
    const jp2 = read("faces/qr-photo-hopper.jp2");
    expect(jp2.subarray(4, 8).toString("latin1")).toBe("jP  ");
    const same = await scoreFaceMatch(read("selfie-hopper.jpg"), jp2);
    expect(same).toMatchObject({ status: "passed", documentFaces: 1 });
    expect(await scoreFaceMatch(read("selfie-collins.jpg"), jp2)).toMatchObject({ status: "failed", errorCode: "face_mismatch" });
    // a raw J2K codestream (no JP2 boxes) decodes too
    const j2k = jp2.subarray(jp2.indexOf(Buffer.from([0xff, 0x4f, 0xff, 0x51])));
    expect((await analyzeFaces(j2k)).faces).toHaveLength(1);
  });

  it("no face on the document, and an undecodable image", async () => {
    expect(await scoreFaceMatch(read("selfie-hopper.jpg"), read("gst-certificate.jpg"))).toMatchObject({
      status: "failed",
      errorCode: "document_face_not_found",
    });
    expect(await scoreFaceMatch(read("gst-certificate.jpg"), read("passport.jpg"))).toMatchObject({ status: "failed", errorCode: "face_not_found" });
    // a truncated JPEG 2000 file, text, and an empty file
    const jp2 = Buffer.from("0000000c6a5020200d0a870a00000014667479706a703220", "hex");
    for (const bad of [jp2, Buffer.from("not an image"), Buffer.alloc(0)]) {
      expect(await scoreFaceMatch(read("selfie-hopper.jpg"), bad)).toMatchObject({ status: "failed", errorCode: "face_image_unreadable" });
      await expect(analyzeFaces(bad)).rejects.toBeInstanceOf(FaceImageUnreadableError);
    }
    expect(await scoreFaceMatch(Buffer.from("%PDF-1.4"), read("passport.jpg"))).toMatchObject({ status: "failed", errorCode: "face_image_unreadable" });
  });

  it("a tiny image has no face; a selfie with two faces is never passed", async () => {
    const tiny = await sharp(read("selfie-hopper.jpg")).resize(12).jpeg().toBuffer();
    expect(await scoreFaceMatch(tiny, read("passport.jpg"))).toMatchObject({ status: "failed", errorCode: "face_not_found" });
    // the selfie next to a second face (another person), side by side
    const [a, b] = await Promise.all(["selfie-hopper.jpg", "selfie-collins.jpg"].map((n) => sharp(read(n)).resize(400, 500, { fit: "cover" }).toBuffer()));
    const two = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#fff" } })
      .composite([
        { input: a!, left: 0, top: 0 },
        { input: b!, left: 400, top: 0 },
      ])
      .jpeg()
      .toBuffer();
    const r = await scoreFaceMatch(two, read("passport.jpg"));
    expect(r.selfieFaces).toBe(2);
    expect(r.status).not.toBe("passed");
  });

  it("sends a face unfit to compare to review with the reason (face_quality_low), not to a mismatch", async () => {
    const face = (await analyzeFaces(read("selfie-hopper.jpg"))).faces[0]!;
    const other = (await analyzeFaces(read("selfie-collins.jpg"))).faces[0]!;
    const t = { pass: DEFAULT_FACE_MATCH_THRESHOLD, review: DEFAULT_FACE_MATCH_THRESHOLD - FACE_MATCH_REVIEW_BAND };
    expect(decideFaceMatch(face, other, t, 1)).toMatchObject({ status: "failed", errorCode: "face_mismatch", quality: null });
    const cases = [
      [{ ...other, quality: { ...other.quality, eyeDistancePx: FACE_QUALITY_LIMITS.minEyeDistancePx - 1 } }, "face_too_small"],
      [{ ...other, quality: { ...other.quality, sharpness: FACE_QUALITY_LIMITS.minSharpness - 1 } }, "face_blurred"],
      [{ ...other, pose: { yaw: FACE_QUALITY_LIMITS.maxYawDegrees + 5, pitch: 0 } }, "face_turned"],
      [{ ...other, quality: { ...other.quality, meshScore: FACE_QUALITY_LIMITS.minMeshScore - 0.1 } }, "face_covered"],
      [{ ...other, quality: { ...other.quality, mouthSharpness: 0 } }, "face_covered"],
      [{ ...other, quality: { ...other.quality, eyesSharpness: 0 } }, "face_covered"],
    ] as const;
    for (const [document, reason] of cases) {
      expect(decideFaceMatch(face, document, t, 1)).toMatchObject({
        status: "needs_review",
        errorCode: "face_quality_low",
        quality: { image: "document", reason },
      });
      expect(decideFaceMatch(document, face, t, 1)).toMatchObject({
        status: "needs_review",
        errorCode: "face_quality_low",
        quality: { image: "selfie", reason },
      });
    }
    // a pass stays a pass: the gate only keeps a low score from reading as another person
    expect(decideFaceMatch(face, { ...face, quality: { ...face.quality, sharpness: 0 } }, t, 1)).toMatchObject({ status: "passed" });
  });

  it("measures a blurred face as blurred and a tiny one as too small", async () => {
    const face = async (bytes: Buffer) => (await analyzeFaces(bytes)).faces[0]!;
    const sharpFace = await face(read("selfie-hopper.jpg"));
    expect(sharpFace.quality.sharpness).toBeGreaterThan(FACE_QUALITY_LIMITS.minSharpness * 10);
    const blurred = await face(await sharp(read("selfie-hopper.jpg")).blur(13).jpeg().toBuffer());
    expect(blurred.quality.sharpness).toBeLessThan(FACE_QUALITY_LIMITS.minSharpness);
    // 480 px wide -> 60 px: the eyes ~14 px apart
    const small = await face(await sharp(read("selfie-hopper.jpg")).resize(60).jpeg().toBuffer());
    expect(small.quality.eyeDistancePx).toBeLessThan(FACE_QUALITY_LIMITS.minEyeDistancePx);
  });

  it("finds the face box where the card prints the photo", async () => {
    const a = await analyzeFaces(read("pan-card.jpg"));
    expect(a.faces).toHaveLength(1);
    const [x, y, w, h] = a.faces[0]!.box;
    // render-fixtures.ts puts the photo at x 40..260, y 130..405 of a 1012x638 card
    expect(x).toBeGreaterThanOrEqual(30);
    expect(x + w).toBeLessThanOrEqual(270);
    expect(y).toBeGreaterThanOrEqual(120);
    expect(y + h).toBeLessThanOrEqual(415);
    expect(a.faces[0]!.embedding).toHaveLength(128);
  });
});

describe("passive liveness", () => {
  it("scores a selfie 0..1 from the antispoof and liveness models", async () => {
    const r = await scoreLiveness(read("selfie-hopper.jpg"));
    expect(r.status).toBe("passed");
    expect(r.score!).toBeCloseTo((r.antispoof! + r.liveness!) / 2, 2);
    expect(r.score!).toBeGreaterThanOrEqual(0.5);
    expect(r.score!).toBeLessThanOrEqual(1);
  });

  it("sends a low score to review and fails without a face", async () => {
    expect(await scoreLiveness(read("selfie-hopper.jpg"), 0.999)).toMatchObject({ status: "needs_review", errorCode: "liveness_low" });
    expect(await scoreLiveness(read("gst-certificate.jpg"))).toMatchObject({ status: "failed", errorCode: "face_not_found", score: null });
  });
});

describe("the face mesh (pose, eye openness and landmarks for the liveness judge)", () => {
  it("reads an open-eyed, frontal selfie as such (pose and eye openness from the mesh)", async () => {
    const [face] = (await analyzeFaces(read("selfie-collins.jpg"))).faces;
    expect(Math.abs(face!.pose!.yaw)).toBeLessThan(10);
    expect(face!.eyeOpenness!).toBeGreaterThan(0.25);
    expect(face!.mesh).toHaveLength(468);
  });
});
