import { describe, expect, it } from "vitest";
import { namesMatch, normalizePan, panHolderType, panProblem } from "./pan";

describe("PAN structure", () => {
  it("accepts a well-formed individual PAN", () => {
    expect(panProblem("ABCPE1234F", "individual")).toBeNull();
    expect(panHolderType("ABCPE1234F")).toBe("individual");
  });

  it("normalizes what applicants type", () => {
    expect(normalizePan(" abcpe 1234 f")).toBe("ABCPE1234F");
  });

  it.each([
    ["ABCP1234F", "pan_format_invalid"],
    ["ABCPE12345", "pan_format_invalid"],
    ["1BCPE1234F", "pan_format_invalid"],
    ["ABCXE1234F", "pan_holder_type_invalid"],
  ])("rejects %s as %s", (pan, problem) => {
    expect(panProblem(pan)).toBe(problem);
  });

  it("enforces the holder type the step asks for", () => {
    expect(panProblem("ABCCE1234F", "individual")).toBe("pan_not_individual");
    expect(panProblem("ABCPE1234F", "business")).toBe("pan_not_business");
    expect(panProblem("ABCCE1234F", "business")).toBeNull();
  });

  it("compares names ignoring case, dots and spacing", () => {
    expect(namesMatch("Ravi  Kumar", "RAVI KUMAR")).toBe(true);
    expect(namesMatch("R. Kumar", "RAVI KUMAR")).toBe(false);
  });
});
