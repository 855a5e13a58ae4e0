import "server-only";
/**
 * Dashboard: the projects of the current project's organization. Owners and admins
 * (PERMISSIONS.manageSettings) create a project (with the India workflows) and archive the
 * current one (server/projects/manage-projects.ts); renaming is settings.update. The switcher
 * lists the projects that are not archived (me.get).
 */
import { z } from "zod";
import { createProjectIn } from "../../organizations/create-organization";
import { ZProjectName } from "../../organizations/organization.schemas";
import { archiveProject } from "../../projects/manage-projects";
import { PERMISSIONS } from "../../users/permissions";
import { createTRPCRouter, projectProcedure } from "../init";

const manage = () => projectProcedure(PERMISSIONS.manageSettings);
const userActor = (ctx: { userId: string; ip: string | null }) => ({ type: "user" as const, id: ctx.userId, ip: ctx.ip });

export const ZProjectNameInput = z.object({ name: ZProjectName });

export const projectsRouter = createTRPCRouter({
  /** A new project in the organization of the current one; the dashboard switches to it. */
  create: manage()
    .input(ZProjectNameInput)
    .output(z.object({ id: z.string(), slug: z.string(), name: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { id, slug, name } = await createProjectIn(ctx.db, { organizationId: ctx.organizationId, name: input.name }, userActor(ctx));
      return { id, slug, name };
    }),
  archive: manage()
    .output(z.object({ archived: z.literal(true) }))
    .mutation(({ ctx }) => archiveProject(ctx.db, { organizationId: ctx.organizationId, projectId: ctx.tenant.projectId }, userActor(ctx))),
});
