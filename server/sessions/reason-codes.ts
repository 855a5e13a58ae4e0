/**
 * Reason codes a reviewer picks when deciding in the dashboard: a per-project list
 * (`projects.review_reason_codes`, JSON `[{ code, label }]`; null = `DEFAULT_REASON_CODES`).
 * The API accepts any code of at most 64 characters (interface.md 2.5); the dashboard accepts
 * only the project's list. `other` is always on the list (appended when an edited list lacks it).
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { notFound } from "../errors";
import { DEFAULT_REASON_CODES, OTHER_REASON_CODE, type TReasonCode, ZReasonCodeList } from "../review/reason-codes.schemas";

/** `list` with `other` at the end unless it is on it already. */
function withOther(list: readonly TReasonCode[]): TReasonCode[] {
  return list.some((r) => r.code === OTHER_REASON_CODE.code) ? [...list] : [...list, OTHER_REASON_CODE];
}

/** The project's reason codes (the default list when none were set). @throws resource_missing. */
export async function getReasonCodes(db: Db, projectId: string): Promise<TReasonCode[]> {
  const p = await db.project.findUnique({ where: { id: projectId }, select: { reviewReasonCodes: true } });
  if (!p) throw notFound("project", projectId);
  const stored = ZReasonCodeList.safeParse(p.reviewReasonCodes);
  return withOther(stored.success ? stored.data : DEFAULT_REASON_CODES);
}

/**
 * Replaces the project's list (audited `project.reason_codes_changed`). Decided sessions keep
 * their code; a removed code is shown as the bare code in their history.
 * @returns the stored list (with `other`).
 */
export async function updateReasonCodes(db: Db, projectId: string, list: readonly TReasonCode[], actor: Actor): Promise<TReasonCode[]> {
  const codes = withOther(ZReasonCodeList.parse(list));
  await db.$transaction(async (tx) => {
    const p = await tx.project.update({ where: { id: projectId }, data: { reviewReasonCodes: codes }, select: { organizationId: true } });
    await writeAudit(tx, {
      actor,
      action: "project.reason_codes_changed",
      objectType: "project",
      objectId: projectId,
      projectId,
      organizationId: p.organizationId,
      data: { codes: codes.map((c) => c.code) },
    });
  });
  return codes;
}
