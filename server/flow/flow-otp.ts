/**
 * One-time codes of the steps verified by a code (`StepType.otp`: `phone` and `email`, issue 4),
 * on top of server/otp: send a code to what the applicant typed, then verify it; a verified
 * code submits the step with `{ phone | email, challenge_id }` (server/steps/otp/otp-step.ts
 * plans in.phone.verify / in.email.verify from it).
 */
import type { Db } from "../db";
import { sendOtp } from "../otp/send-otp";
import { verifyOtp } from "../otp/verify-otp";
import { type FlowContext, loadEditableSession, openStep, validationError } from "./flow-session";
import { otpStepData } from "../steps/otp/otp-step";
import { otpDestinationInput, ZOtpCodeInput } from "../steps/otp/otp.schemas";
import { stepType, stepTypesWith } from "../steps/registry";
import { recordStep } from "./submit-step";

/** The step types verified by a one-time code. */
const OTP_STEP_TYPES = stepTypesWith("otp");

/** The channel of an open OTP step (openStep refused any other type). */
const channelOf = (type: string) => stepType(type)!.otp!;

export interface FlowOtpSent {
  /** Where the code went, masked: `+91 ••••• ••210`, `r•••@example.com`. */
  destination_masked: string;
  /** Seconds until a new code may be requested (30 after sending). */
  resend_in_seconds: number;
  /** Seconds until the code stops working (10 minutes after sending). */
  expires_in_seconds: number;
}

/**
 * Sends a code for `stepName` to `payload.destination` (an Indian mobile number or an email
 * address, by the step's type), in the session's language; an empty payload sends a new code to
 * the destination of the step's last code. Durations are relative to the
 * server's clock, so a phone with a wrong clock still counts down correctly.
 * @throws DomainError parameter_invalid (`param: "destination"`, message an i18n key),
 *   otp_resend_too_soon / otp_locked (429, `details.retry_after`), otp_delivery_failed (502),
 *   session_not_editable, step_not_available, client_token_invalid.
 */
export async function sendStepOtp(db: Db, ctx: FlowContext, stepName: string, payload: unknown): Promise<FlowOtpSent> {
  const s = await loadEditableSession(db, ctx);
  const step = openStep(s, stepName, OTP_STEP_TYPES);
  const channel = channelOf(step.type);
  // "send a new code" after a reload: no destination, the step's current challenge's is reused
  const resend = payload && typeof payload === "object" && Object.keys(payload).length === 0;
  const previous = resend
    ? await db.otpChallenge.findFirst({ where: { sessionId: s.id, step: step.name }, orderBy: { createdAt: "desc" }, select: { destination: true } })
    : null;
  const parsed = otpDestinationInput(channel).safeParse(previous ? { destination: previous.destination } : payload);
  if (!parsed.success) throw validationError(parsed.error);
  const now = new Date();
  const sent = await sendOtp({
    db,
    projectId: s.projectId,
    mode: s.mode,
    sessionId: s.id,
    step: step.name,
    channel,
    destination: parsed.data.destination,
    locale: s.locale,
    now,
  });
  const secondsUntil = (iso: string) => Math.max(0, Math.ceil((Date.parse(iso) - now.getTime()) / 1000));
  return {
    destination_masked: sent.destination_masked,
    resend_in_seconds: secondsUntil(sent.resend_available_at),
    expires_in_seconds: secondsUntil(sent.expires_at),
  };
}

/**
 * Verifies the code of `stepName` and, when right, submits the step.
 * @throws DomainError parameter_invalid (`param: "code"`, i18n key `code_invalid`), otp_invalid
 *   (`details.attempts_left`), otp_expired, otp_locked (`details.retry_after`), otp_not_sent,
 *   session_not_editable, step_not_available, client_token_invalid.
 */
export async function verifyStepOtp(db: Db, ctx: FlowContext, stepName: string, payload: unknown): Promise<{ verified: true }> {
  const s = await loadEditableSession(db, ctx);
  const step = openStep(s, stepName, OTP_STEP_TYPES);
  const parsed = ZOtpCodeInput.safeParse(payload);
  if (!parsed.success) throw validationError(parsed.error);
  const result = await verifyOtp({ db, sessionId: s.id, step: step.name, code: parsed.data.code });
  await recordStep(db, ctx, s, step, otpStepData(channelOf(step.type), result.destination, result.challenge_id), "otp");
  return { verified: true };
}
