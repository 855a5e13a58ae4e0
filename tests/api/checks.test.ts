import { describe, expect, inject, it } from "vitest";
import { api } from "./client";

const fx = inject("fixtures");
const demo = api(fx.baseUrl, fx.demo.testKey);
const other = api(fx.baseUrl, fx.other.testKey);

describe("POST /v1/checks/{key}", () => {
  it("runs a country-keyed check synchronously and returns the Check", async () => {
    const res = await demo("POST", "/v1/checks/in.pan.verify", { pan: "ABCPE1234F", name: "Ravi Kumar", dob: "1990-01-01" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: "check",
      step: null,
      check_key: "in.pan.verify",
      generic_key: "tax_id.verify",
      provider: "sandbox",
      status: "passed",
      verified_by: "source",
      error_code: null,
      result: { registered_name: "RAVI KUMAR", name_match: true },
    });
    expect(res.body.id).toMatch(/^chk_/);
    expect((await demo("GET", `/v1/checks/${res.body.id}`)).body).toEqual(res.body);
    expect((await other("GET", `/v1/checks/${res.body.id}`)).status).toBe(404);
  });

  it("runs a PAN check without a name: existence and status, never the registered name", async () => {
    const res = await demo("POST", "/v1/checks/in.pan.verify", { pan: "ABCPE1234F" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ check_key: "in.pan.verify", status: "passed", verified_by: "source", error_code: null, result: { pan_status: "active" } });
    expect(res.body.result).not.toHaveProperty("registered_name");
    expect(res.text).not.toContain("RAVI KUMAR");
  });

  it("resolves a generic key with country", async () => {
    const res = await demo("POST", "/v1/checks/tax_id.verify", { country: "IN", pan: "ABCPE9999Z", name: "Nobody" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ check_key: "in.pan.verify", status: "failed", error_code: "pan_not_found" });

    const missing = await demo("POST", "/v1/checks/tax_id.verify", { pan: "ABCPE9999Z", name: "Nobody" });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: "parameter_missing", param: "country" });
  });

  it("fails fast offline on a malformed PAN, without a provider", async () => {
    const res = await demo("POST", "/v1/checks/in.pan.verify", { pan: "ABC1234", name: "X" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "failed", error_code: "pan_format_invalid", provider: null, verified_by: null });
  });

  it.each([
    ["/v1/checks/in.pan.verify", { name: "X" }, "pan", "parameter_missing"],
    ["/v1/checks/in.pan.verify", { pan: "ABCPE1234F", name: "X", colour: "red" }, "colour", "parameter_unknown"],
    ["/v1/checks/in.pan.verify", { country: "IND", pan: "ABCPE1234F", name: "X" }, "country", "parameter_invalid"],
    ["/v1/checks/in.nothing.verify", { pan: "ABCPE1234F" }, "key", "parameter_invalid"],
    ["/v1/checks/in.pan.verify?async=maybe", { pan: "ABCPE1234F", name: "X" }, "async", "parameter_invalid"],
  ])("POST %s %j is a 400 on %s", async (path, body, param, code) => {
    const res = await demo("POST", path, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", param, code });
  });

  it("runs asynchronously: 202 pending, then check.completed and the finished Check", async () => {
    const res = await demo("POST", "/v1/checks/in.pan.verify?async=true", { pan: "ABCPE4321K", name: "Async Person" });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: "pending", verified_by: null, finished_at: null });
    const id = res.body.id;
    await expect.poll(async () => (await demo("GET", `/v1/checks/${id}`)).body.status, { timeout: 20_000, interval: 250 }).toBe("passed");
    await expect
      .poll(
        async () =>
          (await demo("GET", "/v1/events?type=check.completed&limit=100")).body.data.find((e: { data: { check: { id: string } } }) => e.data.check.id === id),
        {
          timeout: 20_000,
          interval: 250,
        },
      )
      .toMatchObject({
        object: "event",
        type: "check.completed",
        data: { check: { id, check_key: "in.pan.verify", generic_key: "tax_id.verify", status: "passed", verified_by: "source", error_code: null } },
      });
  });

  it("reports a registry timeout as error after retries", async () => {
    const res = await demo("POST", "/v1/checks/in.pan.verify", { pan: "ABCPE7777K", name: "Slow Registry" });
    expect(res.body).toMatchObject({ status: "error", error_code: "provider_timeout", verified_by: null });
  });

  const CONSENT = { obtained: true, at: "2026-11-24T10:00:00Z", method: "web_checkbox", notice_version: "2026-10-01" };
  const PURPOSE = "KYC of a new savings account holder";

  it("refuses a live registry check without the applicant's consent or a purpose (400, param consent / purpose)", async () => {
    const live = api(fx.baseUrl, fx.demo.liveKey);
    const none = await live("POST", "/v1/checks/in.pan.verify", { pan: "ABCPE1234F", name: "Ravi Kumar" });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ type: "invalid_request_error", code: "parameter_missing", param: "consent" });
    const noPurpose = await live("POST", "/v1/checks/in.pan.verify", { pan: "ABCPE1234F", consent: CONSENT });
    expect(noPurpose.status).toBe(400);
    expect(noPurpose.body.error).toMatchObject({ code: "parameter_missing", param: "purpose" });
    const shortPurpose = await live("POST", "/v1/checks/in.pan.verify", { pan: "ABCPE1234F", consent: CONSENT, purpose: "KYC" });
    expect(shortPurpose.status).toBe(400);
    expect(shortPurpose.body.error).toMatchObject({ code: "parameter_invalid", param: "purpose" });
    const notObtained = await live("POST", "/v1/checks/in.pan.verify", { pan: "ABCPE1234F", consent: { ...CONSENT, obtained: false }, purpose: PURPOSE });
    expect(notObtained.status).toBe(400);
    expect(notObtained.body.error.param).toBe("consent.obtained");
  });

  it("runs a live check with consent and keeps both on the Check (provider_not_configured: no live adapter in the test environment)", async () => {
    const res = await api(fx.baseUrl, fx.demo.liveKey)("POST", "/v1/checks/in.pan.verify", {
      pan: "ABCPE1234F",
      name: "Ravi Kumar",
      consent: CONSENT,
      purpose: PURPOSE,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "error", error_code: "provider_not_configured", consent: { ...CONSENT, source: "request" }, purpose: PURPOSE });
    expect(res.body.provider_attempts).toEqual([
      { provider: "unconfigured", outcome: "provider_not_configured", latency_ms: expect.any(Number), at: expect.any(String) },
    ]);
  });

  it("records each provider call on the check (provider_attempts), none for an offline answer", async () => {
    const pan = await demo("POST", "/v1/checks/in.pan.verify", { pan: "ABCPE1234F", name: "Ravi Kumar" });
    expect(pan.body).toMatchObject({ provider: "sandbox", provider_attempts: [{ provider: "sandbox", outcome: "passed", latency_ms: expect.any(Number) }] });
    const invalid = await demo("POST", "/v1/checks/in.pan.verify", { pan: "ABCPE1234" });
    expect(invalid.body).toMatchObject({ status: "failed", provider_attempts: [] });
  });

  it("needs no consent in test mode, and none for a live check that asks no registry", async () => {
    expect((await demo("POST", "/v1/checks/in.pan.verify", { pan: "ABCPE1234F" })).body).toMatchObject({ status: "passed", consent: null, purpose: null });
    const ifsc = await api(fx.baseUrl, fx.demo.liveKey)("POST", "/v1/checks/in.ifsc.lookup", { ifsc: "SBIN0000001" });
    expect(ifsc.status).toBe(200);
  });

  it("searches and downloads a CKYC record in test mode; the upload is the service's own job", async () => {
    const search = await demo("POST", "/v1/checks/in.ckyc.search", { id_type: "pan", id_number: "ABCPE1234F" });
    expect(search.body).toMatchObject({ check_key: "in.ckyc.search", status: "passed", result: { record_found: true, ckyc_number_masked: "XXXXXXXXXX1234" } });
    const download = await demo("POST", "/v1/checks/kyc_record.download", {
      country: "IN",
      ckyc_reference_id: search.body.result.ckyc_reference_id,
      auth_factor: "dob",
      dob: "1990-01-01",
    });
    expect(download.body).toMatchObject({ check_key: "in.ckyc.download", status: "passed", result: { name: "RAVI KUMAR", dob: "1990-01-01" } });
    const wrongFactor = await demo("POST", "/v1/checks/in.ckyc.download", {
      ckyc_reference_id: search.body.result.ckyc_reference_id,
      auth_factor: "dob",
      dob: "1991-01-01",
    });
    expect(wrongFactor.body).toMatchObject({ status: "failed", error_code: "ckyc_auth_failed" });
    const noFactor = await demo("POST", "/v1/checks/in.ckyc.download", { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "mobile" });
    expect(noFactor.status).toBe(400);
    expect(noFactor.body.error.param).toBe("mobile");
    const upload = await demo("POST", "/v1/checks/in.ckyc.upload", { session_id: "ses_x" });
    expect(upload.status).toBe(400);
    expect(upload.body.error).toMatchObject({ code: "parameter_invalid", param: "key" });
  });

  it("refuses a live CKYC download without consent", async () => {
    const res = await api(fx.baseUrl, fx.demo.liveKey)("POST", "/v1/checks/in.ckyc.download", {
      ckyc_reference_id: "REF1",
      auth_factor: "dob",
      dob: "1990-01-01",
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "parameter_missing", param: "consent" });
  });

  it("is 404 for an unknown check id", async () => {
    const res = await demo("GET", "/v1/checks/chk_doesnotexist0000000000");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("resource_missing");
  });
});

