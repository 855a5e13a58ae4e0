/**
 * Backend actions on a session (interface.md 4.1; decisions.md "Session lifecycle" and
 * "Personal data (DPDP)"): cancel, re-issue the client token, erase personal data.
 */
import type { Db, Tx } from "../db";
import { DomainError, notFound } from "../errors";
import { Prisma } from "../generated/prisma/client";
import type { SessionStatus } from "../generated/prisma/enums";
import { type Actor, writeAudit } from "../audit/write-audit";
import { deleteBlobs, queueBlobDeletions } from "../evidence/blob-deletions";
import { eraseRunData } from "../events/executor-runs";
import { emitEvent, outboxCommitted } from "../events/outbox";
import { eraseIntelligencePii } from "../intelligence/erase-intelligence-pii";
import { deleteScreeningSubjects } from "../screening/screening.queries";
import { sql } from "../sql";
import { type Tenant, tenantWhere } from "../tenant";
import { hostedFlowUrl, issueClientToken } from "./client-tokens";
import { ACTIVE_STATUSES, sessionEventData, transitionSession } from "./session-state";
import type { TCancelledSession, TClientToken, TPiiErasure } from "./session.schemas";

async function findOwn(db: Db | Tx, tenant: Tenant, id: string) {
  const s = await db.session.findFirst({
    where: { id, ...tenantWhere(tenant) },
    select: { id: true, status: true, referenceId: true, decision: true, decisionSource: true, piiErasedAt: true },
  });
  if (!s) throw notFound("session", id);
  return s;
}

/**
 * `findOwn` with the session's row locked until the transaction ends: concurrent actions on one
 * session run one after the other, each seeing what the previous one did.
 */
async function lockOwn(tx: Tx, tenant: Tenant, id: string) {
  await tx.$queryRaw(sql`SELECT id FROM sessions WHERE id = ${id} FOR UPDATE`);
  return findOwn(tx, tenant, id);
}

const isActive = (status: SessionStatus) => ACTIVE_STATUSES.includes(status);

/**
 * Moves an active session to `cancelled` and revokes its client tokens (same transaction). A KYB
 * business's active key-people sessions are cancelled with it (reason `parent_cancelled`): they
 * exist only for its verification. Their data is theirs and is kept (an erasure of the business
 * does not erase them).
 */
export async function cancelWithTokens(tx: Tx, id: string, from: SessionStatus, opts: { actor: Actor; reason?: string }) {
  await transitionSession(tx, id, from, "cancelled", opts, "session_not_cancellable");
  await tx.clientToken.updateMany({ where: { sessionId: id, revokedAt: null }, data: { revokedAt: new Date() } });
  const children = await tx.session.findMany({ where: { parentSessionId: id, status: { in: [...ACTIVE_STATUSES] } }, select: { id: true, status: true } });
  for (const c of children) await cancelWithTokens(tx, c.id, c.status, { actor: opts.actor, reason: "parent_cancelled" });
}

/**
 * POST /v1/sessions/{id}/cancel: an active session becomes `cancelled`; its client tokens
 * stop working. @throws DomainError session_not_cancellable (409) otherwise.
 */
export async function cancelSession(db: Db, tenant: Tenant, id: string, actor: Actor): Promise<TCancelledSession> {
  await db.$transaction(async (tx) => {
    const s = await findOwn(tx, tenant, id);
    if (!isActive(s.status)) throw new DomainError("session_not_cancellable", `A session in '${s.status}' cannot be cancelled; only active sessions can.`);
    await cancelWithTokens(tx, id, s.status, { actor });
  });
  outboxCommitted();
  return { id, status: "cancelled" };
}

/**
 * POST /v1/sessions/{id}/client_token: a fresh token (earlier ones are revoked); the flow
 * resumes at the first unfinished step. Concurrent calls queue on the session's row, so only
 * the last token issued works. @throws DomainError session_not_resumable (409).
 */
