/**
 * Checks a code against the current challenge of a session step (issue 4). Five wrong codes
 * lock the challenge for 15 minutes (OTP_LOCK_MS), during which even the right code is
 * refused; the lock outlasts the code's 10-minute life, so afterwards a new code is needed.
 */
import type { Db } from "../db";
import { DomainError, fromZodError, notFound } from "../errors";
import { OTP_LOCK_MS, OTP_MAX_ATTEMPTS, otpCodeMatches } from "./otp-code";
import { currentChallenge, lockOtpSession, markVerified, recordWrongCode } from "./otp.queries";
import { type TOtpChannel, ZOtpCode } from "./otp.schemas";

export interface VerifyOtpInput {
  db: Db;
  sessionId: string;
  step: string;
  /** As typed by the applicant; must be 6 digits. */
  code: string;
  /** Clock, for tests. */
  now?: Date;
}

/**
 * For the domain caller (the flow step), which records the verified destination; the UI gets
 * only `{ verified: true }` (parse through ZVerifyOtpResponse).
 */
export interface VerifyOtpResult {
  verified: true;
  challenge_id: string;
  channel: TOtpChannel;
  /** Normalized destination the code was sent to: `+91XXXXXXXXXX` or an email address. */
  destination: string;
}

/** `otp_locked` until `lockedUntil`: `details: { attempts_left: 0, retry_after (seconds), locked_until }`. */
export function lockedError(lockedUntil: Date, now: Date): DomainError {
  const retryAfter = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return new DomainError("otp_locked", `Too many wrong codes. Try again in ${Math.ceil(retryAfter / 60)} minutes.`, {
    param: "code",
    details: { attempts_left: 0, retry_after: retryAfter, locked_until: lockedUntil.toISOString() },
  });
}

type Outcome =
  | { kind: "ok"; result: VerifyOtpResult }
  | { kind: "not_sent" }
  | { kind: "locked"; until: Date }
  | { kind: "expired"; at: Date }
  | { kind: "wrong"; attemptsLeft: number };

/**
 * Verifies `code` for `step` of the session. Verifying an already verified challenge with its
 * code again answers `verified: true` (a retried request). Each wrong code is counted (and
 * committed) before the error is thrown.
 * @returns `{ verified: true, challenge_id, channel, destination }`
 * @throws DomainError
 *   - `parameter_invalid` (400, `param: "code"`): not 6 digits (not counted as an attempt).
 *   - `resource_missing` (404): no such session.
 *   - `otp_not_sent` (409): no code was sent for this step (or its delivery failed).
 *   - `otp_expired` (400): more than 10 minutes since the send; `details: { attempts_left: 0, expired_at }`.
 *   - `otp_invalid` (400, `param: "code"`): wrong code; `details: { attempts_left }` (1-4).
 *   - `otp_locked` (429): the 5th wrong code, or any code during the 15-minute cool-down;
 *     `details: { attempts_left: 0, retry_after, locked_until }`.
 */
export async function verifyOtp(input: VerifyOtpInput): Promise<VerifyOtpResult> {
  const { db, sessionId, step } = input;
  const now = input.now ?? new Date();
  const parsed = ZOtpCode.safeParse(input.code);
  if (!parsed.success) throw fromZodError(parsed.error, "code");
  const code = parsed.data;

  const outcome = await db.$transaction(async (tx): Promise<Outcome> => {
    if (!(await lockOtpSession(tx, sessionId))) throw notFound("session", sessionId);
    const c = await currentChallenge(tx, sessionId, step);
    if (!c) return { kind: "not_sent" };
    if (c.lockedUntil && c.lockedUntil > now) return { kind: "locked", until: c.lockedUntil };
    if (!c.verifiedAt && c.expiresAt <= now) return { kind: "expired", at: c.expiresAt };
    if (otpCodeMatches(c.id, code, c.codeHash)) {
      if (!c.verifiedAt) await markVerified(tx, c.id, now);
      return { kind: "ok", result: { verified: true, challenge_id: c.id, channel: c.channel as TOtpChannel, destination: c.destination } };
    }
    const attempts = c.attempts + 1;
    const until = attempts >= OTP_MAX_ATTEMPTS ? new Date(now.getTime() + OTP_LOCK_MS) : null;
    await recordWrongCode(tx, c.id, attempts, until);
    return until ? { kind: "locked", until } : { kind: "wrong", attemptsLeft: OTP_MAX_ATTEMPTS - attempts };
  });

  switch (outcome.kind) {
    case "ok":
      return outcome.result;
    case "not_sent":
      throw new DomainError("otp_not_sent", "No code has been sent for this step. Ask for a code first.", { param: "code" });
    case "locked":
      throw lockedError(outcome.until, now);
    case "expired":
      throw new DomainError("otp_expired", "This code has expired. Ask for a new one.", {
        param: "code",
        details: { attempts_left: 0, expired_at: outcome.at.toISOString() },
      });
    case "wrong":
      throw new DomainError("otp_invalid", `That code is not right. ${outcome.attemptsLeft} attempts left.`, {
        param: "code",
        details: { attempts_left: outcome.attemptsLeft },
      });
  }
}
