import { describe, expect, it } from "vitest";
import { gstinCheckChar, gstinInfo, gstinProblem, normalizeGstin } from "./gstin";

/** Published GSTINs: 27AAPFU0939F1ZV is the common documentation example (also python-stdnum's); the others are printed on public companies' invoices. */
const PUBLISHED = ["27AAPFU0939F1ZV", "29AAGCR4375J1ZU", "07AAGFF2194N1Z1", "33AAACH7409R1Z8", "24AAACC1206D1ZM", "27AAACR5055K1Z7"];

describe("GSTIN", () => {
  it.each(PUBLISHED)("reproduces the check character of %s", (gstin) => {
    expect(gstinCheckChar(gstin.slice(0, 14))).toBe(gstin[14]);
    expect(gstinProblem(gstin)).toBeNull();
  });

  it.each([
    ["27AAPFU0939F1ZO", "gstin_checksum_invalid"], // tampered check character (python-stdnum)
    ["27AAPFU0939F1Z", "gstin_format_invalid"], // 14 characters
    ["27AAPFU0939F1YV", "gstin_format_invalid"], // 14th is not Z
    ["27AAPFU0939F0ZV", "gstin_format_invalid"], // entity number 0
    ["369296450896540", "gstin_format_invalid"],
    ["40AAPFU0939F1ZV", "gstin_state_code_invalid"],
    ["00AAPFU0939F1ZV", "gstin_state_code_invalid"],
    ["27AAPXU0939F1ZV", "gstin_pan_invalid"], // X is no PAN holder type (4th letter of the PAN)
    ["27AAPF10939F1ZV", "gstin_pan_invalid"],
  ])("rejects %s as %s", (gstin, problem) => {
    expect(gstinProblem(gstin)).toBe(problem);
  });

  it("accepts the special state codes 38 (Ladakh), 97 and 99 with a correct check character", () => {
    for (const state of ["38", "97", "99"]) {
      const first14 = `${state}AAPFU0939F1Z`;
      expect(gstinProblem(first14 + gstinCheckChar(first14))).toBeNull();
    }
  });

  it("detects every single-character substitution in the first 14 characters", () => {
    const valid = PUBLISHED[0]!;
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let checked = 0;
    for (let i = 0; i < 14; i++) {
      for (const c of alphabet) {
        if (c === valid[i]) continue;
        const tampered = valid.slice(0, i) + c + valid.slice(i + 1);
        const problem = gstinProblem(tampered);
        expect(problem).not.toBeNull();
        if (problem === "gstin_checksum_invalid") checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("normalizes what applicants type and reads the state and PAN", () => {
    expect(normalizeGstin(" 27aapfu 0939f1zv ")).toBe("27AAPFU0939F1ZV");
    expect(gstinInfo("27AAPFU0939F1ZV")).toEqual({ stateCode: "27", state: "Maharashtra", pan: "AAPFU0939F", entityNumber: 1 });
  });
});
