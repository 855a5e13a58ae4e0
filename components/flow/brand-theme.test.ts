import { describe, expect, it } from "vitest";
import { brandThemeVariables, contrastRatio, MIN_TEXT_CONTRAST, readableAccent } from "./brand-theme";

describe("contrastRatio", () => {
  it("matches WCAG's reference values", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2); // the lightest grey that passes AA
    expect(contrastRatio("#ffffff", "#767676")).toBe(contrastRatio("#767676", "#ffffff"));
  });
  it("refuses anything but #rrggbb", () => {
    expect(() => contrastRatio("teal", "#ffffff")).toThrow("not a #rrggbb colour: teal");
  });
});

describe("readableAccent", () => {
  it("keeps a brand colour that white text can sit on", () => {
    expect(readableAccent("#0F766E")).toBe("#0f766e"); // 5.47:1
    expect(readableAccent("#2a55e0")).toBe("#2a55e0");
  });
  it("darkens a light brand colour just enough, keeping its hue", () => {
    for (const light of ["#facc15", "#38bdf8", "#f97316", "#ffffff"]) {
      const accent = readableAccent(light)!;
      const ratio = contrastRatio(accent, "#ffffff");
      expect(ratio, light).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(ratio, light).toBeLessThan(4.7); // not needlessly dark
    }
    // #facc15 scaled down keeps its red:green:blue proportions
    const [r, g] = [0, 1].map((i) => Number.parseInt(readableAccent("#facc15")!.slice(1 + 2 * i, 3 + 2 * i), 16)) as [number, number];
    expect(r / g).toBeCloseTo(0xfa / 0xcc, 1);
  });
  it("is null for a malformed colour", () => {
    expect(readableAccent("teal")).toBeNull();
  });
});

describe("brandThemeVariables", () => {
  it("is null without a brand colour (the default theme applies)", () => {
    expect(brandThemeVariables(null)).toBeNull();
    expect(brandThemeVariables("#12345")).toBeNull();
  });
  it("gives readable shades: white on 600 and 700, 700 on the 50 tint", () => {
    const v = brandThemeVariables("#38bdf8")!;
    expect(contrastRatio(v["--color-brand-600"], "#ffffff")).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(v["--color-brand-700"], "#ffffff")).toBeGreaterThan(contrastRatio(v["--color-brand-600"], "#ffffff"));
    expect(contrastRatio(v["--color-brand-700"], v["--color-brand-50"])).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(v["--color-brand-50"], "#ffffff")).toBeLessThan(1.2);
  });
});
