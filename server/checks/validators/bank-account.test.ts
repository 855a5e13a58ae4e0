import { describe, expect, it } from "vitest";
import { bankAccountNumberProblem, normalizeBankAccountNumber } from "./bank-account";

describe("bank account number", () => {
  it.each(["123456789", "50100012345678", "123456789012345678"])("accepts %s (9-18 digits)", (n) => {
    expect(bankAccountNumberProblem(n)).toBeNull();
  });

  it.each(["12345678", "1234567890123456789", "5010001234567A", ""])("rejects %j", (n) => {
    expect(bankAccountNumberProblem(n)).toBe("bank_account_number_invalid");
  });

  it("strips the printed grouping", () => {
    expect(normalizeBankAccountNumber(" 5010 0012-3456 78 ")).toBe("50100012345678");
  });
});
