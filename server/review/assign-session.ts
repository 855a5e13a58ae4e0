/**
 * Who works a session in review (`sessions.assignee_id`): a reviewer claims it, an admin
 * assigns it to a member, the assignee (or an admin) releases it. Every change is a
 * compare-and-set on the assignee the caller saw, so of two claims at the same time exactly
 * one wins, and taking over someone else's claim needs that person named (`takeOverFrom`).
 * Audited: `session.claimed`, `session.assigned`, `session.unassigned` with `{ from, to }`.
 * The assignee stays when the session leaves review (it returns to the same reviewer after a
 * resubmission).
 */
import type { Db } from "../db";
import { type Actor, writeAudit } from "../audit/write-audit";
import { DomainError, notFound } from "../errors";
import { type Tenant, tenantWhere } from "../tenant";
import type { Role } from "../generated/prisma/enums";
import { PERMISSIONS } from "../users/permissions";
import type { TReviewAssignee, TSessionAssignment } from "./review-queue.schemas";

const assigneeSelect = { id: true, email: true, name: true } as const;

async function current(db: Db, tenant: Tenant, id: string) {
  const s = await db.session.findFirst({
    where: { id, ...tenantWhere(tenant) },
    select: { id: true, status: true, assigneeId: true, assignedAt: true, assignee: { select: assigneeSelect } },
  });
  if (!s) throw notFound("session", id);
  return s;
}

function toAssignment(s: Awaited<ReturnType<typeof current>>): TSessionAssignment {
  return { id: s.id, assignee: s.assignee, assigned_at: s.assignedAt?.toISOString() ?? null };
}

function claimedByOther(s: Awaited<ReturnType<typeof current>>, work = "work on it"): DomainError {
  const who = s.assignee?.email ?? "another reviewer";
  return new DomainError("session_claimed", `${who} has claimed this session. Take it over to ${work}.`, {
    param: "assignee",
    details: { assignee: s.assignee },
  });
}

/**
 * Sets the assignee from `expected` to `to` in one statement; false when someone changed it
 * meanwhile or the session left review.
 */
async function compareAndSet(db: Db, tenant: Tenant, id: string, expected: string | null, to: string | null, actor: Actor, action: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const updated = await tx.session.updateMany({
      where: { id, ...tenantWhere(tenant), status: "review", assigneeId: expected },
      data: { assigneeId: to, assignedAt: to ? new Date() : null },
    });
    if (updated.count !== 1) return false;
    await writeAudit(tx, { actor, action, objectType: "session", objectId: id, ...tenantWhere(tenant), data: { from: expected, to } });
    return true;
  });
}

function assertInReview(s: { status: string }): void {
  if (s.status !== "review") throw new DomainError("session_not_editable", `Only sessions in review can be assigned; this one is ${s.status}.`);
}

/**
 * The signed-in reviewer claims a session in review. A no-op when it is theirs already.
 * @param takeOverFrom the user id of the current assignee, to take the session over from them.
 * @throws DomainError resource_missing; session_not_editable (not in review); session_claimed
 *   (409, param `assignee`, `details.assignee`: claimed by someone else and not taken over from them).
 */
export async function claimSession(
  db: Db,
  tenant: Tenant,
  id: string,
  userId: string,
  actor: Actor,
  opts: { takeOverFrom?: string } = {},
): Promise<TSessionAssignment> {
  const s = await current(db, tenant, id);
  assertInReview(s);
  if (s.assigneeId === userId) return toAssignment(s);
  if (s.assigneeId && s.assigneeId !== opts.takeOverFrom) throw claimedByOther(s);
  if (await compareAndSet(db, tenant, id, s.assigneeId, userId, actor, "session.claimed")) return toAssignment(await current(db, tenant, id));
  const now = await current(db, tenant, id);
  assertInReview(now);
  if (now.assigneeId === userId) return toAssignment(now);
  throw claimedByOther(now);
}

/**
 * Refuses a dashboard decision on a session in review that someone else has claimed (the
 * reviewer takes it over first, `claimSession` with `takeOverFrom`). Unclaimed sessions, one's
 * own, and sessions out of review (overrides: the assignee stays after a decision) pass.
 * @throws DomainError resource_missing; session_claimed (409, param `assignee`, `details.assignee`).
 */
export async function assertNotClaimedByOther(db: Db, tenant: Tenant, id: string, userId: string): Promise<void> {
  const s = await current(db, tenant, id);
  if (s.status === "review" && s.assigneeId !== null && s.assigneeId !== userId) throw claimedByOther(s, "decide it");
}

/**
 * An admin assigns a session in review to a member who may decide sessions, or unassigns it
 * (`assigneeId` null). Last write wins: assigning is an admin's explicit choice.
 * @throws DomainError resource_missing; session_not_editable (not in review); parameter_invalid
 *   (param `assignee_id`: not a member of the organization with a deciding role).
 */
export async function assignSession(
  db: Db,
  tenant: Tenant,
  organizationId: string,
  id: string,
  assigneeId: string | null,
  actor: Actor,
): Promise<TSessionAssignment> {
  if (assigneeId) {
    const member = await db.membership.findFirst({
      where: { organizationId, userId: assigneeId, role: { in: [...PERMISSIONS.decideSessions] } },
      select: { id: true },
    });
    if (!member)
      throw new DomainError("parameter_invalid", "Assign the session to a member who can decide sessions (owner, admin or reviewer).", {
        param: "assignee_id",
      });
  }
  for (;;) {
    const s = await current(db, tenant, id);
    assertInReview(s);
    if (s.assigneeId === assigneeId) return toAssignment(s);
    if (await compareAndSet(db, tenant, id, s.assigneeId, assigneeId, actor, assigneeId ? "session.assigned" : "session.unassigned")) {
      return toAssignment(await current(db, tenant, id));
    }
  }
}

/**
 * The assignee gives a session back to the queue.
 * @throws DomainError resource_missing; session_not_editable (not in review); session_claimed
 *   (param `assignee`: someone else holds it).
 */
export async function releaseSession(db: Db, tenant: Tenant, id: string, userId: string, actor: Actor): Promise<TSessionAssignment> {
  const s = await current(db, tenant, id);
  assertInReview(s);
  if (s.assigneeId === null) return toAssignment(s);
  if (s.assigneeId !== userId || !(await compareAndSet(db, tenant, id, userId, null, actor, "session.unassigned"))) {
    throw new DomainError("session_claimed", "This session is not assigned to you; an administrator can unassign it.", { param: "assignee" });
  }
  return toAssignment(await current(db, tenant, id));
}

/** Members who may be assigned sessions (a deciding role), by email. */
export async function listAssignees(db: Db, organizationId: string): Promise<(TReviewAssignee & { role: Role })[]> {
  const members = await db.membership.findMany({
    where: { organizationId, role: { in: [...PERMISSIONS.decideSessions] } },
    select: { role: true, user: { select: assigneeSelect } },
    orderBy: { user: { email: "asc" } },
  });
  return members.map((m) => ({ ...m.user, role: m.role }));
}
