/**
 * Periodic re-KYC (issue 20, item 5; RBI KYC Directions: update KYC at least every 2 years for
 * high-risk, 8 for medium-risk and 10 for low-risk customers). A project may set its own
 * intervals (`projects.risk_review_years`, dashboard settings).
 */
import { z } from "zod";
import type { TRiskLevel } from "../workflows/workflow.schemas";

/** Years between reviews by risk level. */
export const ZRiskReviewYears = z.strictObject({
  high: z.int().min(1).max(10),
  medium: z.int().min(1).max(10),
  low: z.int().min(1).max(10),
});
export type TRiskReviewYears = z.infer<typeof ZRiskReviewYears>;

export const DEFAULT_RISK_REVIEW_YEARS: TRiskReviewYears = { high: 2, medium: 8, low: 10 };

/** A stored `risk_review_years`; null or unreadable -> the defaults. */
export function reviewYears(stored: unknown): TRiskReviewYears {
  const parsed = ZRiskReviewYears.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_RISK_REVIEW_YEARS;
}

/** When the next review of a customer at `level` approved at `from` is due (calendar years, UTC). */
export function nextReviewDate(level: TRiskLevel, years: TRiskReviewYears, from: Date): Date {
  const due = new Date(from);
  due.setUTCFullYear(due.getUTCFullYear() + years[level]);
  return due;
}
