/**
 * Sends a one-time code for a `phone` or `email` step (issue 4). Rules (otp-code.ts): 6 digits
 * from `crypto.randomInt`, stored only as an HMAC, valid 10 minutes, a new code at most every
 * 30 seconds, and each send supersedes the step's previous code. Test mode: the code is always
 * `123456` and nothing is sent.
 */
import type { Db } from "../db";
import { DomainError, fromZodError, notFound } from "../errors";
import type { Mode } from "../generated/prisma/enums";
import { createMsg91SmsSender } from "./msg91-sms-sender";
import { OTP_RESEND_AFTER_MS, OTP_TTL_MS, TEST_MODE_OTP, generateOtpCode, hashOtpCode, newChallengeId } from "./otp-code";
import { otpDeliveryConfig } from "./otp-config";
import { otpLocale } from "./otp-messages";
import { type OtpSender, type OtpSenders, deliveryFailed } from "./otp-sender";
import { toSendOtpResponse } from "./otp.dto";
import { currentChallenge, deleteChallenge, lockOtpSession, replaceChallenge } from "./otp.queries";
import { type TOtpChannel, type TSendOtpResponse, destinationSchema } from "./otp.schemas";
import { createSmtpEmailSender } from "./smtp-email-sender";
import { lockedError } from "./verify-otp";

export interface SendOtpInput {
  db: Db;
  /** Tenant of the session: a session of another project or mode is "not found". */
  projectId: string;
  mode: Mode;
  sessionId: string;
  /** Step name in the session (the key of `session.steps`). */
  step: string;
  channel: TOtpChannel;
  /** As typed: an Indian mobile number (normalized to `+91XXXXXXXXXX`) or an email address. */
  destination: string;
  /** Flow locale of the message (`en`, `hi`; anything else falls back to `en`). */
  locale: string;
  /** Clock, for tests. */
  now?: Date;
  /** Live-mode senders per channel; default: SMTP / MSG91 from otpDeliveryConfig(). */
  senders?: Partial<OtpSenders>;
}

/** The live sender of `channel` from the environment (otp-config.ts). */
function defaultSender(channel: TOtpChannel): OtpSender {
  const config = otpDeliveryConfig();
  if (channel === "email") {
    return config.email
      ? createSmtpEmailSender(config.email)
      : { send: (m) => Promise.reject(deliveryFailed("email", "not_configured", "SMTP_URL/EMAIL_FROM unset", m.challengeId)) };
  }
  return config.sms
    ? createMsg91SmsSender(config.sms)
    : { send: (m) => Promise.reject(deliveryFailed("phone", "not_configured", "MSG91_* unset", m.challengeId)) };
}

/**
 * Creates a challenge for `step` of the session and, in live mode, delivers its code (after
 * the row is committed; a failed delivery deletes the row, so the applicant can retry at once).
 * Returns `{ challenge_id, channel, destination_masked, expires_at, resend_available_at }`
 * (ISO 8601 timestamps).
 * @throws DomainError
 *   - `parameter_invalid` (400, `param: "destination"` or `"step"`): not an Indian mobile number / email address.
 *   - `resource_missing` (404): no such session in this project and mode.
 *   - `otp_resend_too_soon` (429): less than 30 s since the last send;
 *     `details: { retry_after (seconds, integer), resend_available_at }`.
 *   - `otp_locked` (429): the step's code is in its 15-minute cool-down after 5 wrong attempts;
 *     `details: { attempts_left: 0, retry_after, locked_until }`.
 *   - `otp_delivery_failed` (502): the SMTP server or SMS provider did not take the message;
 *     `details: { channel, reason }` (see OtpDeliveryFailure).
 */
export async function sendOtp(input: SendOtpInput): Promise<TSendOtpResponse> {
  const { db, projectId, mode, sessionId, step, channel } = input;
  const now = input.now ?? new Date();
  if (typeof step !== "string" || step.length === 0 || step.length > 64) {
    throw new DomainError("parameter_invalid", "Invalid step.", { param: "step" });
  }
  const parsed = destinationSchema(channel).safeParse(input.destination);
  if (!parsed.success) throw fromZodError(parsed.error, "destination");
  const destination = parsed.data;

  const live = mode === "live";
  const code = live ? generateOtpCode() : TEST_MODE_OTP;
  const id = newChallengeId();
  const row = {
    id,
    projectId,
    sessionId,
    step,
    channel,
    destination,
    codeHash: hashOtpCode(id, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    sentAt: now,
  };

  const projectName = await db.$transaction(async (tx) => {
    const session = await lockOtpSession(tx, sessionId);
    if (!session || session.projectId !== projectId || session.mode !== mode) throw notFound("session", sessionId);
    const previous = await currentChallenge(tx, sessionId, step);
    if (previous?.lockedUntil && previous.lockedUntil > now) throw lockedError(previous.lockedUntil, now);
    if (previous) {
      const availableAt = new Date(previous.sentAt.getTime() + OTP_RESEND_AFTER_MS);
      if (availableAt > now) {
        const retryAfter = Math.ceil((availableAt.getTime() - now.getTime()) / 1000);
        throw new DomainError("otp_resend_too_soon", `Please wait ${retryAfter} seconds before asking for a new code.`, {
          details: { retry_after: retryAfter, resend_available_at: availableAt.toISOString() },
        });
      }
    }
    await replaceChallenge(tx, row);
    return session.project.name;
  });

  if (live) {
    try {
      const sender = input.senders?.[channel] ?? defaultSender(channel);
      await sender.send({
        channel,
        to: destination,
        code,
        locale: otpLocale(input.locale),
        projectName,
        expiresInMinutes: OTP_TTL_MS / 60_000,
        challengeId: id,
      });
    } catch (err) {
      await deleteChallenge(db, id);
      throw err;
    }
  }
  return toSendOtpResponse(row);
}
