import { describe, expect, it } from "vitest";
import { createCashfreeVerificationProvider, type CashfreeVerificationConfig } from "./cashfree-verification";
import { CASHFREE_FAKE_ID, CASHFREE_FAKE_SECRET, fakeCashfreePerFile } from "./cashfree-verification.fixture";
import { ProviderUnavailableError } from "./provider";

const fake = fakeCashfreePerFile();

const provider = (over: Partial<CashfreeVerificationConfig> = {}) =>
  createCashfreeVerificationProvider({ baseUrl: fake().baseUrl, clientId: CASHFREE_FAKE_ID, clientSecret: CASHFREE_FAKE_SECRET, timeoutMs: 2_000, ...over });

async function outage(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderUnavailableError);
  return (err as ProviderUnavailableError).errorCode;
}

const ACCOUNT_OK = { account_number: "50100012345678", ifsc: "HDFC0000001", name: "JOHN DOE" };

describe("Cashfree: PAN", () => {
  it("passes a valid PAN whose registered name matches, scoring the name itself", async () => {
    const answer = await provider().verify("in.pan.verify", { pan: "ABCPE1234F", name: "R. KUMAR" });
    expect(answer).toMatchObject({
      status: "passed",
      errorCode: null,
      verifiedBy: "source",
      score: 0.885,
      result: { pan_status: "active", holder_type: "individual", registered_name: "RAVI KUMAR", name_match: true, aadhaar_linked: true },
    });
    expect(fake().log.at(-1)).toMatchObject({ path: "/verification/pan", apiVersion: "2023-12-18", body: { pan: "ABCPE1234F", name: "R. KUMAR" } });
  });

  it("never returns the registered name when no name is given", async () => {
    const answer = await provider().verify("in.pan.verify", { pan: "ABCPE1234F" });
    expect(answer).toMatchObject({ status: "passed", score: null, result: { pan_status: "active" } });
    expect(JSON.stringify(answer)).not.toContain("RAVI KUMAR");
  });

  it("maps valid:false to pan_not_found, a deactivated PAN to pan_inactive and a wrong name to name_mismatch", async () => {
    expect(await provider().verify("in.pan.verify", { pan: "ABCPE9999Z", name: "X" })).toMatchObject({ status: "failed", errorCode: "pan_not_found" });
    expect(await provider().verify("in.pan.verify", { pan: "ABCPE6666Z", name: "ASHA" })).toMatchObject({ status: "failed", errorCode: "pan_inactive" });
    const off = await provider().verify("in.pan.verify", { pan: "ABCPE1234F", name: "AMIT SHARMA" });
    expect(off).toMatchObject({ status: "failed", errorCode: "name_mismatch", result: { name_match: false } });
  });

  it("maps the vendor's 400 to pan_format_invalid", async () => {
    expect(await provider().verify("in.pan.verify", { pan: "ABC1", name: "X" })).toMatchObject({
      status: "failed",
      errorCode: "pan_format_invalid",
      result: { registry_code: "pan_invalid", registry_http_status: 400 },
    });
  });
});

describe("Cashfree: PAN–Aadhaar link", () => {
  it("passes a PAN seeded with Aadhaar and fails one that is not (inoperative)", async () => {
    expect(await provider().verify("in.pan.aadhaar_link", { pan: "ABCPE1234F" })).toMatchObject({
      status: "passed",
      result: { pan_status: "active", aadhaar_link_status: "linked" },
    });
    expect(await provider().verify("in.pan.aadhaar_link", { pan: "ABCPE8888K" })).toMatchObject({
      status: "failed",
      errorCode: "pan_aadhaar_not_linked",
      result: { pan_status: "inoperative", aadhaar_link_status: "not_linked" },
    });
    expect(fake().log.at(-1)?.body).toEqual({ pan: "ABCPE8888K", name: "NOT PROVIDED" });
  });

  it("maps an unknown PAN to pan_not_found", async () => {
    expect(await provider().verify("in.pan.aadhaar_link", { pan: "ABCPE9999Z" })).toMatchObject({ status: "failed", errorCode: "pan_not_found" });
  });
});

describe("Cashfree: bank account", () => {
  const ACCOUNT = { account_number: "50100012345678", ifsc: "HDFC0000001", name: "JOHN DOE" };

  it("passes an open account whose holder name matches", async () => {
    const answer = await provider().verify("in.bank_account.verify", ACCOUNT);
    expect(answer).toMatchObject({
      status: "passed",
      score: 1,
      result: { account_status: "active", registered_name: "JOHN DOE", bank_name: "HDFC Bank", utr: "404223241811" },
    });
    expect(fake().log.at(-1)?.body).toEqual({ bank_account: "50100012345678", ifsc: "HDFC0000001", name: "JOHN DOE" });
  });

  it("maps account status codes to error codes, and a bank failure to an outage", async () => {
    const p = provider();
    expect(await p.verify("in.bank_account.verify", { ...ACCOUNT, account_number: "50100012349999" })).toMatchObject({ errorCode: "account_not_found" });
    expect(await p.verify("in.bank_account.verify", { ...ACCOUNT, account_number: "50100012346666" })).toMatchObject({ errorCode: "account_closed" });
    expect(await outage(p.verify("in.bank_account.verify", { ...ACCOUNT, account_number: "50100012345555" }))).toBe("provider_unavailable");
    expect(await p.verify("in.bank_account.verify", { ...ACCOUNT, name: "AMIT SHARMA" })).toMatchObject({ status: "failed", errorCode: "name_mismatch" });
  });

  it("refuses penny-less verification, which its documented API does not offer, without calling it", async () => {
    expect(await outage(provider().verify("in.bank_account.verify", { ...ACCOUNT, method: "penny_less" }))).toBe("provider_not_configured");
    expect(fake().log).toHaveLength(0);
  });

  it("maps the vendor's 400 to account_number_invalid", async () => {
    expect(await provider().verify("in.bank_account.verify", { ...ACCOUNT, account_number: "123" })).toMatchObject({
      status: "failed",
      errorCode: "account_number_invalid",
    });
  });
});

describe("Cashfree: errors", () => {
  it("reports rejected credentials as provider_not_configured", async () => {
    expect(await outage(provider({ clientSecret: "wrong" }).verify("in.pan.verify", { pan: "ABCPE1234F" }))).toBe("provider_not_configured");
  });

  it("reports 429, 5xx and an outage as provider_unavailable, and a hang as provider_timeout", async () => {
    expect(await outage(provider().verify("in.pan.verify", { pan: "ABCPE4290Z" }))).toBe("provider_unavailable");
    expect(await outage(provider().verify("in.pan.verify", { pan: "ABCPE5000Z" }))).toBe("provider_unavailable");
    fake().down = true;
    expect(await outage(provider().verify("in.bank_account.verify", ACCOUNT_OK))).toBe("provider_unavailable");
    fake().down = false;
    expect(await outage(provider({ timeoutMs: 300 }).verify("in.pan.verify", { pan: "ABCPE7777Z" }))).toBe("provider_timeout");
  });

  it("answers PAN, PAN–Aadhaar link, bank account, GSTIN, CIN and Udyam only", async () => {
    const p = provider();
    expect(p.name).toBe("cashfree");
    for (const key of ["in.pan.verify", "in.pan.aadhaar_link", "in.bank_account.verify", "in.gstin.verify", "in.cin.verify", "in.udyam.verify"])
      expect(p.supports(key)).toBe(true);
    expect(p.supports("in.ckyc.search")).toBe(false);
    expect(await outage(p.verify("in.ckyc.search", {}))).toBe("provider_not_configured");
  });
});
