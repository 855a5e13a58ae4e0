import { describe, expect, it } from "vitest";
import { newId, randomBase62 } from "./ids";

describe("randomBase62", () => {
  it("gives the asked length from the base62 alphabet, across refills of its byte pool", () => {
    const ids = Array.from({ length: 2_000 }, () => randomBase62(24)); // ~50 KB of bytes: a dozen refills
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("uses every character about equally (no bias from the byte pool or the modulo)", () => {
    const counts = new Map<string, number>();
    for (const c of randomBase62(62_000)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(n).toBeGreaterThan(800); // mean 1000, sd ~31
  });

  it("prefixes ids with their kind", () => {
    expect(newId("session")).toMatch(/^ses_[0-9A-Za-z]{24}$/);
  });
});
