import { describe, expect, it } from "vitest";
import { companyStatusError, gstinStatusError, isoDate } from "./registry-answers";

describe("registry answers shared by the live adapters", () => {
  it("reads every date spelling the vendors document, and nothing else", () => {
    expect(isoDate("01/07/2017")).toBe("2017-07-01");
    expect(isoDate("1/7/2017")).toBe("2017-07-01");
    expect(isoDate("23-09-2015")).toBe("2015-09-23");
    expect(isoDate("2015-09-23")).toBe("2015-09-23");
    expect(isoDate("2022-01-02T00:00:00.000Z")).toBe("2022-01-02");
    for (const v of ["NA", "", "2015/09/23", "Sept 2015", null, 20150923]) expect(isoDate(v)).toBeNull();
  });

  it("gives one verdict per GSTN status, an unknown or missing one being inactive", () => {
    expect(gstinStatusError("Active")).toBeNull();
    expect(gstinStatusError(" cancelled ")).toBe("gstin_cancelled");
    expect(gstinStatusError("Suspended")).toBe("gstin_suspended");
    expect(gstinStatusError("Inactive")).toBe("gstin_inactive");
    expect(gstinStatusError(null)).toBe("gstin_inactive");
  });

  it("gives one verdict per MCA status", () => {
    expect(companyStatusError("ACTIVE")).toBeNull();
    expect(companyStatusError("Active (Compliant)")).toBeNull();
    expect(companyStatusError("STRIKE OFF")).toBe("company_struck_off");
    expect(companyStatusError("Struck Off")).toBe("company_struck_off");
    expect(companyStatusError("Under Liquidation")).toBe("company_inactive");
    expect(companyStatusError(null)).toBe("company_inactive");
  });
});
