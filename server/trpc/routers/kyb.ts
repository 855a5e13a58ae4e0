import "server-only";
/** Dashboard: the KYB tree of a business and its key people (components/dashboard/kyb/business-tree.tsx). */
import { z } from "zod";
import { getBusinessTree } from "../../kyb/business-tree";
import { createTRPCRouter, projectProcedure } from "../init";
import { PERMISSIONS } from "../../users/permissions";

export const kybRouter = createTRPCRouter({
  tree: projectProcedure(PERMISSIONS.readProject)
    .input(z.object({ id: z.string().min(1).max(64) }))
    .query(({ ctx, input }) => getBusinessTree(ctx.db, ctx.tenant, input.id)),
});
