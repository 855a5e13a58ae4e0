import "server-only";
/** Dashboard: the overview page of a project and mode (every role). */
import { getProjectOverview, ZOverviewRequest } from "../../projects/project-overview";
import { createTRPCRouter, projectProcedure } from "../init";

export const overviewRouter = createTRPCRouter({
  get: projectProcedure()
    .input(ZOverviewRequest)
    .query(({ ctx, input }) => getProjectOverview(ctx.db, ctx.tenant, { days: input.days, timeZone: input.timeZone })),
});
