/** The CKYC download with an OTP (CKYC 1.3) through the direct check path, on a real database with the test-mode sandbox. */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { submitDirectCheckOtp } from "./check-otp";
import { getCheck, runDirectCheck } from "./direct-check";
import { ageCheck } from "~/tests/fixtures/age-check";
import { demoTestTenant } from "~/tests/fixtures/demo-db";
import { domainError } from "~/tests/fixtures/domain-error";

let db: Db;
let tenant: { projectId: string; mode: "test" };

beforeAll(async () => {
  ({ db, tenant } = await demoTestTenant());
});

const KEY = "in.ckyc.download";
const RAVI = { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "otp", mobile: "9876543210" };

const begin = async (input: Record<string, unknown> = RAVI) => (await runDirectCheck(db, tenant, KEY, input, { async: false })).check;

const completedEvents = (checkId: string) =>
  db.event.findMany({ where: { type: "check.completed", payload: { path: ["data", "check", "id"], equals: checkId } }, select: { type: true } });

/** Moves a pending check's code expiry and resend time `ms` into the past. */
const age = (checkId: string, ms: number) => ageCheck(db, checkId, ms, ["otp_expires_at", "resend_available_at"]);

describe("in.ckyc.download with auth_factor otp", () => {
  it("answers pending with where the code went, then passes with the record once the right code is entered", async () => {
    const check = await begin();
    expect(check).toMatchObject({ status: "pending", provider: "sandbox", finished_at: null });
    expect(check.result).toMatchObject({ record_found: true, otp_sent_to: "******3210", attempts_left: 3 });
    expect(Date.parse(String(check.result?.otp_expires_at))).toBeGreaterThan(Date.now() + 9 * 60_000);
    // GET does not ask the registry again and leaves it waiting for the code
    expect(await getCheck(db, tenant, check.id)).toMatchObject({ status: "pending" });

    const done = await submitDirectCheckOtp(db, tenant, check.id, { otp: "123456" });
    expect(done).toMatchObject({ status: "passed", verified_by: "source", error_code: null });
    expect(done.result).toMatchObject({ record_found: true, name: "RAVI KUMAR", dob: "1990-01-01", pan: "ABCPE1234F", mobile: "9876543210" });
    expect(await completedEvents(check.id)).toHaveLength(1);
    // the code is stored nowhere
    const row = await db.check.findUniqueOrThrow({ where: { id: check.id }, select: { input: true, result: true, providerAttempts: true } });
    expect(JSON.stringify(row)).not.toContain("123456");

    // finished: no more codes
    expect((await domainError(submitDirectCheckOtp(db, tenant, check.id, { otp: "123456" }))).code).toBe("check_not_awaiting_otp");
  });

  it("keeps a wrong code pending with one attempt less and fails the 3rd wrong code with ckyc_auth_failed", async () => {
    const check = await begin();
    expect(await submitDirectCheckOtp(db, tenant, check.id, { otp: "111111" })).toMatchObject({ status: "pending", result: { attempts_left: 2 } });
    expect(await submitDirectCheckOtp(db, tenant, check.id, { otp: "222222" })).toMatchObject({ status: "pending", result: { attempts_left: 1 } });
    expect(await db.check.findUniqueOrThrow({ where: { id: check.id }, select: { attempts: true } })).toEqual({ attempts: 0 });
    const failed = await submitDirectCheckOtp(db, tenant, check.id, { otp: "333333" });
    expect(failed).toMatchObject({
      status: "failed",
      error_code: "ckyc_auth_failed",
      result: { record_found: true, otp_sent_to: "******3210", attempts_left: 0 },
    });
    expect(await completedEvents(check.id)).toHaveLength(1);
  });

  it("fails with otp_expired for the registry's expired code and for a code entered after otp_expires_at", async () => {
    const sandboxExpired = await submitDirectCheckOtp(db, tenant, (await begin()).id, { otp: "000000" });
    expect(sandboxExpired).toMatchObject({ status: "failed", error_code: "otp_expired" });

    const late = await begin();
    await age(late.id, 11 * 60_000);
    expect(await submitDirectCheckOtp(db, tenant, late.id, { otp: "123456" })).toMatchObject({ status: "failed", error_code: "otp_expired" });
  });

  it("sends a new code at most once per 30 s, with a new expiry, the attempts kept", async () => {
    const check = await begin();
    await submitDirectCheckOtp(db, tenant, check.id, { otp: "111111" });
    const early = await domainError(submitDirectCheckOtp(db, tenant, check.id, { resend: true }));
    expect(early.code).toBe("rate_limited");

    await age(check.id, 31_000);
    const before = (await db.check.findUniqueOrThrow({ where: { id: check.id }, select: { result: true } })).result as Record<string, string>;
    const resent = await submitDirectCheckOtp(db, tenant, check.id, { resend: true });
    expect(resent).toMatchObject({ status: "pending", result: { otp_sent_to: "******3210", attempts_left: 2 } });
    expect(Date.parse(String(resent.result?.otp_expires_at))).toBeGreaterThan(Date.parse(before.otp_expires_at!));
    expect(Date.parse(String(resent.result?.resend_available_at))).toBeGreaterThan(Date.now() + 25_000);
    expect(await submitDirectCheckOtp(db, tenant, check.id, { otp: "123456" })).toMatchObject({ status: "passed" });
  });

  it("answers at once when there is no record or the mobile number is not the record's (no code sent)", async () => {
    expect(await begin({ ...RAVI, ckyc_reference_id: "IN1234" })).toMatchObject({ status: "failed", error_code: "ckyc_record_not_found" });
    const wrongMobile = await begin({ ...RAVI, mobile: "9123456789" });
    expect(wrongMobile).toMatchObject({ status: "failed", error_code: "ckyc_auth_failed" });
    expect(wrongMobile.result).not.toHaveProperty("otp_sent_to");
  });

  it("needs the record's mobile number with auth_factor otp (400 on mobile)", async () => {
    const err = await domainError(runDirectCheck(db, tenant, KEY, { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "otp" }, { async: false }));
    expect(err).toMatchObject({ code: "parameter_invalid", param: "mobile" });
  });

  it("refuses a code for an unknown, foreign or non-OTP check (404 / 409)", async () => {
    expect((await domainError(submitDirectCheckOtp(db, tenant, "chk_missing", { otp: "123456" }))).code).toBe("resource_missing");
    const check = await begin();
    expect((await domainError(submitDirectCheckOtp(db, { ...tenant, mode: "live" } as never, check.id, { otp: "123456" }))).code).toBe("resource_missing");
    const dob = await runDirectCheck(db, tenant, KEY, { ckyc_reference_id: "CKYCSBX-ABCPE1234F", auth_factor: "dob", dob: "1990-01-01" }, { async: false });
    expect(dob.check.status).toBe("passed");
    expect((await domainError(submitDirectCheckOtp(db, tenant, dob.check.id, { otp: "123456" }))).code).toBe("check_not_awaiting_otp");
  });
});
