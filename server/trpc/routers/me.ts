import "server-only";
/** Dashboard: the signed-in user, their organizations, roles and projects. */
import { getMe } from "../../users/user.queries";
import { ZMe } from "../../users/user.schemas";
import { createTRPCRouter, protectedProcedure } from "../init";

export const meRouter = createTRPCRouter({
  get: protectedProcedure.output(ZMe).query(({ ctx }) => getMe(ctx.db, ctx.userId)),
});
