/**
 * A project's periodic re-KYC intervals by risk level (issue 20, item 5;
 * server/risk/review-schedule.ts): the dashboard's settings read and change them. A change
 * applies to sessions approved afterwards; scheduled reviews keep their dates.
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { reviewYears, type TRiskReviewYears, ZRiskReviewYears } from "../risk/review-schedule";

/** The project's intervals (the defaults 2 / 8 / 10 when it set none). */
export async function getRiskReviewYears(db: Db, projectId: string): Promise<TRiskReviewYears> {
  const p = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { riskReviewYears: true } });
  return reviewYears(p.riskReviewYears);
}

/** Sets the project's intervals, with an audit row. @throws ZodError for years outside 1..10 */
export async function setRiskReviewYears(db: Db, projectId: string, years: TRiskReviewYears, actor: Actor): Promise<TRiskReviewYears> {
  const parsed = ZRiskReviewYears.parse(years);
  await db.$transaction(async (tx) => {
    await tx.project.update({ where: { id: projectId }, data: { riskReviewYears: parsed } });
    await writeAudit(tx, { actor, action: "project.risk_review_years_changed", objectType: "project", objectId: projectId, projectId, data: parsed });
  });
  return parsed;
}
