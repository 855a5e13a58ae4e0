import { describe, expect, it } from "vitest";
import { passportNumberProblem } from "./passport";

describe("Indian passport number", () => {
  it.each(["J8369854", "Z1234567", "A0000001"])("accepts %s", (n) => {
    expect(passportNumberProblem(n)).toBeNull();
  });

  it.each([
    "J836985", // 7 characters
    "J83698541", // 9 characters
    "18369854", // a digit for the series letter
    "JJ369854", // a letter among the digits
    "J8369B54", // OCR's B for 8
    "j8369854", // not normalized
    "J836 9854",
  ])("rejects %s", (n) => {
    expect(passportNumberProblem(n)).toBe("passport_number_format_invalid");
  });
});
