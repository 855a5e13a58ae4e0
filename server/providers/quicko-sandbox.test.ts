import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ProviderUnavailableError } from "./provider";
import { createQuickoSandboxProvider, type QuickoSandboxConfig } from "./quicko-sandbox";
import { FAKE_KEY, FAKE_SECRET, startFakeSandbox, type FakeSandbox } from "./quicko-sandbox.fixture";

let fake: FakeSandbox;

beforeAll(async () => {
  fake = await startFakeSandbox();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.log.length = 0;
  fake.tokensIssued = 0;
  fake.revokeTokens();
  fake.rejectAllTokens = false;
  fake.unauthorizedStatus = 403;
  fake.authFailures = 0;
  fake.hangAuth = false;
  fake.jwtLifetimeSeconds = null;
});

const provider = (over: Partial<QuickoSandboxConfig> = {}) =>
  createQuickoSandboxProvider({ baseUrl: fake.baseUrl, apiKey: FAKE_KEY, apiSecret: FAKE_SECRET, timeoutMs: 2_000, ...over });

const RAVI = { pan: "ABCPE1234F", name: "RAVI KUMAR", dob: "1990-01-01" };

/** The error a promise rejects with. */
async function failure(p: Promise<unknown>): Promise<ProviderUnavailableError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderUnavailableError);
  return err as ProviderUnavailableError;
}

