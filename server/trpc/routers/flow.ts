import "server-only";
/** The hosted applicant flow (client token auth): state, start, submit a step. */
import { z } from "zod";
import { getFlowState, startFlow, submitStep } from "../../flow/flow";
import { createTRPCRouter, flowProcedure } from "../init";

const ZSessionInput = z.object({ sessionId: z.string().min(1) });

export const flowRouter = createTRPCRouter({
  state: flowProcedure.input(ZSessionInput).query(({ ctx, input }) => getFlowState(ctx.db, { sessionId: input.sessionId, token: ctx.token })),
  start: flowProcedure
    .input(ZSessionInput)
    .mutation(({ ctx, input }) => startFlow(ctx.db, { sessionId: input.sessionId, token: ctx.token, ip: ctx.ip, userAgent: ctx.userAgent })),
  submitStep: flowProcedure
    .input(ZSessionInput.extend({ step: z.string().min(1), values: z.record(z.string(), z.unknown()) }))
    .mutation(({ ctx, input }) =>
      submitStep(ctx.db, { sessionId: input.sessionId, token: ctx.token, ip: ctx.ip, userAgent: ctx.userAgent }, input.step, input.values),
    ),
});
