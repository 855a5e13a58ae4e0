import { describe, expect, it } from "vitest";
import { buildBusinessProfile } from "./business-profile";

const DETAILS = { type: "business_details", data: { legal_name: "Acme Private Limited" } };

describe("buildBusinessProfile: bank account", () => {
  it("takes a reverse penny drop's account as the bank reported it, verified only when the check passed", () => {
    const steps = [DETAILS, { type: "bank_account", data: { method: "reverse_penny_drop", check_id: "chk_1", account_number_masked: "XXXXXXXXXXX1191" } }];
    const result = { account_last4: "1191", ifsc: "YESB0000262", bank_name: "Yes Bank", account_number_masked: "XXXXXXXXXXX1191" };
    const passed = buildBusinessProfile(steps, [{ checkKey: "in.bank_account.reverse_penny_drop", status: "passed", result }]);
    expect(passed.bank_account).toEqual({
      value: { account_number_last4: "1191", ifsc: "YESB0000262", bank_name: "Yes Bank" },
      source: "in.bank_account.reverse_penny_drop",
      verified: true,
    });
    const mismatch = buildBusinessProfile(steps, [{ checkKey: "in.bank_account.reverse_penny_drop", status: "failed", result }]);
    expect(mismatch.bank_account).toMatchObject({ verified: false });
    // an expired request reported no account
    const expired = buildBusinessProfile(steps, [{ checkKey: "in.bank_account.reverse_penny_drop", status: "failed", result: { payment_status: "expired" } }]);
    expect(expired).not.toHaveProperty("bank_account");
  });

  it("keeps the penny drop's account as entered, with its last 4 digits only", () => {
    const steps = [DETAILS, { type: "bank_account", data: { account_number: "50100012345678", ifsc: "HDFC0000001", name: "ACME" } }];
    const profile = buildBusinessProfile(steps, [{ checkKey: "in.bank_account.verify", status: "passed", result: { bank_name: "HDFC Bank" } }]);
    expect(profile.bank_account).toEqual({
      value: { account_number_last4: "5678", ifsc: "HDFC0000001", bank_name: "HDFC Bank" },
      source: "in.bank_account.verify",
      verified: true,
    });
  });
});