describe("Sandbox by Quicko: PAN", () => {
  it("passes a valid, active PAN whose name and date of birth match", async () => {
    const answer = await provider().verify("in.pan.verify", RAVI);
    expect(answer).toMatchObject({ status: "passed", errorCode: null, score: 1, verifiedBy: "source" });
    expect(answer.result).toMatchObject({
      pan_status: "active",
      holder_type: "individual",
      name_match: true,
      name_match_source: "registry",
      dob_match: true,
      aadhaar_linked: true,
    });
    const call = fake.log.find((l) => l.path === "/kyc/pan/verify")!;
    expect(call.body).toEqual({
      "@entity": "in.co.sandbox.kyc.pan_verification.request",
      pan: "ABCPE1234F",
      name_as_per_pan: "RAVI KUMAR",
      date_of_birth: "01/01/1990",
      consent: "Y",
      reason: expect.any(String),
    });
    expect(call.authorization).toBe("tok-1"); // no "Bearer" prefix
    expect(call.apiKey).toBe(FAKE_KEY);
  });

  it("sends the purpose the check records as the vendor's `reason`", async () => {
    const context = { projectId: "proj_x", mode: "live" as const, sessionId: null, consent: null, purpose: "KYC of a new savings account holder" };
    await provider().verify("in.pan.verify", RAVI, context);
    expect(fake.log.at(-1)?.body).toMatchObject({ consent: "Y", reason: "KYC of a new savings account holder" });
  });

  it("sends the name without honorifics or punctuation, since the registry compares strictly", async () => {
    const answer = await provider().verify("in.pan.verify", { ...RAVI, name: "MR. RAVI  KUMAR S/O RAMESH" });
    expect(answer.status).toBe("passed");
    expect(fake.log.at(-1)?.body?.name_as_per_pan).toBe("RAVI KUMAR");
  });

  it("maps a PAN the registry does not know to pan_not_found", async () => {
    const answer = await provider().verify("in.pan.verify", { ...RAVI, pan: "ABCPE9999Z" });
    expect(answer).toMatchObject({ status: "failed", errorCode: "pan_not_found", verifiedBy: "source", result: { pan_status: "not_found" } });
  });

  it("maps a deactivated PAN to pan_inactive", async () => {
    const answer = await provider().verify("in.pan.verify", { ...RAVI, pan: "ABCPE6666Z" });
    expect(answer).toMatchObject({ status: "failed", errorCode: "pan_inactive", result: { pan_status: "inactive", pan_remarks: "Marked as Deactivated" } });
  });

  it("maps the registry's name mismatch to name_mismatch with score 0", async () => {
    const answer = await provider().verify("in.pan.verify", { ...RAVI, name: "AMIT KUMAR" });
    expect(answer).toMatchObject({ status: "failed", errorCode: "name_mismatch", score: 0, result: { name_match: false, pan_status: "active" } });
  });

  it("maps a date of birth mismatch to dob_mismatch", async () => {
    const answer = await provider().verify("in.pan.verify", { ...RAVI, dob: "1991-02-03" });
    expect(answer).toMatchObject({ status: "failed", errorCode: "dob_mismatch", result: { dob_match: false } });
  });

  it("scores the name with nameMatch when the registry returns it", async () => {
    const ok = await provider().verify("in.pan.verify", { ...RAVI, pan: "ABCPE4444K", name: "R. KUMAR" });
    expect(ok).toMatchObject({ status: "passed", score: 0.885, result: { registered_name: "RAVI KUMAR", name_match: true, name_match_source: "name_match" } });
    const off = await provider().verify("in.pan.verify", { ...RAVI, pan: "ABCPE4444K", name: "RAVINDRA KUMAR" });
    expect(off.status).toBe("failed");
    expect(off.errorCode).toBe("name_mismatch");
    expect(off.score).toBeLessThan(0.8);
  });

  it("without a name: existence, status and the date of birth, never a name match or the registered name", async () => {
    const { pan, dob } = RAVI;
    const answer = await provider().verify("in.pan.verify", { pan: "ABCPE4444K", dob });
    expect(answer).toMatchObject({
      status: "passed",
      errorCode: null,
      score: null,
      result: { pan_status: "active", holder_type: "individual", dob_match: true },
    });
    expect(answer.result).not.toHaveProperty("registered_name");
    expect(answer.result).not.toHaveProperty("name_match");
    expect(JSON.stringify(answer)).not.toContain("RAVI KUMAR");
    expect(fake.log.at(-1)?.body?.name_as_per_pan).toBe("NOT PROVIDED"); // the vendor requires the field
    await expect(provider().verify("in.pan.verify", { pan, dob: "1991-02-03" })).resolves.toMatchObject({ status: "failed", errorCode: "dob_mismatch" });
    await expect(provider().verify("in.pan.verify", { pan: "ABCPE9999Z", dob })).resolves.toMatchObject({ status: "failed", errorCode: "pan_not_found" });
    await expect(provider().verify("in.pan.verify", { pan: "ABCPE6666Z", dob })).resolves.toMatchObject({ status: "failed", errorCode: "pan_inactive" });
  });

  it("fails without calling the vendor when the date of birth is missing", async () => {
    const answer = await provider().verify("in.pan.verify", { pan: RAVI.pan, name: RAVI.name });
    expect(answer).toMatchObject({ status: "failed", errorCode: "dob_required", verifiedBy: null });
    expect(fake.log).toHaveLength(0);
  });

  it("maps the vendor's 422 on a malformed PAN to a failed check", async () => {
    const answer = await provider().verify("in.pan.verify", { ...RAVI, pan: "ABCXE1234F" });
    expect(answer).toMatchObject({
      status: "failed",
      errorCode: "pan_format_invalid",
      verifiedBy: null,
      result: { registry_message: "Invalid PAN pattern", registry_http_status: 422 },
    });
  });

  it("throws provider_unavailable on a 500", async () => {
    const err = await failure(provider().verify("in.pan.verify", { ...RAVI, pan: "ABCPE5000Z" }));
    expect(err.errorCode).toBe("provider_unavailable");
    // the caller retries; the adapter itself does not repeat a verification
    expect(fake.log.filter((l) => l.path === "/kyc/pan/verify")).toHaveLength(1);
  });

  it("throws provider_timeout when the registry hangs, within the configured timeout", async () => {
    const p = provider({ timeoutMs: 300 });
    await p.verify("in.pan.verify", RAVI); // token fetched outside the measurement
    const started = Date.now();
    const err = await failure(p.verify("in.pan.verify", { ...RAVI, pan: "ABCPE7777Z" }));
    const elapsed = Date.now() - started;
    expect(err.errorCode).toBe("provider_timeout");
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1_500);
  });
});

