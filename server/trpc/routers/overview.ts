import "server-only";
/** Dashboard: the overview page of a project and mode (every role). */
import { getProjectOverview } from "../../projects/project-overview";
import { ZOverviewRequest, ZProjectOverview } from "../../projects/project-overview.schemas";
import { createTRPCRouter, projectProcedure } from "../init";

export const overviewRouter = createTRPCRouter({
  get: projectProcedure()
    .input(ZOverviewRequest)
    .output(ZProjectOverview)
    .query(({ ctx, input }) => getProjectOverview(ctx.db, ctx.tenant, { days: input.days, timeZone: input.timeZone })),
});
