import { describe, expect, it } from "vitest";
import { cinInfo, cinProblem, llpinProblem, normalizeCin, normalizeLlpin } from "./cin";

describe("CIN", () => {
  // as printed in the companies' annual reports (MCA master data)
  it.each([
    "L17110MH1973PLC019786",
    "L85110KA1981PLC013115",
    "L22210MH1995PLC084781",
    "U72900KA2015PTC012345",
    "U74999DL2019OPC123456",
    // MCA21's own codes where they differ from ISO / GST / vehicle codes, and the city registrars
    "L72200TG1991PLC013134",
    "U14290CT2019PTC009701",
    "U72900OR2021PTC036225",
    "U72900UR2022PTC013816",
    "L72300PN1990PLC056696",
    "U15400TZ2010PTC033500",
  ])("accepts %s", (cin) => {
    expect(cinProblem(cin)).toBeNull();
  });

  it.each([
    ["X17110MH1973PLC019786", "cin_format_invalid"], // neither L nor U
    ["L1711MH1973PLC019786", "cin_format_invalid"], // 4-digit NIC code
    ["L17110M21973PLC019786", "cin_format_invalid"],
    ["L17110MH1973PLC01978", "cin_format_invalid"], // 20 characters
    ["L17110MH1973XYZ019786", "cin_ownership_class_invalid"],
    ["L17110XX1973PLC019786", "cin_state_code_invalid"], // no such state
    ["U72900TS2016PTC112396", "cin_state_code_invalid"], // Telangana is TG in a CIN
    ["U72900CG2015PTC012345", "cin_state_code_invalid"], // Chhattisgarh is CT
    ["U72900UK2015PTC012345", "cin_state_code_invalid"], // Uttarakhand is UR
    ["U72900OD2021PTC036225", "cin_state_code_invalid"], // Odisha is OR
    ["L17110MH1849PLC019786", "cin_year_invalid"],
    ["L17110MH2999PLC019786", "cin_year_invalid"],
  ])("rejects %s as %s", (cin, problem) => {
    expect(cinProblem(cin)).toBe(problem);
  });

  it("refuses a year after the reference date", () => {
    expect(cinProblem("U72900KA2026PTC012345", new Date("2025-06-01"))).toBe("cin_year_invalid");
    expect(cinProblem("U72900KA2025PTC012345", new Date("2025-06-01"))).toBeNull();
  });

  it("normalizes and decodes", () => {
    expect(normalizeCin(" l17110mh1973 plc019786")).toBe("L17110MH1973PLC019786");
    expect(cinInfo("L17110MH1973PLC019786")).toEqual({
      listed: true,
      nicCode: "17110",
      stateCode: "MH",
      incorporationYear: 1973,
      ownershipClass: "PLC",
      ownership: "public_limited_company",
      registrationNumber: "019786",
    });
  });
});

describe("LLPIN", () => {
  it("accepts AAA-1234 and restores a missing hyphen", () => {
    expect(llpinProblem("AAB-1234")).toBeNull();
    expect(normalizeLlpin(" aab1234 ")).toBe("AAB-1234");
    expect(normalizeLlpin("aab-1234")).toBe("AAB-1234");
  });

  it.each(["AA-12345", "AAB-123", "AAB_1234", "1AB-1234", "AAB-12345"])("rejects %s", (llpin) => {
    expect(llpinProblem(normalizeLlpin(llpin))).toBe("llpin_format_invalid");
  });
});
