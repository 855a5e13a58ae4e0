import { describe, expect, it } from "vitest";
import { ifscProblem, normalizeIfsc } from "./ifsc";

describe("IFSC", () => {
  // KKBK0000261 and BOTM0XEEMRA are the examples of Razorpay's ifsc README (the second is well-formed but unknown)
  it.each(["KKBK0000261", "HDFC0000001", "BOTM0XEEMRA", "HDFC0CKUB01"])("accepts the structure of %s", (ifsc) => {
    expect(ifscProblem(ifsc)).toBeNull();
  });

  it.each(["KKBK1000261", "KKBK000026", "KKBK00002611", "KK1K0000261", "KKBK0-00261"])("rejects %s", (ifsc) => {
    expect(ifscProblem(ifsc)).toBe("ifsc_format_invalid");
  });

  it("normalizes", () => {
    expect(normalizeIfsc(" kkbk 0000261")).toBe("KKBK0000261");
  });
});
