/**
 * The CKYC download with the registry's OTP (CKYC 1.3) as an integrator meets it in test mode:
 * POST the download with `auth_factor: otp`, show where the code went, then POST /v1/checks/{id}/otp
 * with the applicant's code (the sandbox's is 123456, 000000 has expired).
 */
import { describe, expect, inject, it } from "vitest";
import { api } from "./client";

const fx = inject("fixtures");
const demo = api(fx.baseUrl, fx.demo.testKey);
const other = api(fx.baseUrl, fx.other.testKey);
const KEY = "in.ckyc.download";
const RAVI = { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "otp", mobile: "9876543210" };

const begin = async () => {
  const res = await demo("POST", `/v1/checks/${KEY}`, RAVI);
  expect(res.status).toBe(200);
  return res.body;
};
const otp = (id: string, body: unknown, as = demo) => as("POST", `/v1/checks/${id}/otp`, body);

describe(`POST /v1/checks/${KEY} with auth_factor otp, then POST /v1/checks/{id}/otp`, () => {
  it("answers pending with where the code went, then passes with the record for the right code, with check.completed", async () => {
    const check = await begin();
    expect(check).toMatchObject({ object: "check", check_key: KEY, provider: "sandbox", status: "pending", verified_by: null, finished_at: null });
    expect(check.result).toMatchObject({ record_found: true, otp_sent_to: "******3210", attempts_left: 3 });
    expect(Date.parse(check.result.otp_expires_at)).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect((await demo("GET", `/v1/checks/${check.id}`)).body).toMatchObject({ status: "pending" });

    const done = await otp(check.id, { otp: "123456" });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      id: check.id,
      status: "passed",
      verified_by: "source",
      error_code: null,
      result: { record_found: true, name: "RAVI KUMAR", dob: "1990-01-01", pan: "ABCPE1234F" },
    });
    expect(done.text).not.toContain("123456");
    const events = await demo("GET", "/v1/events?type=check.completed&limit=100");
    expect(events.body.data.filter((e: { data: { check: { id: string } } }) => e.data.check.id === check.id)).toHaveLength(1);

    const again = await otp(check.id, { otp: "123456" });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ type: "conflict_error", code: "check_not_awaiting_otp" });
  });

  it("keeps a wrong code pending with the attempts left; the 3rd wrong code fails it ckyc_auth_failed", async () => {
    const check = await begin();
    expect((await otp(check.id, { otp: "111111" })).body).toMatchObject({ status: "pending", result: { attempts_left: 2 } });
    expect((await otp(check.id, { otp: "222222" })).body).toMatchObject({ status: "pending", result: { attempts_left: 1 } });
    const failed = await otp(check.id, { otp: "333333" });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ status: "failed", error_code: "ckyc_auth_failed", result: { attempts_left: 0 } });
  });

  it("fails an expired code with otp_expired", async () => {
    const check = await begin();
    expect((await otp(check.id, { otp: "000000" })).body).toMatchObject({ status: "failed", error_code: "otp_expired" });
  });

  it("sends a new code at most once per 30 s (429 rate_limited)", async () => {
    const check = await begin();
    const early = await otp(check.id, { resend: true });
    expect(early.status).toBe(429);
    expect(early.body.error).toMatchObject({ type: "rate_limit_error", code: "rate_limited" });
    expect(early.body.error.details).toMatchObject({ resend_available_at: check.result.resend_available_at });
  });

  it("answers the Error object for a bad body (400 param otp), an unknown or foreign check (404) and a check not waiting for a code (409)", async () => {
    const check = await begin();
    for (const body of [{ otp: "12345" }, { otp: "abcdef" }, {}, { otp: "123456", resend: true }]) {
      const res = await otp(check.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ type: "invalid_request_error", param: "otp" });
    }
    const unknownField = await otp(check.id, { otp: "123456", code: "123456" });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error).toMatchObject({ code: "parameter_unknown", param: "code" });
    expect((await otp("chk_doesnotexist0000000000", { otp: "123456" })).status).toBe(404);
    const foreign = await otp(check.id, { otp: "123456" }, other);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("resource_missing");
    // the foreign attempt changed nothing
    expect((await demo("GET", `/v1/checks/${check.id}`)).body).toMatchObject({ status: "pending", result: { attempts_left: 3 } });

    const dob = await demo("POST", `/v1/checks/${KEY}`, { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "dob", dob: "1990-01-01" });
    expect(dob.body.status).toBe("passed");
    expect((await otp(dob.body.id, { otp: "123456" })).status).toBe(409);
  });

  it("answers at once when the mobile number is not the record's, and needs the mobile with otp", async () => {
    const wrong = await demo("POST", `/v1/checks/${KEY}`, { ...RAVI, mobile: "9123456789" });
    expect(wrong.body).toMatchObject({ status: "failed", error_code: "ckyc_auth_failed" });
    expect(wrong.body.result).not.toHaveProperty("otp_sent_to");
    const noMobile = await demo("POST", `/v1/checks/${KEY}`, { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "otp" });
    expect(noMobile.status).toBe(400);
    expect(noMobile.body.error.param).toBe("mobile");
  });

  it("in live mode needs consent, and without Surepass configured ends in error provider_not_configured", async () => {
    const live = api(fx.baseUrl, fx.demo.liveKey);
    const none = await live("POST", `/v1/checks/${KEY}`, RAVI);
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: "parameter_missing", param: "consent" });
    const consent = { obtained: true, at: "2026-11-24T10:00:00Z", method: "web_checkbox", notice_version: "2026-10-01" };
    const res = await live("POST", `/v1/checks/${KEY}`, { ...RAVI, consent, purpose: "KYC of a new savings account holder" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "error", error_code: "provider_not_configured" });
  });

  it("lists the sandbox code and Surepass among the live providers in the capabilities", async () => {
    const res = await demo("GET", "/v1/capabilities?country=IN");
    const check = res.body.countries[0].checks.find((c: { key: string }) => c.key === KEY);
    expect(check.sandbox.map((v: { input: string }) => v.input)).toContain("auth_factor otp, then otp 000000");
    expect(check.live_providers.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["cersai_ckyc", "surepass_ckyc"]));
  });
});
