import { describe, expect, it } from "vitest";
import { drivingLicenceProblem } from "./driving-licence";
import { epicProblem } from "./epic";

describe("driving licence number (Sarathi)", () => {
  const NOW = new Date("2026-01-01T00:00:00Z");

  it.each(["MH1220110012345", "DL0420110149646", "KA0120190001234", "TG0920240001234", "TS0920150001234", "OR0220080012345"])("accepts %s", (dl) => {
    expect(drivingLicenceProblem(dl, NOW)).toBeNull();
  });

  it.each([
    ["MH12 20110012345", "dl_number_format_invalid"],
    ["MH122011001234", "dl_number_format_invalid"],
    ["MHI220110012345", "dl_number_format_invalid"],
    ["XX1220110012345", "dl_state_code_invalid"],
    ["CT1220110012345", "dl_state_code_invalid"], // Chhattisgarh registers vehicles as CG
    ["MH0020110012345", "dl_rto_code_invalid"],
    ["MH1219490012345", "dl_year_invalid"],
    ["MH1220270012345", "dl_year_invalid"],
  ])("rejects %s as %s", (dl, problem) => {
    expect(drivingLicenceProblem(dl, NOW)).toBe(problem);
  });
});

describe("EPIC number", () => {
  it("accepts three letters and seven digits only", () => {
    expect(epicProblem("XYZ1234567")).toBeNull();
    for (const bad of ["XY12345678", "XYZ123456", "XYZ12345678", "AP/01/001/012345", "xyz1234567"]) expect(epicProblem(bad)).toBe("epic_format_invalid");
  });
});
