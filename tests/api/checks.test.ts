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

  it("answers a live key with provider_not_configured (no live registry adapter yet)", async () => {
    const res = await api(fx.baseUrl, fx.demo.liveKey)("POST", "/v1/checks/in.pan.verify", { pan: "ABCPE1234F", name: "Ravi Kumar" });
    expect(res.body).toMatchObject({ status: "error", error_code: "provider_not_configured" });
  });

  it("is 404 for an unknown check id", async () => {
    const res = await demo("GET", "/v1/checks/chk_doesnotexist0000000000");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("resource_missing");
  });
});
