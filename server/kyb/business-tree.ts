/**
 * The reviewer's view of a KYB session as one tree: the business (its session, legal name and
 * registry status) and each key person with their role, ownership and their own session's
 * status and decision. Opened from either the business's session or a key person's. Read as
 * part of the case view (which writes the audit row of the reviewer's view). Once the business's
 * personal data is erased, its list of people is gone: every child session is shown by role,
 * without a name.
 */
import type { Db } from "../db";
import { notFound } from "../errors";
import type { DecisionOutcome, SessionStatus } from "../generated/prisma/enums";
import { type Tenant, tenantWhere } from "../tenant";
import { businessLegalName } from "./business-profile";
import type { StoredKeyPeople } from "./key-people";

export interface BusinessTreePerson {
  /** As the business's applicant entered it; null once the business's personal data is erased. */
  name: string | null;
  role: string;
  ownership_percent: number | null;
  /** Their KYC session; null when their role is not verified by the workflow. */
  session: { id: string; status: SessionStatus; decision: DecisionOutcome | null; invite_revoked: boolean } | null;
}

export interface BusinessTree {
  business: { id: string; status: SessionStatus; decision: DecisionOutcome | null; legal_name: string | null; registry_status: string | null };
  people: BusinessTreePerson[];
  /** Child sessions no longer in the key people list (removed; cancelled when still active). */
  removed: { id: string; role: string | null; status: SessionStatus }[];
}

/**
 * The tree of the KYB session `id`, or of its parent when `id` is a key person's session.
 * @returns null for a KYC session without a parent.
 * @throws DomainError resource_missing for an unknown id or one of another project or mode.
 */
export async function getBusinessTree(db: Db, tenant: Tenant, id: string): Promise<BusinessTree | null> {
  const own = await db.session.findFirst({ where: { id, ...tenantWhere(tenant) }, select: { type: true, parentSessionId: true } });
  if (!own) throw notFound("session", id);
  const rootId = own.type === "kyb" ? id : own.parentSessionId;
  if (!rootId) return null;
  const root = await db.session.findFirstOrThrow({
    where: { id: rootId, ...tenantWhere(tenant) },
    select: {
      id: true,
      status: true,
      decision: true,
      business: true,
      piiErasedAt: true,
      steps: { select: { type: true, data: true }, orderBy: { position: "asc" } },
      children: { select: { id: true, role: true, status: true, decision: true, inviteRevokedAt: true }, orderBy: { createdAt: "asc" } },
    },
  });
  const byId = new Map(root.children.map((c) => [c.id, c]));
  const listed: { name: string | null; role: string; ownership_percent?: number; session_id: string | null }[] = root.piiErasedAt
    ? root.children.map((c) => ({ name: null, role: c.role ?? "", session_id: c.id }))
    : root.steps.filter((st) => st.type === "key_people").flatMap((st) => (st.data as StoredKeyPeople | null)?.people ?? []);
  const people = listed.map((p) => {
    const child = p.session_id ? byId.get(p.session_id) : undefined;
    return {
      name: p.name,
      role: p.role,
      ownership_percent: p.ownership_percent ?? null,
      session: child ? { id: child.id, status: child.status, decision: child.decision, invite_revoked: child.inviteRevokedAt !== null } : null,
    };
  });
  const named = new Set(listed.map((p) => p.session_id));
  const profile = (root.business ?? {}) as { legal_name?: { value?: unknown }; status?: { value?: unknown } };
  return {
    business: {
      id: root.id,
      status: root.status,
      decision: root.decision,
      legal_name: typeof profile.legal_name?.value === "string" ? profile.legal_name.value : (businessLegalName(root.steps) ?? null),
      registry_status: typeof profile.status?.value === "string" ? profile.status.value : null,
    },
    people,
    removed: root.children.filter((c) => !named.has(c.id)).map((c) => ({ id: c.id, role: c.role, status: c.status })),
  };
}
