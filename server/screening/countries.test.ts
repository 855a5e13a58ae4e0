import { describe, expect, it } from "vitest";
import { countryCode, isCountryCode } from "./countries";

describe("countryCode", () => {
  it.each([
    ["Pakistan", "PK"],
    ["india", "IN"],
    ["Iran (Islamic Republic of)", "IR"],
    ["Russian Federation", "RU"],
    ["Syrian Arab Republic", "SY"],
    ["Democratic People's Republic of Korea", "KP"],
    ["Korea, North", "KP"],
    ["Democratic Republic of the Congo", "CD"],
    ["Côte d'Ivoire", "CI"],
    ["Türkiye", "TR"],
    ["Turkey", "TR"],
    ["Viet Nam", "VN"],
    ["United Kingdom of Great Britain and Northern Ireland", "GB"],
    ["St. Lucia", "LC"],
    ["The Bahamas", "BS"],
    ["af", "AF"],
    ["Gaza", "PS"],
  ])("%s -> %s", (name, code) => {
    expect(countryCode(name)).toBe(code);
  });

  it("keeps an unknown country's name in upper case, so it still compares with itself", () => {
    expect(countryCode("Atlantis (Lost)")).toBe("ATLANTIS LOST");
  });
});

describe("isCountryCode", () => {
  it("accepts current codes only", () => {
    expect(isCountryCode("IN")).toBe(true);
    expect(isCountryCode("XK")).toBe(true);
    expect(isCountryCode("SU")).toBe(false);
    expect(isCountryCode("ZZ")).toBe(false);
    expect(isCountryCode("in")).toBe(false);
  });
});
