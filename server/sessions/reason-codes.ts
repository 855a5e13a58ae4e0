/**
 * Reason codes a reviewer picks when deciding in the dashboard: a per-project list
 * (`projects.review_reason_codes`, JSON `[{ code, label, applicant? }]`; null = `DEFAULT_REASON_CODES`).
 * `applicant` ({ en, hi }) is what the hosted flow tells the applicant for a decision with that
 * code; a code without it (stored before it existed) takes the default list's text of the same code.
 * The API accepts any code of at most 64 characters (interface.md 2.5); the dashboard accepts
 * only the project's list. `other` is always on the list (appended when an edited list lacks it).
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { notFound } from "../errors";
import { DEFAULT_REASON_CODES, OTHER_REASON_CODE, type TApplicantReason, type TReasonCode, ZReasonCodeList } from "../review/reason-codes.schemas";

/** `list` with `other` at the end unless it is on it already. */
function withOther(list: readonly TReasonCode[]): TReasonCode[] {
  return list.some((r) => r.code === OTHER_REASON_CODE.code) ? [...list] : [...list, OTHER_REASON_CODE];
}

const DEFAULT_APPLICANT_TEXT = new Map(DEFAULT_REASON_CODES.map((r) => [r.code, r.applicant]));

/** A code stored without applicant text gets the default list's text of the same code (if any). */
function withApplicantText(r: TReasonCode): TReasonCode {
  if (r.applicant) return r;
  const text = DEFAULT_APPLICANT_TEXT.get(r.code);
  return text ? { ...r, applicant: { ...text } } : r;
}

/** The project's reason codes (the default list when none were set). @throws resource_missing. */
export async function getReasonCodes(db: Db, projectId: string): Promise<TReasonCode[]> {
  const p = await db.project.findUnique({ where: { id: projectId }, select: { reviewReasonCodes: true } });
  if (!p) throw notFound("project", projectId);
  const stored = ZReasonCodeList.safeParse(p.reviewReasonCodes);
  return withOther(stored.success ? stored.data : DEFAULT_REASON_CODES).map(withApplicantText);
}

/**
 * What the hosted flow tells the applicant about a decision with `reasonCode`: the text of that
 * code in the project's list, per language (an empty text is null). Null when the code is not on
 * the list (an API decision may use any code; an automatic decision's code is a rule name).
 * Never part of the API's session object or of webhooks: only the flow reads it.
 * @throws resource_missing (no such project).
 */
export async function applicantReason(db: Db, projectId: string, reasonCode: string | null): Promise<TApplicantReason | null> {
  if (!reasonCode) return null;
  const found = (await getReasonCodes(db, projectId)).find((r) => r.code === reasonCode)?.applicant;
  if (!found) return null;
  const text = { en: found.en || null, hi: found.hi || null };
  return text.en || text.hi ? text : null;
}

/**
 * Replaces the project's list (audited `project.reason_codes_changed`). Decided sessions keep
 * their code; a removed code is shown as the bare code in their history.
 * @returns the stored list (with `other`), as `getReasonCodes` reads it.
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
  return codes.map(withApplicantText);
}