describe("Sandbox by Quicko: GSTIN", () => {
  it("passes an active GSTIN and returns the registry record", async () => {
    const answer = await provider().verify("in.gstin.verify", { gstin: "29afspb9500e1zy", name: "Vicky Pvt. Ltd." });
    expect(answer).toMatchObject({ status: "passed", errorCode: null, score: 1, verifiedBy: "source" });
    expect(answer.result).toMatchObject({
      gstin: "29AFSPB9500E1ZY",
      gstin_status: "Active",
      legal_name: "VICKY PRIVATE LIMITED",
      trade_name: "VICKY PVT LTD",
      constitution: "Private Limited Company",
      taxpayer_type: "Regular",
      pan: "AFSPB9500E",
      state_code: "29",
      registration_date: "2019-10-18",
      state: "Karnataka",
      pincode: "560048",
      name_match: true,
    });
    expect(answer.result).not.toHaveProperty("cancellation_date");
    expect(fake.log.at(-1)?.body).toEqual({ gstin: "29AFSPB9500E1ZY" });
  });

  it("has no score and no name verdict when no name is given", async () => {
    const answer = await provider().verify("in.gstin.verify", { gstin: "29AFSPB9500E1ZY" });
    expect(answer).toMatchObject({ status: "passed", score: null });
    expect(answer.result).not.toHaveProperty("name_match");
  });

  it("maps a business name that does not match to name_mismatch", async () => {
    const answer = await provider().verify("in.gstin.verify", { gstin: "29AFSPB9500E1ZY", name: "ACME TRADERS" });
    expect(answer).toMatchObject({ status: "failed", errorCode: "name_mismatch", result: { name_match: false } });
    expect(answer.score).toBeLessThan(0.8);
  });

  it("maps a cancelled registration to gstin_cancelled", async () => {
    const answer = await provider().verify("in.gstin.verify", { gstin: "36AEOFS9999J1ZI", name: "ACCOUNTS CONSULTANCY" });
    expect(answer).toMatchObject({
      status: "failed",
      errorCode: "gstin_cancelled",
      score: 1,
      result: { gstin_status: "Cancelled", cancellation_date: "2023-06-26" },
    });
  });

  it("maps any other registration status to gstin_inactive", async () => {
    const answer = await provider().verify("in.gstin.verify", { gstin: "24AAACJ2440E2ZV" });
    expect(answer).toMatchObject({ status: "failed", errorCode: "gstin_inactive", result: { gstin_status: "Inactive" } });
  });

  it("maps GSTN's FO8000 'No records found' to gstin_not_found", async () => {
    const answer = await provider().verify("in.gstin.verify", { gstin: "07CQZCD1111I4Z7" });
    expect(answer).toMatchObject({ status: "failed", errorCode: "gstin_not_found", verifiedBy: "source", result: { gstin_status: "not_found" } });
  });

  it("treats any other GSTN error as the registry being unavailable", async () => {
    const err = await failure(provider().verify("in.gstin.verify", { gstin: "27AAACR5055K1Z7" }));
    expect(err.errorCode).toBe("provider_unavailable");
    expect(err.message).toContain("SWEB_9000");
  });

  it("maps the vendor's 422 on a malformed GSTIN to gstin_format_invalid", async () => {
    const answer = await provider().verify("in.gstin.verify", { gstin: "29AFSPB9500E1Z" });
    expect(answer).toMatchObject({ status: "failed", errorCode: "gstin_format_invalid", verifiedBy: null });
  });
});

