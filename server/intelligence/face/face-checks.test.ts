/**
 * Face match and passive liveness with the real models (@vladmandic/human on the TensorFlow.js
 * WASM backend) on public-domain photos (tests/fixtures/intelligence/faces/README.md): the same
 * person on a selfie and on a printed card photo must match, different people must not.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeFaces, FaceImageUnreadableError } from "./face-engine";
import { scoreFaceMatch, scoreLiveness } from "./face-checks";
import { DEFAULT_FACE_MATCH_THRESHOLD } from "./face-thresholds";

const read = (n: string) => readFileSync(path.resolve("tests/fixtures/intelligence", n));

describe("face match (faceres embeddings)", () => {
  it.each([
    ["selfie-collins.jpg", "pan-card.jpg"],
    ["selfie-collins.jpg", "aadhaar-front.jpg"],
    ["selfie-hopper.jpg", "passport.jpg"],
    ["selfie-hopper.jpg", "driving-licence.jpg"],
  ])("same person: %s vs %s passes", async (selfie, doc) => {
    const r = await scoreFaceMatch(read(selfie), read(doc));
    expect(r).toMatchObject({ status: "passed", errorCode: null, selfieFaces: 1, documentFaces: 1 });
    expect(r.similarity!).toBeGreaterThanOrEqual(DEFAULT_FACE_MATCH_THRESHOLD + 0.1);
  });

  it.each([
    ["selfie-collins.jpg", "passport.jpg"],
    ["selfie-hopper.jpg", "pan-card.jpg"],
    ["selfie-hopper.jpg", "aadhaar-front.jpg"],
  ])("different people: %s vs %s fails face_mismatch", async (selfie, doc) => {
    const r = await scoreFaceMatch(read(selfie), read(doc));
    expect(r).toMatchObject({ status: "failed", errorCode: "face_mismatch" });
    expect(r.similarity!).toBeLessThan(DEFAULT_FACE_MATCH_THRESHOLD - 0.1);
  });

  it("a threshold above the score sends the pair to review, then to failed", async () => {
    const base = await scoreFaceMatch(read("selfie-collins.jpg"), read("pan-card.jpg"));
    const s = base.similarity!;
    expect((await scoreFaceMatch(read("selfie-collins.jpg"), read("pan-card.jpg"), s + 0.05)).status).toBe("needs_review");
    expect((await scoreFaceMatch(read("selfie-collins.jpg"), read("pan-card.jpg"), Math.min(1, s + 0.15))).status).toBe("failed");
  });

  it("no face on the document, and an undecodable image", async () => {
    expect(await scoreFaceMatch(read("selfie-hopper.jpg"), read("gst-certificate.jpg"))).toMatchObject({
      status: "failed",
      errorCode: "document_face_not_found",
    });
    expect(await scoreFaceMatch(read("gst-certificate.jpg"), read("passport.jpg"))).toMatchObject({ status: "failed", errorCode: "face_not_found" });
    // a JPEG 2000 header (the Aadhaar Secure QR photo format): not decodable by the prebuilt sharp
    const jp2 = Buffer.from("0000000c6a5020200d0a870a00000014667479706a703220", "hex");
    expect(await scoreFaceMatch(read("selfie-hopper.jpg"), jp2)).toMatchObject({ status: "failed", errorCode: "face_image_unreadable" });
    await expect(analyzeFaces(jp2)).rejects.toBeInstanceOf(FaceImageUnreadableError);
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
    expect(a.faces[0]!.embedding).toHaveLength(1024);
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
