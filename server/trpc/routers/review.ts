import "server-only";
/** Dashboard: a reviewer decides a session (the same domain call as POST /v1/sessions/{id}/decision). */
import { z } from "zod";
import { decideSession } from "../../sessions/decide-session";
import { REVIEW_REASON_CODES } from "../../sessions/reason-codes";
import { ZDecisionRequest } from "../../sessions/session.schemas";
import { PERMISSIONS } from "../../users/permissions";
import { createTRPCRouter, projectProcedure } from "../init";

export const reviewRouter = createTRPCRouter({
  reasonCodes: projectProcedure().query(() => REVIEW_REASON_CODES),
  decide: projectProcedure(PERMISSIONS.decideSessions)
    // tRPC merges this with projectProcedure's { projectId, mode }: a strict schema would refuse them.
    .input(z.object({ ...ZDecisionRequest.shape, id: z.string().min(1) }))
    .mutation(({ ctx, input }) => {
      const { id, ...decision } = input;
      return decideSession(ctx.db, ctx.tenant, id, decision, { type: "user", id: ctx.userId, ip: ctx.ip });
    }),
});
