import { describe, expect, it } from "vitest";
import { aadhaarLast4, aadhaarProblem, normalizeAadhaar, verhoeffCheckDigit, verhoeffValid } from "./aadhaar";

const VALID = "234123412346"; // python-stdnum in_/aadhaar.py doctest

describe("Verhoeff", () => {
  it("reproduces the published example (236 -> check digit 3)", () => {
    expect(verhoeffCheckDigit("236")).toBe(3);
    expect(verhoeffValid("2363")).toBe(true);
    expect(verhoeffValid("2364")).toBe(false);
  });

  it("computes the check digit of a published Aadhaar-format number", () => {
    expect(verhoeffCheckDigit(VALID.slice(0, 11))).toBe(6);
  });

  it("detects every single-digit error and every adjacent transposition", () => {
    for (let i = 0; i < VALID.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === VALID[i]) continue;
        expect(verhoeffValid(VALID.slice(0, i) + d + VALID.slice(i + 1))).toBe(false);
      }
      if (i + 1 < VALID.length && VALID[i] !== VALID[i + 1]) {
        expect(verhoeffValid(VALID.slice(0, i) + VALID[i + 1] + VALID[i] + VALID.slice(i + 2))).toBe(false);
      }
    }
  });

  it("refuses non-digits", () => {
    expect(verhoeffValid("23a3")).toBe(false);
    expect(() => verhoeffCheckDigit("2x")).toThrow();
  });
});

describe("Aadhaar number", () => {
  it.each([VALID, "999941057058", "999971658847"])("accepts %s", (n) => {
    expect(aadhaarProblem(n)).toBeNull();
  });

  it.each([
    ["234123412347", "aadhaar_checksum_invalid"], // tampered check digit (python-stdnum)
    ["234123412364", "aadhaar_checksum_invalid"], // adjacent transposition
    ["123412341234", "aadhaar_format_invalid"], // starts with 1
    ["034123412346", "aadhaar_format_invalid"], // starts with 0
    ["23412341234", "aadhaar_format_invalid"], // 11 digits
    ["2341234123461", "aadhaar_format_invalid"], // 13 digits
    ["23412341234A", "aadhaar_format_invalid"],
  ])("rejects %s as %s", (n, problem) => {
    expect(aadhaarProblem(n)).toBe(problem);
  });

  it("normalizes the printed grouping", () => {
    expect(normalizeAadhaar(" 2341 2341-2346 ")).toBe(VALID);
  });

  it("gives only the last four digits, and nothing for an invalid number", () => {
    expect(aadhaarLast4("2341 2341 2346")).toBe("2346");
    expect(aadhaarLast4("2341 2341 2347")).toBeNull();
    expect(aadhaarLast4("1234")).toBeNull();
  });
});
