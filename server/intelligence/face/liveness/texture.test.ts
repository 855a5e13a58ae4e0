/** The texture comparison of the mirror test: as it is and flipped left/right, on small synthetic textures. */
import { describe, expect, it } from "vitest";
import { textureSimilarity } from "./texture";

/** A 4x4 texture, row by row: a bright left column, a ramp elsewhere (not left/right symmetric). */
const T = [250, 10, 20, 30, 240, 40, 50, 60, 230, 70, 80, 90, 220, 100, 110, 120];
/** T flipped left/right. */
const FLIPPED = [0, 1, 2, 3].flatMap((r) => T.slice(r * 4, r * 4 + 4).reverse());

describe("textureSimilarity", () => {
  it("a texture and itself: direct 1; its mirror image: flipped 1, whatever the brightness and contrast", () => {
    expect(textureSimilarity(T, T, 4).direct).toBeCloseTo(1, 9);
    expect(textureSimilarity(T, T, 4).flipped).toBeLessThan(0.5);
    const mirror = textureSimilarity(
      FLIPPED.map((v) => 0.5 * v + 30),
      T,
      4,
    );
    expect(mirror.flipped).toBeCloseTo(1, 9);
    expect(mirror.direct).toBeLessThan(0.5);
  });

  it("a flat texture correlates with nothing; textures of other sizes are refused", () => {
    expect(textureSimilarity(Array(16).fill(7), T, 4)).toEqual({ direct: 0, flipped: 0 });
    expect(() => textureSimilarity(T.slice(0, 9), T.slice(0, 9), 4)).toThrow(/sizes/);
    expect(() => textureSimilarity(T, T.slice(0, 9), 4)).toThrow(/sizes/);
  });
});
