/**
 * The people behind a KYB session: each key person whose role the `key_people` step verifies
 * gets a child KYC session (`parent_session_id` = the business's session, `role` = theirs) on
 * the step's `kyc_workflow`, and a link by email. The business waits (`in_progress`, "waiting
 * for key people" in the flow) until every such child is settled, then goes to `processing`
 * and its decision rules see the children's outcomes (`related_sessions` conditions).
 *
 * - Children are created, updated and cancelled in the transaction that stores the step, so a
 *   submission never leaves half of them behind. A resubmission matches people by email
 *   address: a kept person keeps their session (its role and, until they start, its prefill
 *   are updated), a new one gets a session, a removed one's active session is cancelled
 *   (reason `removed_from_key_people`).
 * - Settled: `approved`, `declined`, `expired`, `cancelled`. A child in `review` is not: the
 *   business waits for the reviewer.
 * - Links: a key person's link is their invitation link (server/kyb/key-person-invite.ts): the
 *   same link in every email and every copy, working for as long as their session is active,
 *   until the business's applicant or a reviewer withdraws or replaces it
 *   (`changeKeyPersonInviteAsBusiness`, `changeKeyPersonInviteAsReviewer`). A new child's own
 *   client token (minted with every session) is revoked at once: the invitation is the only way in.
 */
import type { Db, Tx } from "../db";
import { DomainError } from "../errors";
import { SYSTEM_ACTOR, type Actor, writeAudit } from "../audit/write-audit";
import { keyPersonInviteRequested } from "../events/internal-events";
import { enqueue, outboxCommitted } from "../events/outbox";
import type { SessionStatus } from "../generated/prisma/enums";
import { sql } from "../sql";
import { createSession } from "../sessions/create-session";
import { revokeClientTokens } from "../sessions/client-tokens";
import { cancelWithTokens } from "../sessions/session-actions";
import { ACTIVE_STATUSES, transitionSession } from "../sessions/session-state";
import { type Tenant, tenantWhere } from "../tenant";
import { admitInviteResend, changeKeyPersonInvite, type InviteChange, keyPersonInviteUrl } from "./key-person-invite";
import { findKycWorkflow } from "./key-people-workflow";
import type { TKeyPeopleSettings, TKeyPeopleStepInput, TKeyPerson } from "../steps/key-people/key-people.schemas";

/** A child's statuses in which the business no longer waits for it. */
export const SETTLED_STATUSES: readonly SessionStatus[] = ["approved", "declined", "expired", "cancelled"];

/** A key person as the `key_people` step stores them: what was entered plus their session (null: their role is not verified). */
export type StoredKeyPerson = TKeyPerson & { session_id: string | null };
export interface StoredKeyPeople {
  people: StoredKeyPerson[];
}

/** The business session a key-people change belongs to. */
export interface KybParent {
  id: string;
  projectId: string;
  mode: "test" | "live";
  locale: string;
  expiresAt: Date;
}

/** Minimum lifetime of a child session (POST /v1/sessions `expires_in` minimum). */
const MIN_CHILD_TTL_SECONDS = 300;

/**
 * The project's published KYC workflow named by `kyc_workflow` (an id `wf_...` or a name).
 * @throws DomainError workflow_not_published (param `kyc_workflow`) when there is none.
 */
async function kycWorkflowId(tx: Tx, projectId: string, ref: string): Promise<string> {
  const id = await findKycWorkflow(tx, projectId, ref);
  if (!id)
    throw new DomainError("workflow_not_published", `The key people's KYC workflow '${ref}' is not a published KYC workflow of this project.`, {
      param: "kyc_workflow",
    });
  return id;
}

const emailKey = (email: string | undefined | null) => (email ?? "").toLowerCase();

/**
 * Creates, updates and cancels the business's child sessions to match `input` (see the module
 * comment), in the caller's transaction, and queues an invitation email per new child.
 * @returns what the step stores: the people with their `session_id`.
 * @throws DomainError workflow_not_published when the step's `kyc_workflow` is unusable.
 */
