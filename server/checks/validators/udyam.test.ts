import { describe, expect, it } from "vitest";
import { normalizeUdyam, udyamProblem } from "./udyam";

describe("Udyam registration number", () => {
  it("accepts UDYAM-XX-00-0000000", () => {
    expect(udyamProblem("UDYAM-MH-19-0012345")).toBeNull();
  });

  it("normalizes case, spaces and missing hyphens", () => {
    expect(normalizeUdyam(" udyam-mh-19-0012345")).toBe("UDYAM-MH-19-0012345");
    expect(normalizeUdyam("udyam mh 19 0012345")).toBe("UDYAM-MH-19-0012345");
  });

  it.each(["UDYAM-M1-19-0012345", "UDYAM-MH-1-0012345", "UDYAM-MH-19-001234", "UDYAM-MH-19-00123456", "UDYOG-MH-19-0012345", "UAM-MH19-0012345"])(
    "rejects %s",
    (n) => {
      expect(udyamProblem(normalizeUdyam(n))).toBe("udyam_format_invalid");
    },
  );
});
