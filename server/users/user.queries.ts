/**
 * Reads about the signed-in user for the dashboard's transport: who they are with their
 * organizations and projects (me.get), and their role in a project's organization (the
 * membership check of every project procedure, server/trpc/init.ts).
 */
import type { Db } from "../db";
import type { Role } from "../generated/prisma/enums";
import type { TMe } from "./user.schemas";

/** The user `userId` with every organization they belong to and its projects that are not archived. @throws Prisma's NotFoundError for an unknown user. */
export async function getMe(db: Db, userId: string): Promise<TMe> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      name: true,
      memberships: {
        select: {
          role: true,
          organization: {
            select: {
              id: true,
              name: true,
              slug: true,
              projects: { where: { archivedAt: null }, select: { id: true, slug: true, name: true }, orderBy: { createdAt: "asc" } },
            },
          },
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
}

/** The organization of project `projectId` and `userId`'s role in it; null when the project is unknown or the user not a member. */
export async function findProjectMembership(db: Db, projectId: string, userId: string): Promise<{ organizationId: string; role: Role } | null> {
  const project = await db.project.findUnique({
    where: { id: projectId },
    select: { organizationId: true, organization: { select: { memberships: { where: { userId }, select: { role: true } } } } },
  });
  const role = project?.organization.memberships[0]?.role;
  return project && role ? { organizationId: project.organizationId, role } : null;
}
