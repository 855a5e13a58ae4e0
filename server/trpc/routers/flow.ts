import "server-only";
/**
 * The hosted applicant flow (client token auth): state, start, language, submit a step, and the
 * one-time codes of `phone` / `email` steps. Files go through the upload route instead
 * (app/flow/[sessionId]/upload/route.ts: multipart, capped before buffering).
 */
import { z } from "zod";
import { sendStepOtp, verifyStepOtp } from "../../flow/flow-otp";
import type { FlowContext } from "../../flow/flow-session";
import { getFlowState, setFlowLocale, startFlow } from "../../flow/flow-state";
import { submitStep } from "../../flow/submit-step";
import { createTRPCRouter, flowProcedure } from "../init";

const ZSessionInput = z.object({ sessionId: z.string().min(1).max(64) });
const ZStepInput = ZSessionInput.extend({ step: z.string().min(1).max(64), values: z.record(z.string(), z.unknown()) });

const flowCtx = (ctx: { token: string; ip: string | null; userAgent: string | null }, sessionId: string): FlowContext => ({
  sessionId,
  token: ctx.token,
  ip: ctx.ip,
  userAgent: ctx.userAgent,
});

export const flowRouter = createTRPCRouter({
  state: flowProcedure.input(ZSessionInput).query(({ ctx, input }) => getFlowState(ctx.db, flowCtx(ctx, input.sessionId))),
  start: flowProcedure.input(ZSessionInput).mutation(({ ctx, input }) => startFlow(ctx.db, flowCtx(ctx, input.sessionId))),
  setLocale: flowProcedure
    .input(ZSessionInput.extend({ locale: z.string().max(8) }))
    .mutation(({ ctx, input }) => setFlowLocale(ctx.db, flowCtx(ctx, input.sessionId), input.locale)),
  submitStep: flowProcedure.input(ZStepInput).mutation(({ ctx, input }) => submitStep(ctx.db, flowCtx(ctx, input.sessionId), input.step, input.values)),
  sendOtp: flowProcedure.input(ZStepInput).mutation(({ ctx, input }) => sendStepOtp(ctx.db, flowCtx(ctx, input.sessionId), input.step, input.values)),
  verifyOtp: flowProcedure.input(ZStepInput).mutation(({ ctx, input }) => verifyStepOtp(ctx.db, flowCtx(ctx, input.sessionId), input.step, input.values)),
});
