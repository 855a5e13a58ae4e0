/**
 * OTP policy and code handling. Codes are never stored: a challenge keeps
 * HMAC-SHA256(key, `<challenge id>:<code>`) in hex, keyed with a key derived from the server
 * secret (server/auth/auth-secret.ts), and a submitted code is compared in constant time.
 * Binding the challenge id into the MAC means one row's hash says nothing about another's.
 */
import { createHmac, randomInt } from "node:crypto";
import { authSecret } from "../auth/auth-secret";
import { digestsEqual } from "../crypto/hash";
import { randomBase62 } from "../ids";

/** A code stops working 10 minutes after it was sent. */
export const OTP_TTL_MS = 10 * 60_000;
/** Wrong codes allowed per challenge; the 5th wrong one locks it. */
export const OTP_MAX_ATTEMPTS = 5;
/**
 * Cool-down after the 5th wrong code: 15 minutes, during which the challenge refuses every
 * code (even the right one) and no new code can be sent for that step. It outlasts the 10-minute
 * TTL, so once it ends the applicant has to request a new code.
 */
export const OTP_LOCK_MS = 15 * 60_000;
/** A new code for the same session step can be requested 30 seconds after the previous send. */
export const OTP_RESEND_AFTER_MS = 30_000;
/** Test mode (decisions.md sandbox table): the code is always this, and nothing is sent. */
export const TEST_MODE_OTP = "123456";

/** Id of a new challenge, `otp_` + 24 base62 characters (server/ids.ts style). */
export function newChallengeId(): string {
  return `otp_${randomBase62(24)}`;
}

/** A uniformly random 6-digit code, `000000`-`999999`, from `crypto.randomInt`. */
export function generateOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

let cachedKey: { secret: string; key: Buffer } | undefined;

/** The OTP MAC key: HMAC-SHA256(server secret, "otp-code-v1"), so the raw secret is not reused as-is. */
function otpKey(): Buffer {
  const secret = authSecret();
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createHmac("sha256", secret).update("otp-code-v1").digest() };
  return cachedKey.key;
}

/** Hex HMAC-SHA256 of `code` for challenge `challengeId` (64 hex characters). */
export function hashOtpCode(challengeId: string, code: string): string {
  return createHmac("sha256", otpKey()).update(`${challengeId}:${code}`).digest("hex");
}

/** True when `code` is the code behind `codeHash` (constant-time compare of the MACs). */
export function otpCodeMatches(challengeId: string, code: string, codeHash: string): boolean {
  return digestsEqual(hashOtpCode(challengeId, code), codeHash);
}
