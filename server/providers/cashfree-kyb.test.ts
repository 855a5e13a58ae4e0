import { describe, expect, it } from "vitest";
import { createCashfreeVerificationProvider } from "./cashfree-verification";
import { CASHFREE_FAKE_ID, CASHFREE_FAKE_SECRET, fakeCashfreePerFile } from "./cashfree-verification.fixture";
import { ProviderUnavailableError } from "./provider";

const fake = fakeCashfreePerFile();

const provider = () =>
  createCashfreeVerificationProvider({ baseUrl: fake().baseUrl, clientId: CASHFREE_FAKE_ID, clientSecret: CASHFREE_FAKE_SECRET, timeoutMs: 500 });

async function outage(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderUnavailableError);
  return (err as ProviderUnavailableError).errorCode;
}

describe("Cashfree: GSTIN", () => {
  it("answers the GSTN record with the sandbox's field names and scores the name against the legal and trade names", async () => {
    const answer = await provider().verify("in.gstin.verify", { gstin: "27AAPFU0939F1ZV", name: "SANDBOX TRADERS" });
    expect(answer).toMatchObject({
      status: "passed",
      errorCode: null,
      verifiedBy: "source",
      score: 1,
      result: {
        gstin: "27AAPFU0939F1ZV",
        gstin_status: "Active",
        legal_name: "SANDBOX TRADERS PRIVATE LIMITED",
        trade_name: "SANDBOX TRADERS",
        constitution: "Private Limited Company",
        taxpayer_type: "Regular",
        pan: "AAPFU0939F",
        state_code: "27",
        state: "Maharashtra",
        registration_date: "2017-09-30",
        pincode: "400001",
        name_match: true,
        reference_id: expect.any(String),
      },
    });
    // the name is compared here, never sent
    expect(fake().log.at(-1)).toMatchObject({ path: "/verification/gstin", body: { GSTIN: "27AAPFU0939F1ZV" } });
    expect(fake().log.at(-1)?.body).not.toHaveProperty("business_name");
  });

  it("fails an unknown, cancelled or suspended GSTIN and a name that matches neither registered name", async () => {
    expect(await provider().verify("in.gstin.verify", { gstin: "27AAPFU9999F1ZV" })).toMatchObject({
      status: "failed",
      errorCode: "gstin_not_found",
      result: { gstin_status: "not_found", registry_message: "GSTIN Doesn't Exist" },
    });
    expect(await provider().verify("in.gstin.verify", { gstin: "27AAPFU6666F1ZV" })).toMatchObject({
      status: "failed",
      errorCode: "gstin_cancelled",
      result: { gstin_status: "Cancelled", cancellation_date: "2023-03-31" },
    });
    // the SDK's shape, with `valid: true`
    expect(await provider().verify("in.gstin.verify", { gstin: "27AAPFU5555F1ZV" })).toMatchObject({ status: "failed", errorCode: "gstin_suspended" });
    const other = await provider().verify("in.gstin.verify", { gstin: "27AAPFU0939F1ZV", name: "ACME INDUSTRIES" });
    expect(other).toMatchObject({ status: "failed", errorCode: "name_mismatch", result: { name_match: false } });
  });

  it("fails a GSTIN the vendor refuses as malformed, with its message", async () => {
    expect(await provider().verify("in.gstin.verify", { gstin: "A7AAPFU0939F1ZV" })).toMatchObject({
      status: "failed",
      errorCode: "gstin_format_invalid",
      verifiedBy: null,
      result: { registry_http_status: 400, registry_message: expect.stringContaining("first 2 digits") },
    });
  });

  it("treats a feature not enabled as set-up, and insufficient balance, 5xx, a hang or an outage as unavailable", async () => {
    expect(await outage(provider().verify("in.gstin.verify", { gstin: "27AAPFU4000F1ZV" }))).toBe("provider_not_configured");
    expect(await outage(provider().verify("in.gstin.verify", { gstin: "27AAPFU4220F1ZV" }))).toBe("provider_unavailable");
    expect(await outage(provider().verify("in.gstin.verify", { gstin: "27AAPFU5000F1ZV" }))).toBe("provider_unavailable");
    // neither a record nor a verdict: not an answer
    expect(await outage(provider().verify("in.gstin.verify", { gstin: "27AAPFU1111F1ZV" }))).toBe("provider_unavailable");
    expect(await outage(provider().verify("in.gstin.verify", { gstin: "27AAPFU7777F1ZV" }))).toBe("provider_timeout");
    fake().down = true;
    expect(await outage(provider().verify("in.gstin.verify", { gstin: "27AAPFU0939F1ZV" }))).toBe("provider_unavailable");
  });
});