describe("Sandbox by Quicko: access token", () => {
  it("authenticates once and reuses the token across calls and checks", async () => {
    const p = provider();
    await p.verify("in.pan.verify", RAVI);
    await p.verify("in.gstin.verify", { gstin: "29AFSPB9500E1ZY" });
    await p.verify("in.pan.verify", { ...RAVI, pan: "ABCPE9999Z" });
    expect(fake.log.filter((l) => l.path === "/authenticate")).toHaveLength(1);
    expect(fake.log.filter((l) => l.path !== "/authenticate").map((l) => l.authorization)).toEqual(["tok-1", "tok-1", "tok-1"]);
  });

  it("shares one authentication between concurrent calls", async () => {
    const p = provider();
    await Promise.all([p.verify("in.pan.verify", RAVI), p.verify("in.pan.verify", RAVI), p.verify("in.gstin.verify", { gstin: "29AFSPB9500E1ZY" })]);
    expect(fake.tokensIssued).toBe(1);
  });

  it.each([401, 403] as const)("refreshes the token once after a %d and retries the call", async (status) => {
    fake.unauthorizedStatus = status;
    const p = provider();
    await p.verify("in.pan.verify", RAVI);
    fake.revokeTokens(); // the vendor expired tok-1 early
    const answer = await p.verify("in.pan.verify", RAVI);
    expect(answer.status).toBe("passed");
    expect(fake.log.map((l) => `${l.path} ${l.authorization ?? ""}`.trim())).toEqual([
      "/authenticate",
      "/kyc/pan/verify tok-1",
      "/kyc/pan/verify tok-1",
      "/authenticate",
      "/kyc/pan/verify tok-2",
    ]);
  });

  it("gives up with provider_not_configured when a fresh token is refused too", async () => {
    fake.rejectAllTokens = true;
    const err = await failure(provider().verify("in.pan.verify", RAVI));
    expect(err.errorCode).toBe("provider_not_configured");
    expect(fake.tokensIssued).toBe(2);
    expect(fake.log.filter((l) => l.path === "/kyc/pan/verify")).toHaveLength(2);
  });

  it("reports rejected credentials as provider_not_configured without retrying", async () => {
    const err = await failure(provider({ apiSecret: "wrong" }).verify("in.pan.verify", RAVI));
    expect(err.errorCode).toBe("provider_not_configured");
    expect(fake.log).toHaveLength(1);
  });

  it("retries the idempotent authentication once on a 5xx", async () => {
    fake.authFailures = 1;
    const answer = await provider().verify("in.pan.verify", RAVI);
    expect(answer.status).toBe("passed");
    expect(fake.log.map((l) => l.path)).toEqual(["/authenticate", "/authenticate", "/kyc/pan/verify"]);
  });

  it("throws provider_unavailable when authentication keeps failing", async () => {
    fake.authFailures = 5;
    const err = await failure(provider().verify("in.pan.verify", RAVI));
    expect(err.errorCode).toBe("provider_unavailable");
    expect(fake.log).toHaveLength(2);
  });

  it("times out a hanging authentication with provider_timeout", async () => {
    fake.hangAuth = true;
    const started = Date.now();
    const err = await failure(provider({ timeoutMs: 200, authRetries: 0 }).verify("in.pan.verify", RAVI));
    expect(err.errorCode).toBe("provider_timeout");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("keeps a JWT until 5 minutes before its exp claim, then authenticates again", async () => {
    fake.jwtLifetimeSeconds = 3600;
    const p = provider();
    const start = Date.now();
    const clock = vi.spyOn(Date, "now");
    try {
      await p.verify("in.pan.verify", RAVI);
      clock.mockReturnValue(start + 3_000_000); // 50 min later
      await p.verify("in.pan.verify", RAVI);
      expect(fake.tokensIssued).toBe(1);
      clock.mockReturnValue(start + 3_320_000); // 55 min 20 s: inside the renewal margin
      await p.verify("in.pan.verify", RAVI);
      expect(fake.tokensIssued).toBe(2);
    } finally {
      clock.mockRestore();
    }
  });

  it("keeps an opaque token for the documented 24 hours (less the margin)", async () => {
    const p = provider();
    const start = Date.now();
    const clock = vi.spyOn(Date, "now");
    try {
      await p.verify("in.pan.verify", RAVI);
      clock.mockReturnValue(start + 23 * 3600_000);
      await p.verify("in.pan.verify", RAVI);
      expect(fake.tokensIssued).toBe(1);
      clock.mockReturnValue(start + 24 * 3600_000 - 60_000);
      await p.verify("in.pan.verify", RAVI);
      expect(fake.tokensIssued).toBe(2);
    } finally {
      clock.mockRestore();
    }
  });
});

describe("Sandbox by Quicko: provider interface", () => {
  it("answers PAN, GSTIN, CIN and bank account checks only", async () => {
    const p = provider();
    expect(p.name).toBe("quicko_sandbox");
    for (const key of ["in.pan.verify", "in.gstin.verify", "in.cin.verify", "in.bank_account.verify"]) expect(p.supports(key)).toBe(true);
    expect(p.supports("in.pan.aadhaar_link")).toBe(false);
    expect(p.supports("in.aadhaar.verify")).toBe(false);
    expect((await failure(p.verify("in.aadhaar.verify", {}))).errorCode).toBe("provider_not_configured");
  });

  it("reports a wrong base URL as provider_not_configured", async () => {
    const err = await failure(provider({ baseUrl: `${fake.baseUrl}/nope` }).verify("in.gstin.verify", { gstin: "29AFSPB9500E1ZY" }));
    expect(err.errorCode).toBe("provider_not_configured");
  });

  it("reports an unreachable vendor as provider_unavailable", async () => {
    const closed = await startFakeSandbox();
    await closed.close();
    const err = await failure(provider({ baseUrl: closed.baseUrl }).verify("in.gstin.verify", { gstin: "29AFSPB9500E1ZY" }));
    expect(err.errorCode).toBe("provider_unavailable");
  });
});

const PURPOSE = { projectId: "proj_x", mode: "live" as const, sessionId: null, consent: null, purpose: "KYB of a new merchant before onboarding" };

describe("Sandbox by Quicko: company / LLP master data", () => {
  it("passes an active company with its current directors, sending the check's purpose as reason", async () => {
    const answer = await provider().verify("in.cin.verify", { cin: "U12300GJ2017PTC123456" }, PURPOSE);
    expect(answer).toMatchObject({ status: "passed", errorCode: null, verifiedBy: "source" });
    expect(answer.result).toMatchObject({
      cin: "U12300GJ2017PTC123456",
      entity_type: "company",
      company_name: "JOHN DOE PRIVATE LIMITED",
      company_status: "Active",
      incorporation_date: "2017-06-09",
      listed: false,
      directors: [{ din: "99999999", name: "JOHN DOE", designation: "Director" }],
    });
    expect(fake.log.at(-1)?.body).toEqual({
      "@entity": "in.co.sandbox.kyc.mca.master_data.request",
      id: "U12300GJ2017PTC123456",
      consent: "Y",
      reason: "KYB of a new merchant before onboarding",
    });
  });

  it("reads an LLP's master data", async () => {
    const answer = await provider().verify("in.cin.verify", { llpin: "AAB-1234" });
    expect(answer).toMatchObject({
      status: "passed",
      result: { llpin: "AAB-1234", entity_type: "llp", company_name: "JANE DOE CONSULTING LLP", incorporation_date: "2009-04-24" },
    });
  });

  it("maps MCA's 'No record found' to company_not_found and Strike Off to company_struck_off", async () => {
    expect(await provider().verify("in.cin.verify", { cin: "U12300GJ2017PTC129999" })).toMatchObject({
      status: "failed",
      errorCode: "company_not_found",
      result: { company_status: "not_found" },
    });
    expect(await provider().verify("in.cin.verify", { cin: "U12300GJ2017PTC126666" })).toMatchObject({
      status: "failed",
      errorCode: "company_struck_off",
      result: { company_status: "Strike Off" },
    });
  });

  it("reports a 500 as provider_unavailable", async () => {
    expect((await failure(provider().verify("in.cin.verify", { cin: "U12300GJ2017PTC125000" }))).errorCode).toBe("provider_unavailable");
  });
});

describe("Sandbox by Quicko: bank account (penny drop)", () => {
  const ACCOUNT = { account_number: "50100012345678", ifsc: "HDFC0000001", name: "JOHN DOE" };

  it("passes an existing account whose holder name matches, with the bank from the RBI list", async () => {
    const answer = await provider().verify("in.bank_account.verify", ACCOUNT);
    expect(answer).toMatchObject({
      status: "passed",
      score: 1,
      result: { account_status: "active", registered_name: "JOHN DOE", name_match: true, bank_name: "HDFC Bank", utr: "329613870973" },
    });
    const call = fake.log.at(-1)!;
    expect(call.path).toBe("/bank/HDFC0000001/accounts/50100012345678/verify?name=JOHN+DOE");
  });

  it("fails a holder name that does not match", async () => {
    const answer = await provider().verify("in.bank_account.verify", { ...ACCOUNT, name: "AMIT SHARMA" });
    expect(answer).toMatchObject({ status: "failed", errorCode: "name_mismatch", result: { name_match: false } });
    expect(answer.score).toBeLessThan(0.8);
  });

  it("maps the documented failure messages to account_not_found and account_closed", async () => {
    expect(await provider().verify("in.bank_account.verify", { ...ACCOUNT, account_number: "50100012349999" })).toMatchObject({
      status: "failed",
      errorCode: "account_not_found",
    });
    expect(await provider().verify("in.bank_account.verify", { ...ACCOUNT, account_number: "50100012346666" })).toMatchObject({
      status: "failed",
      errorCode: "account_closed",
      result: { account_status: "closed" },
    });
  });

  it("treats an offline beneficiary bank, a 500 and a hang as outages", async () => {
    const p = provider({ timeoutMs: 300 });
    expect((await failure(p.verify("in.bank_account.verify", { ...ACCOUNT, account_number: "50100012345555" }))).errorCode).toBe("provider_unavailable");
    expect((await failure(p.verify("in.bank_account.verify", { ...ACCOUNT, account_number: "50100012345000" }))).errorCode).toBe("provider_unavailable");
    expect((await failure(p.verify("in.bank_account.verify", { ...ACCOUNT, account_number: "50100012347777" }))).errorCode).toBe("provider_timeout");
  });

  it("verifies penny-less on the documented penniless-verify path when asked", async () => {
    const answer = await provider().verify("in.bank_account.verify", { ...ACCOUNT, method: "penny_less" });
    expect(answer).toMatchObject({ status: "passed", result: { method: "penny_less", registered_name: "JOHN DOE" } });
    expect(fake.log.at(-1)?.path).toBe("/bank/HDFC0000001/accounts/50100012345678/penniless-verify");
  });

  it("maps a 422 on the IFSC to ifsc_not_found", async () => {
    expect(await provider().verify("in.bank_account.verify", { ...ACCOUNT, ifsc: "HDFC1000001" })).toMatchObject({
      status: "failed",
      errorCode: "ifsc_not_found",
    });
  });
});
