import "server-only";
/** Dashboard: the signed-in user, their organizations, roles and projects. */
import { createTRPCRouter, protectedProcedure } from "../init";

export const meRouter = createTRPCRouter({
  get: protectedProcedure.query(async ({ ctx }) => {
    const user = await ctx.db.user.findUniqueOrThrow({
      where: { id: ctx.userId },
      select: {
        id: true,
        email: true,
        name: true,
        memberships: {
          select: {
            role: true,
            organization: { select: { id: true, name: true, slug: true, projects: { select: { id: true, slug: true, name: true }, orderBy: { createdAt: "asc" } } } },
          },
        },
      },
    });
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      organizations: user.memberships.map((m) => ({ ...m.organization, role: m.role })),
    };
  }),
});