describe("Cashfree: CIN", () => {
  it("answers the company with its current directors' DINs, under a fresh verification id per request", async () => {
    const p = provider();
    const answer = await p.verify("in.cin.verify", { cin: "U72900KA2015PTC082988" });
    expect(answer).toMatchObject({
      status: "passed",
      verifiedBy: "source",
      result: {
        cin: "U72900KA2015PTC082988",
        entity_type: "company",
        company_name: "SANDBOX PRIVATE LIMITED",
        company_status: "ACTIVE",
        incorporation_date: "2015-09-23",
        directors: [
          { din: "00000001", name: "ASHA VERMA", designation: "DIRECTOR" },
          { din: "00000002", name: "RAVI KUMAR", designation: "MANAGING DIRECTOR" },
        ],
      },
    });
    // the directors' dates of birth and addresses are not kept
    expect(JSON.stringify(answer.result)).not.toContain("1980-01-01");
    const again = await p.verify("in.cin.verify", { cin: "U72900KA2015PTC082988" });
    expect(again.status).toBe("passed");
    const ids = fake().log.map((l) => l.body?.verification_id);
    expect(new Set(ids).size).toBe(2);
    expect(answer.result.verification_id).toBe(ids[0]);
  });

  it("fails an unknown or struck-off company, and a malformed CIN", async () => {
    expect(await provider().verify("in.cin.verify", { cin: "U72900KA2015PTC089999" })).toMatchObject({
      status: "failed",
      errorCode: "company_not_found",
      result: { company_status: "not_found" },
    });
    expect(await provider().verify("in.cin.verify", { cin: "U72900KA2015PTC086666" })).toMatchObject({
      status: "failed",
      errorCode: "company_struck_off",
      result: { company_status: "STRIKE OFF" },
    });
    expect(await provider().verify("in.cin.verify", { cin: "U72900KA2015PTC08" })).toMatchObject({ status: "failed", errorCode: "cin_format_invalid" });
  });

  it("leaves an LLPIN to the adapter that answers it, and maps 502 and a hang to outages", async () => {
    expect(await outage(provider().verify("in.cin.verify", { llpin: "AAB-1234" }))).toBe("provider_not_configured");
    expect(fake().log).toHaveLength(0);
    expect(await outage(provider().verify("in.cin.verify", { cin: "U72900KA2015PTC085000" }))).toBe("provider_unavailable");
    expect(await outage(provider().verify("in.cin.verify", { cin: "U72900KA2015PTC087777" }))).toBe("provider_timeout");
  });
});

describe("Cashfree: Udyam", () => {
  it("reads the current nested answer", async () => {
    const answer = await provider().verify("in.udyam.verify", { udyam_number: "UDYAM-MH-19-0012345" });
    expect(answer).toMatchObject({
      status: "passed",
      verifiedBy: "source",
      result: {
        udyam_number: "UDYAM-MH-19-0012345",
        registration_status: "Active",
        enterprise_name: "SANDBOX ENTERPRISE",
        enterprise_type: "Micro",
        major_activity: "Services",
        organization_type: "Proprietary",
        state_code: "MH",
        district_code: "19",
        state: "MAHARASHTRA",
        registration_date: "2022-01-02",
      },
    });
    expect(fake().log.at(-1)).toMatchObject({ path: "/verification/udyam", body: { udyam: "UDYAM-MH-19-0012345", verification_id: expect.any(String) } });
  });

  it("reads the older flat answer", async () => {
    expect(await provider().verify("in.udyam.verify", { udyam_number: "UDYAM-UP-43-0004444" })).toMatchObject({
      status: "passed",
      result: {
        enterprise_name: "SANDBOX WORKS",
        enterprise_type: "Small",
        major_activity: "Manufacturing",
        state: "UTTAR PRADESH",
        registration_date: "2022-01-02",
      },
    });
  });

  it("fails an unknown or cancelled registration and a malformed number; outages are outages", async () => {
    expect(await provider().verify("in.udyam.verify", { udyam_number: "UDYAM-MH-19-0009999" })).toMatchObject({
      status: "failed",
      errorCode: "udyam_not_found",
      result: { registration_status: "not_found" },
    });
    expect(await provider().verify("in.udyam.verify", { udyam_number: "UDYAM-MH-19-0006666" })).toMatchObject({
      status: "failed",
      errorCode: "udyam_cancelled",
      result: { registration_status: "Cancelled" },
    });
    expect(await provider().verify("in.udyam.verify", { udyam_number: "UDYAM-MH-1-12" })).toMatchObject({
      status: "failed",
      errorCode: "udyam_format_invalid",
    });
    expect(await outage(provider().verify("in.udyam.verify", { udyam_number: "UDYAM-MH-19-0005000" }))).toBe("provider_unavailable");
    expect(await outage(provider().verify("in.udyam.verify", { udyam_number: "UDYAM-MH-19-0007777" }))).toBe("provider_timeout");
  });
});
