import "server-only";
/**
 * Dashboard: the KYB tree of a business and its key people (components/dashboard/kyb/business-tree.tsx),
 * and a reviewer's withdrawal or replacement of a key person's invitation link.
 */
import { z } from "zod";
import { getBusinessTree } from "../../kyb/business-tree";
import { changeKeyPersonInviteIn } from "../../kyb/key-people";
import { createTRPCRouter, projectProcedure } from "../init";
import { PERMISSIONS } from "../../users/permissions";

export const kybRouter = createTRPCRouter({
  tree: projectProcedure(PERMISSIONS.readProject)
    .input(z.object({ id: z.string().min(1).max(64) }))
    .query(({ ctx, input }) => getBusinessTree(ctx.db, ctx.tenant, input.id)),
  /** Withdraws (`revoke`) or replaces (`rotate`) the invitation of the key person's session `id`; audited as the user. */
  changeInvite: projectProcedure(PERMISSIONS.decideSessions)
    .input(z.object({ id: z.string().min(1).max(64), change: z.enum(["revoke", "rotate"]) }))
    .output(z.object({ url: z.url().nullable() }))
    .mutation(({ ctx, input }) =>
      changeKeyPersonInviteIn(ctx.db, { tenant: ctx.tenant }, input.id, input.change, { type: "user", id: ctx.userId, ip: ctx.ip }),
    ),
});
