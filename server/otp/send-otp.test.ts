/**
 * OTP rules on a real (embedded PGlite) database, in test mode where the code is always
 * 123456: resend spacing, expiry, attempts and cool-down, tenant scoping, validation.
 * Live delivery over SMTP / HTTP is in otp-delivery.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { createSession } from "../sessions/create-session";
import { OTP_LOCK_MS, OTP_RESEND_AFTER_MS, OTP_TTL_MS } from "./otp-code";
import { maskDestination } from "./otp.dto";
import { ZEmailAddress, ZIndianMobile, ZVerifyOtpResponse } from "./otp.schemas";
import { sendOtp } from "./send-otp";
import { verifyOtp } from "./verify-otp";
import { demoDb } from "~/tests/fixtures/demo-db";
import { domainError } from "~/tests/fixtures/domain-error";

let db: Db;
let projectId: string;
let workflowId: string;
const T0 = new Date("2026-11-22T10:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  const { seed, ...rest } = await demoDb();
  db = rest.db;
  projectId = seed.projectId;
  workflowId = seed.workflows.kyc;
});

async function newSession(mode: "test" | "live" = "test"): Promise<string> {
  const s = await createSession(db, { projectId, mode }, { workflow_id: workflowId }, { type: "api_key", id: "key_test" });
  return s.id;
}

function send(sessionId: string, over: Partial<Parameters<typeof sendOtp>[0]> = {}) {
  return sendOtp({ db, projectId, mode: "test", sessionId, step: "phone", channel: "phone", destination: "+91 98765 43210", locale: "en", now: T0, ...over });
}

describe("destinations", () => {
  it("normalizes Indian mobile numbers to E.164 and refuses others", () => {
    for (const v of ["9876543210", "+91 98765 43210", "098765-43210", "919876543210", "+91 (98765) 43210", " 98765.43210 "]) {
      expect(ZIndianMobile.parse(v)).toBe("+919876543210");
    }
    for (const v of ["5876543210", "987654321", "98765432101", "+1 415 555 0100", "+92 9876543210", "phone", ""]) {
      expect(ZIndianMobile.safeParse(v).success).toBe(false);
    }
  });

  it("accepts email addresses, lower-casing only the domain", () => {
    expect(ZEmailAddress.parse("  Ravi.Kumar@Example.COM ")).toBe("Ravi.Kumar@example.com");
    for (const v of ["ravi", "ravi@", "@example.com", "ravi@example", "a b@example.com"]) expect(ZEmailAddress.safeParse(v).success).toBe(false);
  });

  it("masks destinations", () => {
    expect(maskDestination("phone", "+919876543210")).toBe("+91 ••••• ••210");
    expect(maskDestination("email", "ravi@example.com")).toBe("r•••@example.com");
  });

  it("rejects a bad destination with parameter_invalid on `destination`", async () => {
    const sessionId = await newSession();
    const err = await domainError(send(sessionId, { destination: "12345" }));
    expect(err).toMatchObject({ code: "parameter_invalid", param: "destination", status: 400 });
    const mail = await domainError(send(sessionId, { channel: "email", step: "email", destination: "not-an-email" }));
    expect(mail).toMatchObject({ code: "parameter_invalid", param: "destination" });
  });
});

describe("sendOtp / verifyOtp in test mode", () => {
  it("sends a challenge whose code is 123456 and stores only its hash", async () => {
    const sessionId = await newSession();
    const res = await send(sessionId);
    expect(res).toEqual({
      challenge_id: expect.stringMatching(/^otp_[0-9A-Za-z]{24}$/),
      channel: "phone",
      destination_masked: "+91 ••••• ••210",
      expires_at: at(OTP_TTL_MS).toISOString(),
      resend_available_at: at(OTP_RESEND_AFTER_MS).toISOString(),
    });
    const row = await db.otpChallenge.findUniqueOrThrow({ where: { id: res.challenge_id } });
    expect(row).toMatchObject({ projectId, sessionId, step: "phone", channel: "phone", destination: "+919876543210", attempts: 0, verifiedAt: null });
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain("123456");

    const ok = await verifyOtp({ db, sessionId, step: "phone", code: "123456", now: at(60_000) });
    expect(ok).toEqual({ verified: true, challenge_id: res.challenge_id, channel: "phone", destination: "+919876543210" });
    expect(ZVerifyOtpResponse.parse(ok)).toEqual({ verified: true });
    expect((await db.otpChallenge.findUniqueOrThrow({ where: { id: res.challenge_id } })).verifiedAt).toEqual(at(60_000));
    // a retried request with the same code answers the same
    expect(await verifyOtp({ db, sessionId, step: "phone", code: " 123456 ", now: at(61_000) })).toMatchObject({ verified: true });
  });

  it("refuses a resend within 30 s with a retry-after, then allows it and supersedes the previous challenge", async () => {
    const sessionId = await newSession();
    const first = await send(sessionId);
    const early = await domainError(send(sessionId, { now: at(10_500) }));
    expect(early).toMatchObject({ code: "otp_resend_too_soon", status: 429, type: "rate_limit_error" });
    expect(early.details).toEqual({ retry_after: 20, resend_available_at: at(OTP_RESEND_AFTER_MS).toISOString() });

    await verifyOtp({ db, sessionId, step: "phone", code: "000000", now: at(20_000) }).catch(() => undefined);
    const second = await send(sessionId, { now: at(OTP_RESEND_AFTER_MS), destination: "9123456789" });
    expect(second.challenge_id).not.toBe(first.challenge_id);
    expect(second.destination_masked).toBe("+91 ••••• ••789");
    const rows = await db.otpChallenge.findMany({ where: { sessionId, step: "phone" }, select: { id: true, attempts: true, destination: true } });
    expect(rows).toEqual([{ id: second.challenge_id, attempts: 0, destination: "+919123456789" }]);
    expect(await verifyOtp({ db, sessionId, step: "phone", code: "123456", now: at(40_000) })).toMatchObject({
      challenge_id: second.challenge_id,
      destination: "+919123456789",
    });
  });

  it("keeps steps apart: each step has its own challenge and resend timer", async () => {
    const sessionId = await newSession();
    await send(sessionId);
    const email = await send(sessionId, { step: "email", channel: "email", destination: "asha@example.com", now: at(1_000) });
    expect(email.destination_masked).toBe("a•••@example.com");
    expect(await verifyOtp({ db, sessionId, step: "email", code: "123456", now: at(2_000) })).toMatchObject({
      channel: "email",
      destination: "asha@example.com",
    });
    const err = await domainError(verifyOtp({ db, sessionId, step: "other", code: "123456", now: at(2_000) }));
    expect(err).toMatchObject({ code: "otp_not_sent", status: 409 });
  });

  it("expires a code 10 minutes after sending", async () => {
    const sessionId = await newSession();
    await send(sessionId);
    const err = await domainError(verifyOtp({ db, sessionId, step: "phone", code: "123456", now: at(OTP_TTL_MS) }));
    expect(err).toMatchObject({ code: "otp_expired", param: "code", status: 400 });
    expect(err.details).toEqual({ attempts_left: 0, expired_at: at(OTP_TTL_MS).toISOString() });
    // one millisecond earlier it still worked; a new code works again
    const sessionB = await newSession();
    await send(sessionB);
    expect(await verifyOtp({ db, sessionId: sessionB, step: "phone", code: "123456", now: at(OTP_TTL_MS - 1) })).toMatchObject({ verified: true });
    await send(sessionId, { now: at(OTP_TTL_MS + 1) });
    expect(await verifyOtp({ db, sessionId, step: "phone", code: "123456", now: at(OTP_TTL_MS + 2) })).toMatchObject({ verified: true });
  });

  it("locks after 5 wrong codes for 15 minutes, refusing even the right code and new sends", async () => {
    const sessionId = await newSession();
    await send(sessionId);
    for (let i = 1; i <= 4; i++) {
      const err = await domainError(verifyOtp({ db, sessionId, step: "phone", code: "11111" + i, now: at(i * 1000) }));
      expect(err).toMatchObject({ code: "otp_invalid", param: "code", status: 400, details: { attempts_left: 5 - i } });
    }
    const fifth = await domainError(verifyOtp({ db, sessionId, step: "phone", code: "999999", now: at(5_000) }));
    const lockedUntil = at(5_000 + OTP_LOCK_MS);
    expect(fifth).toMatchObject({ code: "otp_locked", status: 429, details: { attempts_left: 0, retry_after: 900, locked_until: lockedUntil.toISOString() } });

    const right = await domainError(verifyOtp({ db, sessionId, step: "phone", code: "123456", now: at(6_000) }));
    expect(right).toMatchObject({ code: "otp_locked", details: { attempts_left: 0, retry_after: 899 } });
    const resend = await domainError(send(sessionId, { now: at(60_000) }));
    expect(resend).toMatchObject({ code: "otp_locked" });
    expect((await db.otpChallenge.findFirstOrThrow({ where: { sessionId } })).attempts).toBe(5);

    // after the cool-down the old code has expired; a new one can be sent and used
    const after = await domainError(verifyOtp({ db, sessionId, step: "phone", code: "123456", now: lockedUntil }));
    expect(after.code).toBe("otp_expired");
    await send(sessionId, { now: lockedUntil });
    expect(await verifyOtp({ db, sessionId, step: "phone", code: "123456", now: at(5_000 + OTP_LOCK_MS + 1_000) })).toMatchObject({ verified: true });
  });

  it("does not count a malformed code as an attempt", async () => {
    const sessionId = await newSession();
    await send(sessionId);
    for (const code of ["12345", "1234567", "abcdef", ""]) {
      expect(await domainError(verifyOtp({ db, sessionId, step: "phone", code, now: at(1_000) }))).toMatchObject({ code: "parameter_invalid", param: "code" });
    }
    expect((await db.otpChallenge.findFirstOrThrow({ where: { sessionId } })).attempts).toBe(0);
  });

  it("treats a session of another project or mode, or an unknown one, as not found", async () => {
    const sessionId = await newSession();
    expect(await domainError(send(sessionId, { projectId: "proj_other" }))).toMatchObject({ code: "resource_missing", status: 404 });
    expect(await domainError(send(sessionId, { mode: "live" }))).toMatchObject({ code: "resource_missing" });
    expect(await domainError(send("ses_missing"))).toMatchObject({ code: "resource_missing" });
    expect(await domainError(verifyOtp({ db, sessionId: "ses_missing", step: "phone", code: "123456" }))).toMatchObject({ code: "resource_missing" });
    expect(await db.otpChallenge.count({ where: { sessionId } })).toBe(0);
  });

  it("answers verify before any send with otp_not_sent", async () => {
    const sessionId = await newSession();
    expect(await domainError(verifyOtp({ db, sessionId, step: "phone", code: "123456" }))).toMatchObject({ code: "otp_not_sent", type: "conflict_error" });
  });
});
