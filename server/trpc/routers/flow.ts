import "server-only";
/**
 * The hosted applicant flow (client token auth): state, start, language, submit a step, the
 * one-time codes of `phone` / `email` steps, the DigiLocker authorization of a `digilocker` step, the
 * UPI payment of a reverse penny drop `bank_account` step, and the OCR pre-fill of a `documents` step. Files go through the upload route instead
 * (app/flow/[sessionId]/upload/route.ts: multipart, capped before buffering).
 */
import { z } from "zod";
import { startDigilocker } from "../../digilocker/digilocker-authorization";
import { judgeLivenessAttempt, startLivenessChallenge } from "../../flow/flow-liveness";
import { sendStepOtp, verifyStepOtp } from "../../flow/flow-otp";
import type { FlowContext } from "../../flow/flow-session";
import { claimHandoff, createHandoff, HANDOFF_CODE_LENGTH, takeOverFlow } from "../../flow/flow-handoff";
import { getFlowState, setFlowLocale, startFlow } from "../../flow/flow-state";
import { submitStep } from "../../flow/submit-step";
import { startUpiPayment, upiPaymentStatus } from "../../steps/bank-account/upi-payment";
import { enterCkycOtp, startCkycOtp } from "../../steps/ckyc/ckyc-otp";
import { ZCkycOtpView } from "../../steps/ckyc/ckyc.schemas";
import { changeKeyPersonInviteFromFlow, keyPersonLink, lookupBankBranch, resendKeyPersonEmail } from "../../kyb/kyb-flow-actions";
import { MAX_INVITE_TOKEN_LENGTH, openKeyPersonInvite } from "../../kyb/key-person-invite";
import { clientIp } from "../../http/client-ip";
import { ZFlowDocumentExtraction } from "../../intelligence/extraction.schemas";
import { LIVENESS_ACTIONS } from "../../intelligence/face/liveness/liveness-judge";
import { getFlowDocumentExtraction, requestFlowDocumentExtraction } from "../../intelligence/flow-document-extraction";
import { createTRPCRouter, flowProcedure, publicProcedure } from "../init";

const ZSessionInput = z.object({ sessionId: z.string().min(1).max(64) });
const ZStepInput = ZSessionInput.extend({ step: z.string().min(1).max(64), values: z.record(z.string(), z.unknown()) });

const ZUpiPayment = z.object({
  check_id: z.string(),
  state: z.enum(["pending", "expired", "failed", "done"]),
  upi_link: z.string().nullable(),
  valid_upto: z.string().nullable(),
  amount: z.string(),
  account_number_masked: z.string().nullable(),
  bank_name: z.string().nullable(),
  submitted: z.boolean(),
});

const ZChildInput = ZSessionInput.extend({ childSessionId: z.string().min(1).max(64) });

const flowCtx = (ctx: { token: string; ip: string | null; userAgent: string | null }, sessionId: string): FlowContext => ({
  sessionId,
  token: ctx.token,
  ip: ctx.ip,
  userAgent: ctx.userAgent,
});

