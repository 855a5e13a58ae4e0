/** The checks a `pan` step plans (through the registry, as the session pipeline asks). */
import { describe, expect, it } from "vitest";
import { checksForStep } from "../../checks/step-checks";

describe("pan: planned checks", () => {
  it("maps a PAN step to in.pan.verify with the workflow's holder type", () => {
    expect(checksForStep("pan", { holder: "business" }, { pan: "AAACR4321K", name: "Acme", dob: "2001-01-01" })).toEqual([
      { key: "in.pan.verify", input: { pan: "AAACR4321K", name: "Acme", dob: "2001-01-01", holder: "business" } },
    ]);
  });

  it("adds in.pan.aadhaar_link when the settings ask, for individuals only", () => {
    const data = { pan: "ABCPE1234F", name: "Ravi Kumar", dob: "1990-01-01" };
    expect(checksForStep("pan", { aadhaar_link: true }, data).map((c) => c.key)).toEqual(["in.pan.verify", "in.pan.aadhaar_link"]);
    expect(checksForStep("pan", { aadhaar_link: true }, data)[1]!.input).toEqual({ pan: "ABCPE1234F" });
    expect(checksForStep("pan", { holder: "business", aadhaar_link: true }, data).map((c) => c.key)).toEqual(["in.pan.verify"]);
    expect(checksForStep("pan", {}, data).map((c) => c.key)).toEqual(["in.pan.verify"]);
  });
});
