import { describe, expect, it } from "vitest";
import { decodeEmbedding, encodeEmbedding, faceresSimilarity, faceSimilarity } from "./similarity";

describe("faceSimilarity", () => {
  it("is 1 - distance / 1.2 for the 128-value embeddings, clamped to 0..1", () => {
    const a = Array.from({ length: 128 }, (_, i) => Math.sin(i) / 10);
    // distance sqrt(128 * 0.05^2) = 0.5657 -> 1 - 0.5657 / 1.2
    const near = a.map((v, i) => v + (i % 2 ? 0.05 : -0.05));
    const far = a.map((v) => v + 0.2);
    expect(faceSimilarity(a, a)).toBe(1);
    expect(faceSimilarity(a, near)).toBeCloseTo(1 - Math.sqrt(128 * 0.0025) / 1.2, 6);
    // dlib's "same person below distance 0.6" is similarity 0.5
    expect(faceSimilarity([0], [0.6])).toBeCloseTo(0.5, 6);
    expect(faceSimilarity(a, far)).toBe(0);
  });

  it("faceresSimilarity keeps Human's formula for the 1024-value faceres embeddings", () => {
    const a = Array.from({ length: 1024 }, (_, i) => Math.sin(i) / 2);
    const near = a.map((v, i) => v + (i % 2 ? 0.15 : -0.15));
    // 1 - sqrt(25 * 1024 * 0.15^2) / 100 = 0.76 -> (0.76 - 0.2) / 0.6
    expect(faceresSimilarity(a, near)).toBeCloseTo(0.56 / 0.6, 6);
    expect(faceresSimilarity(a, a)).toBe(1);
    expect(
      faceresSimilarity(
        a,
        a.map((v) => -v),
      ),
    ).toBe(0);
  });

  it("refuses embeddings of different lengths", () => {
    expect(() => faceSimilarity([1, 2], [1, 2, 3])).toThrow(/different lengths/);
    expect(() => faceresSimilarity([1, 2], [1, 2, 3])).toThrow(/different lengths/);
  });

  it("stores embeddings as float32 little-endian and reads them back", () => {
    const e = Float32Array.from([0.5, -1.25, 3e-5]);
    const bytes = encodeEmbedding(e);
    expect(bytes.byteLength).toBe(12);
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 0, 63]);
    expect([...decodeEmbedding(bytes)]).toEqual([...e]);
  });
});
