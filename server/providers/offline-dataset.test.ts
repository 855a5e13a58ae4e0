import { describe, expect, it } from "vitest";
import { lookupIfsc, offlineDatasetProvider } from "./offline-dataset";

describe("IFSC offline dataset", () => {
  it("finds numeric and alphanumeric branch codes of a bank", async () => {
    expect(await lookupIfsc("KKBK0000261")).toEqual({ ifsc: "KKBK0000261", exists: true, bank_code: "KKBK", bank_name: "Kotak Mahindra Bank", sublet: false });
    expect(await lookupIfsc("SBIN0000001")).toMatchObject({ exists: true, bank_name: "State Bank of India" });
  });

  it("names the sub-member bank of a sublet branch", async () => {
    expect(await lookupIfsc("HDFC0CKUB01")).toEqual({
      ifsc: "HDFC0CKUB01",
      exists: true,
      bank_code: "KHUX",
      bank_name: "Khamgaon Urban Co-operative Bank",
      sublet: true,
      sponsor_bank_code: "HDFC",
    });
  });

  it("reports unknown branches, naming the bank when its code is known", async () => {
    // BOTM0XEEMRA: Razorpay's README example of a code that does not validate
    expect(await lookupIfsc("BOTM0XEEMRA")).toMatchObject({ exists: false, bank_code: "BOTM", bank_name: "MUFG Bank" });
    expect(await lookupIfsc("HDFC0ZZZZZZ")).toMatchObject({ exists: false, bank_name: "HDFC Bank" });
    expect(await lookupIfsc("ZZZZ0000001")).toMatchObject({ exists: false, bank_code: "ZZZZ", bank_name: null });
    expect(await lookupIfsc("HDFC1000001")).toMatchObject({ exists: false });
  });

  it("answers in.ifsc.lookup: passed when listed, failed ifsc_not_found otherwise", async () => {
    expect(offlineDatasetProvider.supports("in.ifsc.lookup")).toBe(true);
    expect(offlineDatasetProvider.supports("in.bank_account.verify")).toBe(false);
    expect(await offlineDatasetProvider.verify("in.ifsc.lookup", { ifsc: "HDFC0000001" })).toEqual({
      status: "passed",
      errorCode: null,
      score: null,
      verifiedBy: "source",
      result: { ifsc: "HDFC0000001", exists: true, bank_code: "HDFC", bank_name: "HDFC Bank", sublet: false },
    });
    expect(await offlineDatasetProvider.verify("in.ifsc.lookup", { ifsc: "HDFC0ZZZZZZ" })).toMatchObject({
      status: "failed",
      errorCode: "ifsc_not_found",
      result: { exists: false, bank_code: "HDFC" },
    });
    await expect(offlineDatasetProvider.verify("in.gstin.verify", {})).rejects.toMatchObject({ errorCode: "provider_not_configured" });
  });
});
