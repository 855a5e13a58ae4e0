/** The registry checks a `business_details` step plans (through the registry, as the session pipeline asks). */
import { describe, expect, it } from "vitest";
import { resolveCheck } from "../../checks/catalog";
import { checksForStep } from "../../checks/step-checks";

const base = { legal_name: "Sandbox Private Limited", constitution: "private_limited", gstin: "27ABCCE1234F1Z2", address: {} };

describe("business_details: planned checks", () => {
  it("verifies the GSTIN with the legal name, the CIN of a company and the Udyam number when given", () => {
    const planned = checksForStep("business_details", {}, { ...base, cin: "U72900KA2015PTC012345", udyam_number: "UDYAM-MH-01-0000001" });
    expect(planned).toEqual([
      { key: "in.gstin.verify", input: { gstin: "27ABCCE1234F1Z2", name: "Sandbox Private Limited" } },
      { key: "in.cin.verify", input: { cin: "U72900KA2015PTC012345" } },
      { key: "in.udyam.verify", input: { udyam_number: "UDYAM-MH-01-0000001" } },
    ]);
    for (const c of planned) expect(resolveCheck(c.key).input.safeParse(c.input).success, c.key).toBe(true);
  });

  it("verifies an LLP's LLPIN with in.cin.verify, and a partnership's GSTIN only", () => {
    expect(checksForStep("business_details", {}, { ...base, constitution: "llp", llpin: "AAB-1234" })[1]).toEqual({
      key: "in.cin.verify",
      input: { llpin: "AAB-1234" },
    });
    expect(checksForStep("business_details", {}, { ...base, constitution: "partnership" }).map((c) => c.key)).toEqual(["in.gstin.verify"]);
  });
});