export const flowRouter = createTRPCRouter({
  lookupIfsc: flowProcedure
    .input(ZSessionInput.extend({ ifsc: z.string().max(20) }))
    .query(({ ctx, input }) => lookupBankBranch(ctx.db, flowCtx(ctx, input.sessionId), input.ifsc)),
  keyPersonLink: flowProcedure.input(ZChildInput).mutation(({ ctx, input }) => keyPersonLink(ctx.db, flowCtx(ctx, input.sessionId), input.childSessionId)),
  resendKeyPersonEmail: flowProcedure
    .input(ZChildInput)
    .mutation(({ ctx, input }) => resendKeyPersonEmail(ctx.db, flowCtx(ctx, input.sessionId), input.childSessionId)),
  /** The business withdraws (`revoke`) or replaces (`rotate`) a key person's invitation. */
  changeKeyPersonInvite: flowProcedure
    .input(ZChildInput.extend({ change: z.enum(["revoke", "rotate"]) }))
    .mutation(({ ctx, input }) => changeKeyPersonInviteFromFlow(ctx.db, flowCtx(ctx, input.sessionId), input.childSessionId, input.change)),
  /**
   * A key person's invitation link opened (app/flow/[sessionId]/invite/page.tsx): authenticated
   * by the invite token itself (from the link's fragment, posted in the body). `takeOver` is the
   * person's "continue here" after an `in_use` answer.
   */
  openInvite: publicProcedure
    .input(ZSessionInput.extend({ invite: z.string().max(MAX_INVITE_TOKEN_LENGTH), takeOver: z.boolean().optional() }))
    .mutation(({ ctx, input }) => openKeyPersonInvite(ctx.db, input.sessionId, input.invite, clientIp(ctx.headers), { takeOver: input.takeOver })),
  /** "Continue on your phone": a short link (and its expiry) that opens this session on another device. */
  createHandoff: flowProcedure
    .input(ZSessionInput)
    .output(z.object({ url: z.string(), code: z.string(), expiresAt: z.string() }))
    .mutation(({ ctx, input }) => createHandoff(ctx.db, flowCtx(ctx, input.sessionId))),
  /** The phone opened a handoff link (app/h/[code]/page.tsx): authenticated by the link's code itself. */
  claimHandoff: publicProcedure
    .input(z.object({ code: z.string().max(HANDOFF_CODE_LENGTH * 2) }))
    .output(z.object({ sessionId: z.string(), token: z.string() }))
    .mutation(({ ctx, input }) => claimHandoff(ctx.db, input.code, clientIp(ctx.headers))),
  /** "Continue here": this device becomes the one that submits (the other is told so). */
  takeOver: flowProcedure
    .input(ZSessionInput)
    .output(z.object({ active: z.literal(true) }))
    .mutation(({ ctx, input }) => takeOverFlow(ctx.db, flowCtx(ctx, input.sessionId))),
  state: flowProcedure.input(ZSessionInput).query(({ ctx, input }) => getFlowState(ctx.db, flowCtx(ctx, input.sessionId))),
  start: flowProcedure.input(ZSessionInput).mutation(({ ctx, input }) => startFlow(ctx.db, flowCtx(ctx, input.sessionId))),
  setLocale: flowProcedure
    .input(ZSessionInput.extend({ locale: z.string().max(8) }))
    .mutation(({ ctx, input }) => setFlowLocale(ctx.db, flowCtx(ctx, input.sessionId), input.locale)),
  submitStep: flowProcedure.input(ZStepInput).mutation(({ ctx, input }) => submitStep(ctx.db, flowCtx(ctx, input.sessionId), input.step, input.values)),
  sendOtp: flowProcedure.input(ZStepInput).mutation(({ ctx, input }) => sendStepOtp(ctx.db, flowCtx(ctx, input.sessionId), input.step, input.values)),
  verifyOtp: flowProcedure.input(ZStepInput).mutation(({ ctx, input }) => verifyStepOtp(ctx.db, flowCtx(ctx, input.sessionId), input.step, input.values)),
  /** Queues the OCR of the documents step's uploaded files (server/intelligence/flow-document-extraction.ts). */
  extractDocument: flowProcedure
    .input(
      ZSessionInput.extend({ step: z.string().min(1).max(64), document_type: z.string().min(1).max(64), files: z.array(z.string().max(64)).min(1).max(10) }),
    )
    .output(ZFlowDocumentExtraction.nullable())
    .mutation(({ ctx, input }) => requestFlowDocumentExtraction(ctx.db, flowCtx(ctx, input.sessionId), input)),
  /** Starts a `digilocker` step's authorization: the DigiLocker page to open in this tab (server/digilocker/). */
  startDigilocker: flowProcedure
    .input(ZSessionInput.extend({ step: z.string().min(1).max(64) }))
    .output(z.object({ url: z.string() }))
    .mutation(({ ctx, input }) => startDigilocker(ctx.db, flowCtx(ctx, input.sessionId), input.step)),
  /** Starts a reverse penny drop `bank_account` step's ₹1 UPI payment request (server/steps/bank-account/upi-payment.ts). */
  startUpiPayment: flowProcedure
    .input(ZSessionInput.extend({ step: z.string().min(1).max(64) }))
    .output(ZUpiPayment)
    .mutation(({ ctx, input }) => startUpiPayment(ctx.db, flowCtx(ctx, input.sessionId), input.step)),
  /** The UPI payment request's state, read from the payment vendor while it is pending (the page polls it). */
  upiPaymentStatus: flowProcedure
    .input(ZSessionInput.extend({ step: z.string().min(1).max(64), check_id: z.string().min(1).max(64) }))
    .output(ZUpiPayment)
    .query(({ ctx, input }) => upiPaymentStatus(ctx.db, flowCtx(ctx, input.sessionId), input.step, input.check_id)),
  /** Starts an OTP `ckyc` step's download: searches CKYCR by the PAN and has the registry send its code (server/steps/ckyc/ckyc-otp.ts). */
  startCkycOtp: flowProcedure
    .input(ZStepInput)
    .output(ZCkycOtpView)
    .mutation(({ ctx, input }) => startCkycOtp(ctx.db, flowCtx(ctx, input.sessionId), input.step, input.values)),
  /** Takes the registry's code for the step's download, or sends a new one. */
  enterCkycOtp: flowProcedure
    .input(ZStepInput)
    .output(ZCkycOtpView)
    .mutation(({ ctx, input }) => enterCkycOtp(ctx.db, flowCtx(ctx, input.sessionId), input.step, input.values)),
  /** Issues the selfie step's next liveness challenge (server/flow/flow-liveness.ts); its frames go through the upload route with the nonce. */
  livenessChallenge: flowProcedure
    .input(ZSessionInput.extend({ step: z.string().min(1).max(64) }))
    .output(
      z.object({
        id: z.string(),
        nonce: z.string(),
        actions: z.array(z.enum(LIVENESS_ACTIONS)),
        expires_at: z.string(),
        attempt: z.number().int(),
        max_attempts: z.number().int(),
      }),
    )
    .mutation(({ ctx, input }) => startLivenessChallenge(ctx.db, flowCtx(ctx, input.sessionId), input.step)),
  /** The server's verdict on a liveness challenge's frames (judged once). */
  livenessVerdict: flowProcedure
    .input(ZSessionInput.extend({ step: z.string().min(1).max(64), challenge_id: z.string().min(1).max(64), selfie_file_id: z.string().min(1).max(64) }))
    .output(
      z.object({
        status: z.enum(["passed", "failed", "needs_review"]),
        error_code: z.string().nullable(),
        attempt: z.number().int(),
        attempts_left: z.number().int(),
      }),
    )
    .mutation(({ ctx, input }) =>
      judgeLivenessAttempt(ctx.db, flowCtx(ctx, input.sessionId), input.step, { challengeId: input.challenge_id, selfieFileId: input.selfie_file_id }),
    ),
  documentExtraction: flowProcedure
    .input(ZSessionInput.extend({ step: z.string().min(1).max(64), extraction_id: z.string().min(1).max(64) }))
    .output(ZFlowDocumentExtraction)
    .query(({ ctx, input }) => getFlowDocumentExtraction(ctx.db, flowCtx(ctx, input.sessionId), input)),
});
