/** Two-phase checks (the reverse penny drop) through the direct check path, on a real database with the test-mode sandbox. */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { SANDBOX_PAY_DELAY_MS } from "../providers/reverse-penny-drop-sandbox";
import { refreshAwaitingCheck } from "./awaiting-check";
import { getCheck, runDirectCheck } from "./direct-check";
import { prepareCheck } from "./run-check";
import { ageCheck, UPI_REQUEST_TIMES } from "~/tests/fixtures/age-check";
import { demoTestTenant } from "~/tests/fixtures/demo-db";

let db: Db;
let tenant: { projectId: string; mode: "test" };

beforeAll(async () => {
  ({ db, tenant } = await demoTestTenant());
});

const KEY = "in.bank_account.reverse_penny_drop";

/** Moves the sandbox request's creation (and expiry) `ms` into the past, as if that time had passed. */
const age = (checkId: string, ms: number) => ageCheck(db, checkId, ms, UPI_REQUEST_TIMES);

const completedEvents = (checkId: string) =>
  db.event.findMany({ where: { payload: { path: ["data", "check", "id"], equals: checkId } }, select: { type: true } });

describe("in.bank_account.reverse_penny_drop", () => {
  it("answers pending with the UPI link, stays pending until the sandbox paid, then passes once with check.completed", async () => {
    const { status, check } = await runDirectCheck(db, tenant, KEY, { name: "Ravi Kumar" }, { async: false });
    expect(status).toBe(200);
    expect(check).toMatchObject({ status: "pending", provider: "sandbox", verified_by: null, finished_at: null });
    expect(check.result).toMatchObject({ amount: "1.00", currency: "INR", payment_status: "created" });
    expect(String(check.result?.upi_link)).toMatch(/^upi:\/\/pay\?pa=sandbox\.rpd@upi&.*am=1\.00&cu=INR/);

    // not paid yet: reading it leaves it pending and counts no attempt
    expect(await getCheck(db, tenant, check.id)).toMatchObject({ status: "pending" });
    expect(await db.check.findUniqueOrThrow({ where: { id: check.id }, select: { attempts: true } })).toEqual({ attempts: 0 });
    expect(await completedEvents(check.id)).toEqual([]);

    await age(check.id, SANDBOX_PAY_DELAY_MS + 100);
    const paid = await getCheck(db, tenant, check.id);
    expect(paid).toMatchObject({
      status: "passed",
      error_code: null,
      verified_by: "source",
      result: {
        payment_status: "paid",
        registered_name: "RAVI KUMAR",
        name_match: true,
        account_number_masked: "XXXXXXXXXXX1191",
        ifsc: "YESB0000262",
        refund_status: "refunded",
      },
    });
    expect(JSON.stringify(paid)).not.toContain("026291800001191");
    expect(await getCheck(db, tenant, check.id)).toMatchObject({ status: "passed" });
    expect(await completedEvents(check.id)).toEqual([{ type: "check.completed" }]);
  });

  it("answers 202 with async=true, and never reuses an earlier answer for the same name", async () => {
    const first = await runDirectCheck(db, tenant, KEY, { name: "Asha Verma" }, { async: true });
    const second = await runDirectCheck(db, tenant, KEY, { name: "Asha Verma" }, { async: true });
    expect(first.status).toBe(202);
    expect(second.check).toMatchObject({ status: "pending", from_cache: false });
    expect(second.check.result?.upi_link).not.toBe(first.check.result?.upi_link);
  });

  it.each([
    ["SANDBOX MISMATCH", "failed", "name_mismatch"],
    ["SANDBOX NONAME", "needs_review", "payer_name_missing"],
    ["SANDBOX FAILURE", "failed", "payment_failed"],
  ])("answers the sandbox value %s with %s / %s", async (name, status, errorCode) => {
    const { check } = await runDirectCheck(db, tenant, KEY, { name }, { async: false });
    await age(check.id, SANDBOX_PAY_DELAY_MS + 100);
    expect(await getCheck(db, tenant, check.id)).toMatchObject({ status, error_code: errorCode });
  });

  it("expires an unpaid request: payment_expired", async () => {
    const { check } = await runDirectCheck(db, tenant, KEY, { name: "SANDBOX UNPAID" }, { async: false });
    expect(Date.parse(String(check.result?.valid_upto)) - Date.now()).toBeLessThanOrEqual(10_000);
    await age(check.id, SANDBOX_PAY_DELAY_MS + 100);
    expect(await getCheck(db, tenant, check.id)).toMatchObject({ status: "pending" });
    await age(check.id, 10_000);
    expect(await getCheck(db, tenant, check.id)).toMatchObject({ status: "failed", error_code: "payment_expired", result: { payment_status: "expired" } });
  });

  it("fails a check that was never begun (payment_request_missing) instead of waiting for ever", async () => {
    const check = await prepareCheck(db, { ...tenant, key: KEY, input: { name: "Ravi Kumar" } });
    expect(check.status).toBe("pending");
    expect(await refreshAwaitingCheck(db, check.id)).toMatchObject({ status: "failed", errorCode: "payment_request_missing" });
  });

  it("refuses an input without a name (400 on name)", async () => {
    await expect(runDirectCheck(db, tenant, KEY, {}, { async: false })).rejects.toMatchObject({ code: "parameter_missing" });
    await expect(runDirectCheck(db, tenant, KEY, { name: "A", account_number: "1" }, { async: false })).rejects.toMatchObject({
      code: "parameter_unknown",
    });
  });
});
