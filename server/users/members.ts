/**
 * Members of an organization: list, change a role, remove. Rules (permissions.ts): only owners
 * change or remove owners and make owners; an organization always keeps at least one owner
 * (checked with the owners' rows locked, so two concurrent demotions cannot both pass).
 * A role change or a removal ends every dashboard session of that member (dashboard-sessions.ts).
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db, Tx } from "../db";
import { DomainError, notFound } from "../errors";
import type { Role } from "../generated/prisma/enums";
import { sql } from "../sql";
import type { TMember } from "./user.schemas";
import { endDashboardSessions } from "./dashboard-sessions";

/** Every member of the organization, owners first, then by name. */
export async function listMembers(db: Db, organizationId: string): Promise<TMember[]> {
  const rows = await db.membership.findMany({
    where: { organizationId },
    orderBy: { createdAt: "asc" },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
  });
  const order: Record<Role, number> = { owner: 0, admin: 1, developer: 2, reviewer: 3, viewer: 4 };
  return rows
    .map((m) => ({ userId: m.user.id, email: m.user.email, name: m.user.name, role: m.role, joinedAt: m.createdAt }))
    .sort((a, b) => order[a.role] - order[b.role] || (a.name || a.email).localeCompare(b.name || b.email));
}

interface MemberChange {
  organizationId: string;
  userId: string;
  actor: Actor & { id: string };
  actorRole: Role;
}

/** Locks the organization's owner memberships and returns the target membership. */
async function lockAndLoad(tx: Tx, input: MemberChange) {
  await tx.$queryRaw(sql`SELECT id FROM memberships WHERE organization_id = ${input.organizationId} AND role = 'owner'::"Role" FOR UPDATE`);
  const target = await tx.membership.findUnique({
    where: { userId_organizationId: { userId: input.userId, organizationId: input.organizationId } },
    select: { id: true, role: true },
  });
  if (!target) throw notFound("member", input.userId, "userId");
  if (target.role === "owner" && input.actorRole !== "owner")
    throw new DomainError("forbidden", "Only an owner can change or remove an owner.", { param: "userId" });
  return target;
}

async function assertAnotherOwner(tx: Tx, organizationId: string, message: string): Promise<void> {
  const owners = await tx.membership.count({ where: { organizationId, role: "owner" } });
  if (owners <= 1) throw new DomainError("last_owner", message, { param: "userId" });
}

/**
 * Gives a member another role.
 * @throws DomainError resource_missing (not a member), forbidden (an admin touching owners),
 *   last_owner (demoting the only owner).
 */
export async function changeMemberRole(db: Db, input: MemberChange & { role: Role }): Promise<TMember> {
  if (input.role === "owner" && input.actorRole !== "owner") throw new DomainError("forbidden", "Only an owner can make someone an owner.", { param: "role" });
  await db.$transaction(async (tx) => {
    const target = await lockAndLoad(tx, input);
    if (target.role === input.role) return;
    if (target.role === "owner")
      await assertAnotherOwner(tx, input.organizationId, "An organization needs at least one owner. Make someone else an owner first.");
    await tx.membership.update({ where: { id: target.id }, data: { role: input.role } });
    await endDashboardSessions(tx, input.userId);
    await writeAudit(tx, {
      actor: input.actor,
      action: "member.role_changed",
      objectType: "user",
      objectId: input.userId,
      organizationId: input.organizationId,
      data: { from: target.role, to: input.role },
    });
  });
  const member = (await listMembers(db, input.organizationId)).find((m) => m.userId === input.userId);
  if (!member) throw notFound("member", input.userId, "userId");
  return member;
}

/**
 * Removes a member from the organization (their account stays; they lose access at once).
 * @throws DomainError resource_missing, forbidden, last_owner (removing the only owner).
 */
export async function removeMember(db: Db, input: MemberChange): Promise<void> {
  await db.$transaction(async (tx) => {
    const target = await lockAndLoad(tx, input);
    if (target.role === "owner") await assertAnotherOwner(tx, input.organizationId, "You cannot remove the last owner. Make someone else an owner first.");
    await tx.membership.delete({ where: { id: target.id } });
    await endDashboardSessions(tx, input.userId);
    await writeAudit(tx, {
      actor: input.actor,
      action: "member.removed",
      objectType: "user",
      objectId: input.userId,
      organizationId: input.organizationId,
      data: { role: target.role },
    });
  });
}
