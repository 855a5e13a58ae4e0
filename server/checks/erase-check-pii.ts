/**
 * Personal data of direct checks (decisions.md "Personal data (DPDP)"; issue 21): the erasure of
 * one check (`DELETE /v1/checks/{id}/pii`, the same contract as the session's) and the project's
 * retention applied to direct checks. A session's checks are erased with their session
 * (`DELETE /v1/sessions/{id}/pii`, server/sessions/session-actions.ts), never one by one.
 */
import type { Db } from "../db";
import { type Actor, writeAudit } from "../audit/write-audit";
import { DomainError, notFound } from "../errors";
import { eraseRunData } from "../events/executor-runs";
import { emitEvent, outboxCommitted } from "../events/outbox";
import { Prisma } from "../generated/prisma/client";
import type { Mode } from "../generated/prisma/enums";
import { RETENTION_ACTOR, RETENTION_BATCH } from "../sessions/retention";
import { sql, sqlTimestamp } from "../sql";
import { type Tenant, tenantWhere } from "../tenant";
import { checkSelect } from "./check.dto";
import type { TCheckPiiErasure } from "./check.schemas";
import { eventCheck } from "./check-events";

/**
 * Erases a direct check's input and result (what was asked, what the registry answered), the
 * screening subjects it created and the finished background runs about it; keeps the skeleton (id, keys, provider, status, error code,
 * score, timestamps) and sets `pii_erased_at`. A check still `pending` or `running` ends in
 * `error` with `error_code: pii_erased` (its answer must not be written back). Audited as
 * `check.pii_erased`; emits the event `check.pii_erased`. Idempotent, concurrent calls included
 * (they queue on the check's row): a repeated call answers the same and emits nothing.
 * @throws DomainError resource_missing (404) for an id that is not the tenant's check;
 *   check_in_session (409) for a check of a session (erase the session instead).
 */
export async function eraseCheckPii(db: Db, tenant: Tenant, id: string, actor: Actor): Promise<TCheckPiiErasure> {
  const emitted = await db.$transaction(async (tx) => {
    await tx.$queryRaw(sql`SELECT id FROM checks WHERE id = ${id} FOR UPDATE`);
    const check = await tx.check.findFirst({ where: { id, ...tenantWhere(tenant) }, select: { sessionId: true, status: true, piiErasedAt: true } });
    if (!check) throw notFound("check", id);
    if (check.sessionId) {
      throw new DomainError(
        "check_in_session",
        `Check '${id}' belongs to session '${check.sessionId}': erase the session's personal data with DELETE /v1/sessions/${check.sessionId}/pii.`,
      );
    }
    if (check.piiErasedAt) return false;
    const now = new Date();
    const unfinished = check.status === "pending" || check.status === "running";
    const erased = await tx.check.update({
      where: { id },
      data: {
        input: Prisma.DbNull,
        result: Prisma.DbNull,
        inputHash: null,
        piiErasedAt: now,
        ...(unfinished ? { status: "error" as const, errorCode: "pii_erased", finishedAt: now } : {}),
      },
      select: checkSelect,
    });
    await tx.screeningSubject.deleteMany({ where: { checkId: id } });
    await eraseRunData(tx, { checkId: id });
    await writeAudit(tx, { actor, action: "check.pii_erased", objectType: "check", objectId: id, ...tenantWhere(tenant) });
    await emitEvent(tx, { ...tenantWhere(tenant), type: "check.pii_erased", checkId: id, data: { check: eventCheck(erased) } });
    return true;
  });
  if (emitted) outboxCommitted();
  return { id, object: "check", erased: true, files_deleted: 0 };
}

/**
 * The project's retention for direct checks (DPDP Act 2023 s.8(7), as server/sessions/retention.ts
 * for sessions): erases up to `limit` direct checks finished more than the project's
 * `retention_days` before `now`, oldest first, with `eraseCheckPii` by the system actor
 * `retention_policy`. Checks not finished are left alone. Idempotent.
 * @returns how many checks were erased (fewer than `limit`: none are left).
 */
export async function eraseDirectChecksPastRetention(db: Db, now: Date = new Date(), limit: number = RETENTION_BATCH): Promise<{ erased: number }> {
  const due = await db.$queryRaw<{ id: string; project_id: string; mode: Mode }[]>(sql`
    SELECT c.id, c.project_id, c.mode
    FROM checks c
    JOIN projects p ON p.id = c.project_id
    WHERE c.session_id IS NULL AND c.pii_erased_at IS NULL AND c.finished_at IS NOT NULL
      AND c.finished_at <= ${sqlTimestamp(now)} - interval '1 day' * p.retention_days
    ORDER BY c.finished_at, c.id
    LIMIT ${limit}`);
  for (const c of due) await eraseCheckPii(db, { projectId: c.project_id, mode: c.mode }, c.id, RETENTION_ACTOR);
  return { erased: due.length };
}