export async function syncKeyPeople(
  tx: Tx,
  parent: KybParent,
  settings: TKeyPeopleSettings,
  input: TKeyPeopleStepInput,
  actor: Actor,
): Promise<StoredKeyPeople> {
  const children = await tx.session.findMany({
    where: { parentSessionId: parent.id, status: { notIn: ["cancelled", "expired"] } },
    select: { id: true, status: true, role: true, prefill: true },
    orderBy: { createdAt: "asc" },
  });
  const byEmail = new Map(children.map((c) => [emailKey((c.prefill as { email?: string } | null)?.email), c]));
  const kept = new Set<string>();
  const people: StoredKeyPerson[] = [];
  let workflowId: string | null = null;
  for (const person of input.people) {
    if (!(settings.kyc_roles as readonly string[]).includes(person.role)) {
      people.push({ ...person, session_id: null });
      continue;
    }
    const prefill = { full_name: person.name, email: person.email, phone: person.phone };
    const existing = byEmail.get(emailKey(person.email));
    if (existing && !kept.has(existing.id)) {
      kept.add(existing.id);
      const notStarted = existing.status === "created" || existing.status === "started";
      await tx.session.update({ where: { id: existing.id }, data: { role: person.role, ...(notStarted ? { prefill } : {}) }, select: { id: true } });
      people.push({ ...person, session_id: existing.id });
      continue;
    }
    workflowId ??= await kycWorkflowId(tx, parent.projectId, settings.kyc_workflow);
    const remaining = Math.floor((parent.expiresAt.getTime() - Date.now()) / 1000);
    const created = await createSession(
      tx,
      { projectId: parent.projectId, mode: parent.mode },
      { workflow_id: workflowId, prefill, expires_in: Math.max(MIN_CHILD_TTL_SECONDS, remaining) },
      actor,
      { parent: { sessionId: parent.id, role: person.role } },
    );
    await revokeClientTokens(tx, created.id);
    await enqueue(tx, keyPersonInviteRequested, { sessionId: created.id, projectId: parent.projectId });
    kept.add(created.id);
    people.push({ ...person, session_id: created.id });
  }
  for (const child of children) {
    if (kept.has(child.id) || !ACTIVE_STATUSES.includes(child.status)) continue;
    await cancelWithTokens(tx, child.id, child.status, { actor, reason: "removed_from_key_people" });
  }
  return { people };
}

/** The child session ids the business's `key_people` steps name (the people it waits for). */
export function keyPeopleSessionIds(steps: readonly { type: string; data: unknown }[]): string[] {
  return steps
    .filter((st) => st.type === "key_people")
    .flatMap((st) => ((st.data as StoredKeyPeople | null)?.people ?? []).map((p) => p.session_id))
    .filter((id): id is string => !!id);
}

/** True while a key person's session of the business is not settled (the business must not go to processing yet). */
export async function waitsForKeyPeople(tx: Db | Tx, sessionId: string): Promise<boolean> {
  const steps = await tx.sessionStep.findMany({ where: { sessionId, type: "key_people" }, select: { type: true, data: true } });
  const ids = keyPeopleSessionIds(steps);
  if (!ids.length) return false;
  return (await tx.session.count({ where: { id: { in: ids }, parentSessionId: sessionId, status: { notIn: [...SETTLED_STATUSES] } } })) > 0;
}

/**
 * A key person's session changed status: when the business is `in_progress` with every
 * required step submitted and no longer waits for anyone, it moves to `processing` (its checks
 * and rules run). Idempotent; concurrent calls move it once (the transition compares and sets).
 * @returns `processing` when it moved the business, else null.
 */
export async function advanceParentSession(db: Db, parentId: string): Promise<"processing" | null> {
  const moved = await db.$transaction(async (tx) => {
    const s = await tx.session.findUnique({ where: { id: parentId }, select: { status: true, steps: { select: { status: true, required: true } } } });
    if (!s || s.status !== "in_progress") return false;
    if (s.steps.some((st) => st.required && (st.status === "pending" || st.status === "in_progress"))) return false;
    if (await waitsForKeyPeople(tx, parentId)) return false;
    try {
      await transitionSession(tx, parentId, "in_progress", "processing", { actor: SYSTEM_ACTOR, reason: "key_people_settled" });
    } catch (err) {
      if (err instanceof DomainError) return false; // another run moved it first
      throw err;
    }
    return true;
  });
  if (!moved) return null;
  outboxCommitted();
  return "processing";
}

/** A key person's session as the business's flow lists it (no personal data beyond what the applicant entered). */
export interface KeyPersonStatus {
  session_id: string;
  name: string;
  role: string;
  status: SessionStatus;
  /** Their invitation was withdrawn: no link works until a new one is made. */
  invite_revoked: boolean;
}

