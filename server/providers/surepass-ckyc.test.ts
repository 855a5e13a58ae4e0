/** The Surepass CKYC adapter against a loopback server speaking Surepass's documented v3 format, errors included. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AnsweredAtOnceError, AwaitingApplicantError, ProviderUnavailableError, type CheckContext } from "./provider";
import { createSurepassCkycProvider } from "./surepass-ckyc";
import {
  startFakeSurepass,
  SUREPASS_FAKE_MOBILE,
  SUREPASS_FAKE_OTP,
  SUREPASS_FAKE_PHOTO,
  SUREPASS_FAKE_RESENT_OTP,
  SUREPASS_FAKE_TOKEN,
  type FakeSurepass,
} from "./surepass-ckyc.fixture";

let fake: FakeSurepass;

beforeAll(async () => {
  fake = await startFakeSurepass();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.log.length = 0;
});

const provider = (token = SUREPASS_FAKE_TOKEN) => createSurepassCkycProvider({ baseUrl: fake.baseUrl, token, timeoutMs: 1_500, otpValiditySeconds: 300 });
const context: CheckContext = { projectId: "prj_1", mode: "live", sessionId: null, checkId: "chk_1" };
const OTP_INPUT = { ckyc_reference_id: "INRMFE49271234", auth_factor: "otp", mobile: SUREPASS_FAKE_MOBILE };

async function thrown(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => null,
    (e: unknown) => e,
  );
}

async function outage(p: Promise<unknown>): Promise<string> {
  const err = await thrown(p);
  expect(err).toBeInstanceOf(ProviderUnavailableError);
  return (err as ProviderUnavailableError).errorCode;
}

/** Begins a download and returns the context a later read gets (the stored request). */
async function begun() {
  const request = await provider().begin!("in.ckyc.download", OTP_INPUT, context);
  return { ...context, request };
}

describe("Surepass CKYC: search", () => {
  it("finds a record by PAN and answers the identifier the download takes", async () => {
    const answer = await provider().verify("in.ckyc.search", { id_type: "pan", id_number: "ABCPE1234F" });
    expect(answer).toMatchObject({
      status: "passed",
      verifiedBy: "source",
      result: { record_found: true, ckyc_reference_id: "INRMFE49271234", name: "SANDBOX CKYC PERSON", kyc_date: "2023-04-01" },
    });
    expect(fake.log.at(-1)).toEqual({ path: "/api/v1/ckyc/v3/search/individual", body: { id_type: "pan", id_number: "ABCPE1234F" } });
  });

  it("reads the flat records shape too and sends Surepass's id_type names", async () => {
    const answer = await provider().verify("in.ckyc.search", { id_type: "driving_licence", id_number: "KA0120201111" });
    expect(answer).toMatchObject({ status: "passed", result: { ckyc_reference_id: "INRMFE49271111" } });
    expect(fake.log.at(-1)?.body).toEqual({ id_type: "driving_license", id_number: "KA0120201111" });
  });

  it("answers no records as ckyc_record_not_found", async () => {
    expect(await provider().verify("in.ckyc.search", { id_type: "pan", id_number: "ABCPE9999Z" })).toMatchObject({
      status: "failed",
      errorCode: "ckyc_record_not_found",
      result: { record_found: false },
    });
  });

  it("maps 5xx and credits to provider_unavailable, a hang to provider_timeout and a refused token to provider_not_configured", async () => {
    expect(await outage(provider().verify("in.ckyc.search", { id_type: "passport", id_number: "Z1235000" }))).toBe("provider_unavailable");
    expect(await outage(provider().verify("in.ckyc.search", { id_type: "passport", id_number: "Z1234022" }))).toBe("provider_unavailable");
    expect(await outage(provider().verify("in.ckyc.search", { id_type: "passport", id_number: "Z1237777" }))).toBe("provider_timeout");
    expect(await outage(provider("wrong").verify("in.ckyc.search", { id_type: "pan", id_number: "ABCPE1234F" }))).toBe("provider_not_configured");
  });
});

