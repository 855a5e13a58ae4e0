/**
 * Projects in the dashboard (issue 17): owners and admins archive the projects of their
 * organization (creating one: server/organizations/create-organization.ts `createProjectIn`;
 * renaming: the project's settings, server/projects/project-settings.ts). An archived project leaves the workspace switcher and its API keys stop
 * authenticating (server/api-keys/create-api-key.ts); its sessions, evidence and audit log stay.
 * An organization keeps at least one project that is not archived. Each change is audited.
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";

/**
 * Archives project `projectId` of the organization (a no-op when it already is). The
 * organization's other active projects are locked first, so two admins archiving the last two
 * at once cannot leave none.
 * @throws DomainError resource_missing, last_project (409: the organization's only active project).
 */
export async function archiveProject(db: Db, input: { organizationId: string; projectId: string }, actor: Actor): Promise<{ archived: true }> {
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT id FROM projects WHERE organization_id = ${input.organizationId} AND archived_at IS NULL FOR UPDATE`;
    const p = await tx.project.findFirst({ where: { id: input.projectId, organizationId: input.organizationId }, select: { name: true, archivedAt: true } });
    if (!p) throw notFound("project", input.projectId, "projectId");
    if (p.archivedAt) return;
    const others = await tx.project.count({ where: { organizationId: input.organizationId, archivedAt: null, id: { not: input.projectId } } });
    if (others === 0) throw new DomainError("last_project", "This is the organization's only active project: create another before archiving it.");
    await tx.project.update({ where: { id: input.projectId }, data: { archivedAt: new Date() } });
    await writeAudit(tx, {
      actor,
      action: "project.archived",
      objectType: "project",
      objectId: input.projectId,
      projectId: input.projectId,
      organizationId: input.organizationId,
      data: { name: p.name },
    });
  });
  return { archived: true };
}