/** The key people of a business with a session, in the order entered, with their session's status. */
export async function keyPeopleStatuses(db: Db | Tx, parentId: string, steps: readonly { type: string; data: unknown }[]): Promise<KeyPersonStatus[]> {
  const people = steps.filter((st) => st.type === "key_people").flatMap((st) => (st.data as StoredKeyPeople | null)?.people ?? []);
  const ids = people.map((p) => p.session_id).filter((id): id is string => !!id);
  if (!ids.length) return [];
  const rows = await db.session.findMany({ where: { id: { in: ids }, parentSessionId: parentId }, select: { id: true, status: true, inviteRevokedAt: true } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return people.flatMap((p) => {
    const row = p.session_id ? byId.get(p.session_id) : undefined;
    return row ? [{ session_id: row.id, name: p.name, role: p.role, status: row.status, invite_revoked: row.inviteRevokedAt !== null }] : [];
  });
}

/** Who acts on a key person's session: the business's applicant (their session is the parent) or a dashboard user of the project. */
export type KeyPersonScope = { parentId: string } | { tenant: Tenant };

/**
 * The key person's session `childId` in `scope`, its row locked, when it is still active.
 * @throws DomainError resource_missing (not a key person's session in scope), session_not_resumable (no longer active).
 */
async function activeChild(tx: Tx, scope: KeyPersonScope, childId: string) {
  const where = "parentId" in scope ? { parentSessionId: scope.parentId } : { ...tenantWhere(scope.tenant), parentSessionId: { not: null } };
  const child = await tx.session.findFirst({ where: { id: childId, ...where }, select: { id: true } });
  if (!child) throw new DomainError("resource_missing", `No key person's session '${childId}'.`, { param: "child_session_id" });
  await tx.$queryRaw(sql`SELECT id FROM sessions WHERE id = ${childId} FOR UPDATE`);
  const locked = await tx.session.findUniqueOrThrow({
    where: { id: childId },
    select: { id: true, status: true, projectId: true, mode: true, inviteGeneration: true, inviteRevokedAt: true },
  });
  if (!ACTIVE_STATUSES.includes(locked.status)) {
    throw new DomainError("session_not_resumable", `This person's verification is ${locked.status.replace("_", " ")}: it needs no link.`, {
      param: "child_session_id",
    });
  }
  return locked;
}

/** An active child whose invitation is not withdrawn. @throws DomainError invite_revoked otherwise. */
function assertInviteNotRevoked(child: { inviteRevokedAt: Date | null }): void {
  if (child.inviteRevokedAt) {
    throw new DomainError("invite_revoked", "This person's link was withdrawn. Make a new link to invite them again.", { param: "child_session_id" });
  }
}

/**
 * The invitation link of a key person's session (server/kyb/key-person-invite.ts), for the
 * business's applicant to share; audited as `session.key_person_link_shown`.
 * @throws DomainError resource_missing, session_not_resumable, invite_revoked.
 */
export async function issueKeyPersonLink(db: Db, parentId: string, childId: string, actor: Actor): Promise<{ url: string }> {
  return db.$transaction(async (tx) => {
    const child = await activeChild(tx, { parentId }, childId);
    assertInviteNotRevoked(child);
    await writeAudit(tx, {
      actor,
      action: "session.key_person_link_shown",
      objectType: "session",
      objectId: child.id,
      projectId: child.projectId,
      mode: child.mode,
    });
    return { url: keyPersonInviteUrl(childId, child.inviteGeneration) };
  });
}

/**
 * Queues the invitation email of a key person again (the applicant's "resend"), within the
 * limits of `admitInviteResend`.
 * @throws DomainError resource_missing, session_not_resumable, invite_revoked, invite_resend_too_soon.
 */
export async function resendKeyPersonInvite(db: Db, parentId: string, childId: string): Promise<{ queued: true }> {
  await db.$transaction(async (tx) => {
    const child = await activeChild(tx, { parentId }, childId);
    assertInviteNotRevoked(child);
    await admitInviteResend(tx, child, { type: "applicant", id: parentId });
    await enqueue(tx, keyPersonInviteRequested, { sessionId: child.id, projectId: child.projectId });
  });
  outboxCommitted();
  return { queued: true };
}

/**
 * Withdraws (`revoke`) or replaces (`rotate`) a key person's invitation: by the business's
 * applicant (`{ parentId }`, the flow) or by a dashboard user (`{ tenant }`, the case view).
 * See `changeKeyPersonInvite` (server/kyb/key-person-invite.ts) for what changes; audited.
 * @returns the new link after a rotation, null after a revocation.
 * @throws DomainError resource_missing, session_not_resumable.
 */
export async function changeKeyPersonInviteIn(
  db: Db,
  scope: KeyPersonScope,
  childId: string,
  change: InviteChange,
  actor: Actor,
): Promise<{ url: string | null }> {
  return db.$transaction(async (tx) => changeKeyPersonInvite(tx, await activeChild(tx, scope, childId), change, actor));
}
