import { describe, expect, it } from "vitest";
import { checksForStep } from "./step-checks";

describe("checksForStep", () => {
  it("plans nothing for step types without checks, nor for a type the registry does not have", () => {
    for (const type of ["consent", "review", "key_people", "video_kyc"]) expect(checksForStep(type, {}, {})).toEqual([]);
  });

  it("parses the step's settings with its type's schema (defaults apply; invalid settings throw)", () => {
    expect(checksForStep("pan", {}, { pan: "ABCPE1234F" })[0]!.input.holder).toBe("individual");
    expect(() => checksForStep("pan", { holder: "trust" }, { pan: "ABCPE1234F" })).toThrow();
  });
});
