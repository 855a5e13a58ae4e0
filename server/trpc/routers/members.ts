import "server-only";
/**
 * Dashboard: the members of the project's organization. Everyone sees the member list;
 * owners and admins invite, change roles and remove (members.ts and invitations.ts hold the
 * owner rules).
 */
import { z } from "zod";
import { ZChangeRoleRequest, ZInviteMemberRequest } from "../../users/account.schemas";
import { inviteMember, listInvitations, revokeInvitation } from "../../users/invitations";
import { changeMemberRole, listMembers, removeMember } from "../../users/members";
import { PERMISSIONS } from "../../users/permissions";
import { ZInvitation, ZInviteResult, ZMember } from "../../users/user.schemas";
import { createTRPCRouter, projectProcedure } from "../init";

const manage = projectProcedure(PERMISSIONS.manageMembers);

export const membersRouter = createTRPCRouter({
  list: projectProcedure()
    .output(z.array(ZMember))
    .query(({ ctx }) => listMembers(ctx.db, ctx.organizationId)),
  invitations: manage.output(z.array(ZInvitation)).query(({ ctx }) => listInvitations(ctx.db, ctx.organizationId)),
  invite: manage
    .input(ZInviteMemberRequest)
    .output(ZInviteResult)
    .mutation(({ ctx, input }) =>
      inviteMember(ctx.db, {
        organizationId: ctx.organizationId,
        email: input.email,
        role: input.role,
        actor: { type: "user", id: ctx.userId, ip: ctx.ip },
        actorRole: ctx.role,
      }),
    ),
  revokeInvitation: manage
    .input(z.object({ invitationId: z.string().min(1) }))
    .mutation(({ ctx, input }) =>
      revokeInvitation(ctx.db, { organizationId: ctx.organizationId, invitationId: input.invitationId, actor: { type: "user", id: ctx.userId, ip: ctx.ip } }),
    ),
  changeRole: manage
    .input(ZChangeRoleRequest)
    .output(ZMember)
    .mutation(({ ctx, input }) =>
      changeMemberRole(ctx.db, {
        organizationId: ctx.organizationId,
        userId: input.userId,
        role: input.role,
        actor: { type: "user", id: ctx.userId, ip: ctx.ip },
        actorRole: ctx.role,
      }),
    ),
  remove: manage.input(z.object({ userId: z.string().min(1) })).mutation(({ ctx, input }) =>
    removeMember(ctx.db, {
      organizationId: ctx.organizationId,
      userId: input.userId,
      actor: { type: "user", id: ctx.userId, ip: ctx.ip },
      actorRole: ctx.role,
    }),
  ),
});
