import "server-only";
/** Dashboard: sessions table (with the sessions whose periodic re-KYC review is due) and the case view. */
import { z } from "zod";
import { ZSessionList, ZSessionStatus } from "../../sessions/session.schemas";
import { getSessionCase } from "../../sessions/session-case";
import { ZSessionCase } from "../../sessions/session-case.schemas";
import { listSessions } from "../../sessions/list-sessions";
import { ZRiskLevel } from "../../workflows/workflow.schemas";
import { createTRPCRouter, projectProcedure } from "../init";

export const sessionsRouter = createTRPCRouter({
  list: projectProcedure()
    .input(
      z.object({
        status: ZSessionStatus.optional(),
        riskLevel: ZRiskLevel.optional(),
        /** approved sessions whose periodic re-KYC review is due */
        reviewDue: z.boolean().optional(),
        limit: z.number().int().min(1).max(100).default(25),
        startingAfter: z.string().optional(),
      }),
    )
    .output(ZSessionList)
    .query(({ ctx, input }) =>
      listSessions(ctx.db, ctx.tenant, {
        limit: input.limit,
        status: input.status,
        risk_level: input.riskLevel,
        review_due: input.reviewDue,
        starting_after: input.startingAfter,
      }),
    ),
  get: projectProcedure()
    .input(z.object({ id: z.string().min(1) }))
    .output(ZSessionCase)
    .query(({ ctx, input }) => getSessionCase(ctx.db, ctx.tenant, input.id, { type: "user", id: ctx.userId, ip: ctx.ip })),
});
