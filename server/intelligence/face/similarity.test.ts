import { describe, expect, it } from "vitest";
import { decodeEmbedding, encodeEmbedding, faceSimilarity } from "./similarity";

describe("faceSimilarity", () => {
  it("is 1 for identical embeddings and falls with distance, clamped to 0..1", () => {
    const a = Array.from({ length: 1024 }, (_, i) => Math.sin(i) / 2);
    const near = a.map((v, i) => v + (i % 2 ? 0.15 : -0.15));
    const far = a.map((v) => -v);
    expect(faceSimilarity(a, a)).toBe(1);
    const sNear = faceSimilarity(a, near);
    // Human's formula: 1 - sqrt(25 * 1024 * 0.15^2) / 100 = 0.76 -> (0.76 - 0.2) / 0.6
    expect(sNear).toBeCloseTo(0.56 / 0.6, 6);
    expect(faceSimilarity(a, far)).toBe(0);
  });

  it("refuses embeddings of different lengths", () => {
    expect(() => faceSimilarity([1, 2], [1, 2, 3])).toThrow(/different lengths/);
  });

  it("stores embeddings as float32 little-endian and reads them back", () => {
    const e = Float32Array.from([0.5, -1.25, 3e-5]);
    const bytes = encodeEmbedding(e);
    expect(bytes.byteLength).toBe(12);
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 0, 63]);
    expect([...decodeEmbedding(bytes)]).toEqual([...e]);
  });
});