describe("DELETE /v1/checks/{id}/pii", () => {
  it("erases a direct check's input and result, keeps its skeleton, once, under concurrent calls", async () => {
    const ran = await demo("POST", "/v1/checks/in.pan.verify", { pan: "ABCPE1234F", name: "Ravi Kumar", dob: "1990-01-01" });
    expect(ran.body).toMatchObject({ status: "passed", result: { registered_name: "RAVI KUMAR" } });
    const id: string = ran.body.id;

    const answers = await Promise.all(Array.from({ length: 10 }, () => demo("DELETE", `/v1/checks/${id}/pii`)));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual({ id, object: "check", erased: true, files_deleted: 0 });
    }
    const after = await demo("GET", `/v1/checks/${id}`);
    const { result: _result, ...skeleton } = ran.body;
    expect(after.body).toEqual({ ...skeleton, result: null });
    expect(after.text).not.toContain("RAVI KUMAR");

    const again = await demo("DELETE", `/v1/checks/${id}/pii`);
    expect(again.body).toEqual({ id, object: "check", erased: true, files_deleted: 0 });
    const events = await demo("GET", "/v1/events?type=check.pii_erased&limit=100");
    expect(events.status).toBe(200);
    const mine = events.body.data.filter((e: { data: { check: { id: string } } }) => e.data.check.id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      object: "event",
      type: "check.pii_erased",
      data: { check: { id, check_key: "in.pan.verify", generic_key: "tax_id.verify", status: "passed" } },
    });
    expect(JSON.stringify(mine[0])).not.toContain("RAVI KUMAR");
  });

  it("is 404 for another project's check and for an unknown id", async () => {
    const ran = await demo("POST", "/v1/checks/in.pan.verify", { pan: "ABCPE1234F", name: "Ravi Kumar" });
    const foreign = await other("DELETE", `/v1/checks/${ran.body.id}/pii`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ type: "not_found_error", code: "resource_missing" });
    expect((await demo("GET", `/v1/checks/${ran.body.id}`)).body.result).toMatchObject({ registered_name: "RAVI KUMAR" });
    expect((await demo("DELETE", "/v1/checks/chk_doesnotexist0000000000/pii")).status).toBe(404);
  });
});
