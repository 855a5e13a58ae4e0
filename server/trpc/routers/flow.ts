import "server-only";
/**
 * The hosted applicant flow (client token auth): state, start, language, submit a step, the
 * one-time codes of `phone` / `email` steps, and the OCR pre-fill of a `documents` step. Files go through the upload route instead
 * (app/flow/[sessionId]/upload/route.ts: multipart, capped before buffering).
 */
import { z } from "zod";
import { sendStepOtp, verifyStepOtp } from "../../flow/flow-otp";
import type { FlowContext } from "../../flow/flow-session";
import { getFlowState, setFlowLocale, startFlow } from "../../flow/flow-state";
import { submitStep } from "../../flow/submit-step";
import { keyPersonLink, lookupBankBranch, resendKeyPersonEmail } from "../../kyb/kyb-flow-actions";
import { ZFlowDocumentExtraction } from "../../intelligence/extraction.schemas";
import { getFlowDocumentExtraction, requestFlowDocumentExtraction } from "../../intelligence/flow-document-extraction";
import { createTRPCRouter, flowProcedure } from "../init";

const ZSessionInput = z.object({ sessionId: z.string().min(1).max(64) });
const ZStepInput = ZSessionInput.extend({ step: z.string().min(1).max(64), values: z.record(z.string(), z.unknown()) });

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
  documentExtraction: flowProcedure
    .input(ZSessionInput.extend({ step: z.string().min(1).max(64), extraction_id: z.string().min(1).max(64) }))
    .output(ZFlowDocumentExtraction)
    .query(({ ctx, input }) => getFlowDocumentExtraction(ctx.db, flowCtx(ctx, input.sessionId), input)),
});