export async function reissueClientToken(db: Db, tenant: Tenant, id: string, actor: Actor): Promise<TClientToken> {
  const token = await db.$transaction(async (tx) => {
    const s = await lockOwn(tx, tenant, id);
    if (!isActive(s.status)) throw new DomainError("session_not_resumable", `A session in '${s.status}' cannot be resumed; only active sessions can.`);
    await writeAudit(tx, { actor, action: "session.client_token_issued", objectType: "session", objectId: id, ...tenantWhere(tenant) });
    return issueClientToken(tx, id);
  });
  return { client_token: token, url: hostedFlowUrl(id, token) };
}

/**
 * DELETE /v1/sessions/{id}/pii (DPDP erasure). Deletes every evidence file (row now, blob
 * right after the commit; a blob the store fails to delete is retried by the retention cron,
 * evidence/blob-deletions.ts), the applicant/business profile, prefill, what was entered per
 * step, check inputs and results, free-text notes and the finished background runs about the
 * session (server/events/executor-runs.ts); keeps the skeleton (id, status,
 * decision, decision_source, reason codes, check keys/statuses, timestamps, reference_id,
 * metadata). An active session is cancelled first: its flow cannot go on without the data.
 * A KYB business loses its copy of its key people's names, emails and phones (its step data
 * and profile); their own sessions are separate people's and are not erased (active ones are
 * cancelled with the business, `cancelWithTokens`).
 * Idempotent, concurrent calls included (they queue on the session's row): a second call
 * returns `files_deleted: 0` and emits nothing.
 */
export async function eraseSessionPii(db: Db, tenant: Tenant, id: string, actor: Actor): Promise<TPiiErasure> {
  const result = await db.$transaction(async (tx) => {
    const s = await lockOwn(tx, tenant, id);
    if (s.piiErasedAt) return { files: 0, keys: [] as string[], erased: false };
    if (isActive(s.status)) await cancelWithTokens(tx, id, s.status, { actor, reason: "pii_erased" });
    const files = await tx.evidenceFile.findMany({ where: { sessionId: id }, select: { storageKey: true, displayKey: true } });
    const keys = files.flatMap((f) => (f.displayKey ? [f.storageKey, f.displayKey] : [f.storageKey]));
    await tx.evidenceFile.deleteMany({ where: { sessionId: id } });
    await queueBlobDeletions(tx, keys);
    // the OTP destinations and the keyed hashes of identifiers are personal data too
    await tx.otpChallenge.deleteMany({ where: { sessionId: id } });
    await tx.sessionSignal.deleteMany({ where: { sessionId: id } });
    // the executor's memo of finished runs about the session (before its extractions go: they name them)
    await eraseRunData(tx, { sessionId: id });
    await eraseIntelligencePii(tx, id);
    // the screened name and date of birth: monitoring ends with them (issue 20)
    await deleteScreeningSubjects(tx, { sessionId: id });
    await tx.session.update({
      where: { id },
      data: { prefill: Prisma.DbNull, applicant: Prisma.DbNull, business: Prisma.DbNull, redirectUrl: null, piiErasedAt: new Date() },
    });
    await tx.sessionStep.updateMany({ where: { sessionId: id }, data: { data: Prisma.DbNull } });
    await tx.check.updateMany({ where: { sessionId: id }, data: { input: Prisma.DbNull, result: Prisma.DbNull, inputHash: null } });
    await tx.sessionHistory.updateMany({ where: { sessionId: id }, data: { note: null } });
    await writeAudit(tx, {
      actor,
      action: "session.pii_erased",
      objectType: "session",
      objectId: id,
      ...tenantWhere(tenant),
      data: { files_deleted: files.length },
    });
    const now = await tx.session.findUniqueOrThrow({
      where: { id },
      select: { id: true, status: true, referenceId: true, decision: true, decisionSource: true },
    });
    await emitEvent(tx, { ...tenantWhere(tenant), type: "session.pii_erased", data: { session: sessionEventData(now) }, sessionId: id });
    return { files: files.length, keys, erased: true };
  });
  if (result.erased) outboxCommitted();
  await deleteBlobs(db, result.keys);
  return { id, object: "session", erased: true, files_deleted: result.erased ? result.files : 0 };
}