describe("Surepass CKYC: download with the registry's OTP", () => {
  it("initiates with the identifier and the record's mobile number, then downloads the record with the code", async () => {
    const ctx = await begun();
    expect(fake.log.at(-1)).toEqual({
      path: "/api/v1/ckyc/v3/download/individual/initiate",
      body: { ckyc_identifier: "INRMFE49271234", mobile_number: SUREPASS_FAKE_MOBILE },
    });
    expect(ctx.request).toMatchObject({ record_found: true, otp_sent_to: "******3210", request_id: expect.stringMatching(/^\d{8}$/) });
    const expires = Date.parse(String(ctx.request.otp_expires_at));
    expect(expires).toBeGreaterThan(Date.now() + 290_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 300_000);

    const answer = await provider().verify("in.ckyc.download", OTP_INPUT, { ...ctx, otp: SUREPASS_FAKE_OTP });
    expect(fake.log.at(-1)).toEqual({ path: "/api/v1/ckyc/v3/download/individual", body: { request_id: ctx.request.request_id, otp: SUREPASS_FAKE_OTP } });
    expect(answer).toMatchObject({
      status: "passed",
      errorCode: null,
      verifiedBy: "source",
      result: {
        record_found: true,
        ckyc_number: "30012345671234",
        ckyc_number_masked: "XXXXXXXXXX1234",
        name: "SANDBOX CKYC PERSON",
        father_or_spouse_name: "SANDBOX FATHER",
        gender: "M",
        dob: "1990-01-01",
        pan: "ABCPE1234F",
        address: { line1: "12 MG ROAD", line2: "NEAR PARK", city: "BENGALURU", pincode: "560001", country: "IN" },
        mobile: SUREPASS_FAKE_MOBILE,
        kyc_date: "2023-04-01",
        identities: [
          { type: "C", number: "ABCPE1234F", verified: true },
          { type: "A", number: "Z1234567", verified: false },
        ],
      },
    });
    expect(answer.evidence).toEqual([{ kind: "ckyc_photo", contentType: "image/jpeg", bytes: new Uint8Array(SUREPASS_FAKE_PHOTO) }]);
  });

  it("keeps waiting on a wrong code, fails an expired code and the registry's exhausted attempts", async () => {
    const ctx = await begun();
    expect(await thrown(provider().verify("in.ckyc.download", OTP_INPUT, { ...ctx, otp: "111111" }))).toBeInstanceOf(AwaitingApplicantError);
    expect(await provider().verify("in.ckyc.download", OTP_INPUT, { ...ctx, otp: "000000" })).toMatchObject({ status: "failed", errorCode: "otp_expired" });
    for (let i = 0; i < 2; i++) await thrown(provider().verify("in.ckyc.download", OTP_INPUT, { ...ctx, otp: "111111" }));
    expect(await provider().verify("in.ckyc.download", OTP_INPUT, { ...ctx, otp: "111111" })).toMatchObject({
      status: "failed",
      errorCode: "ckyc_auth_failed",
    });
  });

  it("waits without calling Surepass when no code was entered", async () => {
    const ctx = await begun();
    const calls = fake.log.length;
    expect(await thrown(provider().verify("in.ckyc.download", OTP_INPUT, ctx))).toBeInstanceOf(AwaitingApplicantError);
    expect(fake.log.length).toBe(calls);
  });

  it("resends: the new code downloads, the old one no longer does", async () => {
    const ctx = await begun();
    const fields = await provider().resend!("in.ckyc.download", OTP_INPUT, ctx);
    expect(fake.log.at(-1)).toEqual({ path: "/api/v1/ckyc/v3/download/individual", body: { request_id: ctx.request.request_id, resend: true } });
    expect(fields).toMatchObject({ otp_sent_to: "******3210", otp_expires_at: expect.any(String) });
    expect(await thrown(provider().verify("in.ckyc.download", OTP_INPUT, { ...ctx, otp: SUREPASS_FAKE_OTP }))).toBeInstanceOf(AwaitingApplicantError);
    expect(await provider().verify("in.ckyc.download", OTP_INPUT, { ...ctx, otp: SUREPASS_FAKE_RESENT_OTP })).toMatchObject({ status: "passed" });
  });

  it("answers at once a mobile number that is not the record's and an unknown identifier (no code sent)", async () => {
    const mismatch = await thrown(provider().begin!("in.ckyc.download", { ...OTP_INPUT, mobile: "9123456789" }, context));
    expect(mismatch).toBeInstanceOf(AnsweredAtOnceError);
    expect((mismatch as AnsweredAtOnceError).answer).toMatchObject({ status: "failed", errorCode: "ckyc_auth_failed" });
    const unknown = await thrown(provider().begin!("in.ckyc.download", { ...OTP_INPUT, ckyc_reference_id: "30012345671234" }, context));
    expect((unknown as AnsweredAtOnceError).answer).toMatchObject({ status: "failed", errorCode: "ckyc_record_not_found" });
  });

  it("answers at once with the record (and its photo) when the registry had already released it", async () => {
    const released = await thrown(provider().begin!("in.ckyc.download", { ...OTP_INPUT, ckyc_reference_id: "INRMFE49272222" }, context));
    expect(released).toBeInstanceOf(AnsweredAtOnceError);
    const { answer } = released as AnsweredAtOnceError;
    expect(answer).toMatchObject({ status: "passed", result: { ckyc_number: "30012345671234", name: "SANDBOX CKYC PERSON" } });
    expect(answer.evidence?.map((e) => e.kind)).toEqual(["ckyc_photo"]);
  });

  it("maps the vendor's outages when initiating, and leaves the other factors to CKYCR", async () => {
    expect(await outage(provider().begin!("in.ckyc.download", { ...OTP_INPUT, ckyc_reference_id: "INRMFE49275000" }, context))).toBe("provider_unavailable");
    expect(await outage(provider("wrong").begin!("in.ckyc.download", OTP_INPUT, context))).toBe("provider_not_configured");
    const dob = { ckyc_reference_id: "INRMFE49271234", auth_factor: "dob", dob: "1990-01-01" };
    expect(await outage(provider().verify("in.ckyc.download", dob, context))).toBe("provider_not_configured");
    // a request Surepass does not know: not an answer about the applicant
    expect(await outage(provider().verify("in.ckyc.download", OTP_INPUT, { ...context, request: { request_id: "1" }, otp: "123456" }))).toBe(
      "provider_unavailable",
    );
  });
});
