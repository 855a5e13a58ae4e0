/**
 * Append-only audit log (decisions.md "Personal data (DPDP)": evidence downloads, reviewer
 * views of personal data, decisions and erasures; plus every session transition).
 * Always called inside the transaction of the change it records.
 */
import type { Tx } from "../db";
import type { ActorType, Mode } from "../generated/prisma/enums";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { newId } from "../ids";

/** Who did something: an API key, a dashboard user, the applicant (client token), or the system. */
export interface Actor {
  type: ActorType;
  id?: string | null;
  ip?: string | null;
}

export const SYSTEM_ACTOR: Actor = { type: "system", id: null };

export async function writeAudit(
  tx: Tx,
  entry: {
    actor: Actor;
    action: string;
    objectType: string;
    objectId: string;
    projectId?: string;
    organizationId?: string;
    mode?: Mode;
    data?: InputJsonValue;
  },
): Promise<void> {
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
