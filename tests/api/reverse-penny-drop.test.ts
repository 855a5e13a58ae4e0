/** The reverse penny drop (UPI) as an integrator meets it in test mode: POST the check, show the link, read it until the sandbox paid. */
import { describe, expect, inject, it } from "vitest";
import { api } from "./client";

const fx = inject("fixtures");
const demo = api(fx.baseUrl, fx.demo.testKey);
const other = api(fx.baseUrl, fx.other.testKey);
const KEY = "in.bank_account.reverse_penny_drop";

/** Reads the check until it is no longer pending (the sandbox pays 3 s after the request). */
async function settled(id: string) {
  await expect.poll(async () => (await demo("GET", `/v1/checks/${id}`)).body.status, { timeout: 15_000, interval: 500 }).not.toBe("pending");
  return (await demo("GET", `/v1/checks/${id}`)).body;
}

describe(`POST /v1/checks/${KEY}`, () => {
  it("answers pending with the UPI link, then passes once the sandbox paid in the name given, the account masked", async () => {
    const res = await demo("POST", `/v1/checks/${KEY}`, { name: "Ravi Kumar" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: "check",
      check_key: KEY,
      generic_key: "bank_account.reverse_penny_drop",
      provider: "sandbox",
      status: "pending",
      verified_by: null,
      finished_at: null,
      result: { amount: "1.00", currency: "INR", payment_status: "created" },
    });
    expect(res.body.result.upi_link).toMatch(/^upi:\/\/pay\?.*am=1\.00&cu=INR/);
    expect(Date.parse(res.body.result.valid_upto)).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect((await other("GET", `/v1/checks/${res.body.id}`)).status).toBe(404);

    const done = await settled(res.body.id);
    expect(done).toMatchObject({
      status: "passed",
      verified_by: "source",
      error_code: null,
      result: {
        payment_status: "paid",
        registered_name: "RAVI KUMAR",
        name_match: true,
        account_number_masked: "XXXXXXXXXXX1191",
        account_last4: "1191",
        ifsc: "YESB0000262",
        refund_status: "refunded",
      },
    });
    expect(JSON.stringify(done)).not.toContain("026291800001191");
    expect(done.result).not.toHaveProperty("upi_link");
  });

  it("fails a payer whose name does not match (sandbox name SANDBOX MISMATCH), by generic key and async", async () => {
    const res = await demo("POST", "/v1/checks/bank_account.reverse_penny_drop?async=true", { country: "IN", name: "SANDBOX MISMATCH" });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ check_key: KEY, status: "pending" });
    expect(await settled(res.body.id)).toMatchObject({
      status: "failed",
      error_code: "name_mismatch",
      result: { registered_name: "SUNITA SHARMA", name_match: false },
    });
  });

  it("finishes without anyone reading it: the background read sends check.completed about 20 s after the request", async () => {
    const res = await demo("POST", `/v1/checks/${KEY}?async=true`, { name: "Asha Verma" });
    expect(res.status).toBe(202);
    // never GET the check: only the service's own read can finish it
    const completed = async () =>
      ((await demo("GET", "/v1/events?type=check.completed&limit=100")).body.data as { data: { check: { id: string; status: string } } }[]).filter(
        (e) => e.data.check.id === res.body.id,
      );
    await expect.poll(async () => (await completed()).length, { timeout: 45_000, interval: 1_000 }).toBe(1);
    expect((await completed())[0]!.data.check).toMatchObject({ status: "passed", error_code: null });
    expect((await demo("GET", `/v1/checks/${res.body.id}`)).body).toMatchObject({ status: "passed", result: { registered_name: "ASHA VERMA" } });
    expect(await completed()).toHaveLength(1);
  }, 60_000);

  it("refuses an account number (the payment brings it) and a missing name", async () => {
    const extra = await demo("POST", `/v1/checks/${KEY}`, { name: "Ravi Kumar", account_number: "50100012345678" });
    expect(extra.status).toBe(400);
    expect(extra.body.error).toMatchObject({ code: "parameter_unknown", param: "account_number" });
    const missing = await demo("POST", `/v1/checks/${KEY}`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: "parameter_missing", param: "name" });
  });

  it("is listed in the capabilities with its sandbox values", async () => {
    const res = await demo("GET", "/v1/capabilities?country=IN");
    const check = res.body.countries[0].checks.find((c: { key: string }) => c.key === KEY);
    expect(check).toMatchObject({ generic_key: "bank_account.reverse_penny_drop", answered_by: "registry", cache_ttl_seconds: 0 });
    // how a pending check ends, in one place: the webhook, a GET, the background read, the expiry
    expect(check.description).toMatch(/webhook.*GET \/v1\/checks\/\{id\}.*background read.*payment_expired/);
    expect(check.sandbox.map((v: { input: string }) => v.input)).toEqual([
      "name SANDBOX MISMATCH",
      "name SANDBOX NONAME",
      "name SANDBOX FAILURE",
      "name SANDBOX UNPAID",
      "any other name (e.g. RAVI KUMAR)",
    ]);
    expect(check.live_providers.map((p: { name: string }) => p.name)).toEqual(["cashfree"]);
  });
});
