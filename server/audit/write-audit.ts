/**
 * Append-only audit log (decisions.md "Personal data (DPDP)": evidence downloads, reviewer
 * views of personal data, decisions and erasures; plus every session transition).
 * Always called inside the transaction of the change it records.
 */
import type { Tx } from "../db";
import type { ActorType, Mode } from "../generated/prisma/enums";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { newId } from "../ids";
import { sql, sqlJson, sqlTimestamp, type Sql } from "../sql";

/** Who did something: an API key, a dashboard user, the applicant (client token), or the system. */
export interface Actor {
  type: ActorType;
  id?: string | null;
  ip?: string | null;
}

export const SYSTEM_ACTOR: Actor = { type: "system", id: null };

export interface AuditEntry {
  actor: Actor;
  action: string;
  objectType: string;
  objectId: string;
  projectId?: string;
  organizationId?: string;
  mode?: Mode;
  data?: InputJsonValue;
}

export async function writeAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      id: newId("audit"),
      actorType: entry.actor.type,
      actorId: entry.actor.id ?? null,
      ip: entry.actor.ip ?? null,
      action: entry.action,
      objectType: entry.objectType,
      objectId: entry.objectId,
      projectId: entry.projectId,
      organizationId: entry.organizationId,
      mode: entry.mode,
      data: entry.data,
    },
  });
}

/**
 * Writes a row about a dashboard user's account (sign-in, sign-out, lockout, password reset) into
 * the log of every organization the user belongs to, whose owners and admins see it on the audit
 * page (server/audit/list-audit-log.ts); one row without an organization when they belong to none.
 */
export async function writeUserAudit(tx: Tx, entry: Pick<AuditEntry, "actor" | "action" | "data"> & { userId: string }): Promise<void> {
  const { userId, ...rest } = entry;
  const memberships = await tx.membership.findMany({ where: { userId }, select: { organizationId: true }, orderBy: { createdAt: "asc" } });
  const organizations = memberships.length ? memberships.map((m) => m.organizationId) : [undefined];
  for (const organizationId of organizations) await writeAudit(tx, { ...rest, objectType: "user", objectId: userId, organizationId });
}

/** `writeAudit` as a member of a caller's single statement: inserted only when `gate` holds. */
export function auditInsertSql(entry: AuditEntry, gate: Sql, now = new Date()): Sql {
  return sql`INSERT INTO audit_logs (id, organization_id, project_id, mode, actor_type, actor_id, action, object_type, object_id, ip, data, created_at)
    SELECT ${newId("audit")}, ${entry.organizationId ?? null}, ${entry.projectId ?? null}, ${entry.mode ?? null}::"Mode", ${entry.actor.type}::"ActorType", ${entry.actor.id ?? null},
      ${entry.action}, ${entry.objectType}, ${entry.objectId}, ${entry.actor.ip ?? null}, ${sqlJson(entry.data)}, ${sqlTimestamp(now)}
    WHERE ${gate}`;
}
