import type { TApplicantReason } from "~/server/review/reason-codes.schemas";
import type { Locale } from "./i18n/locales";

/**
 * What the applicant is told about a decision's reason code (flow state `resubmission.message`,
 * `decisionReason`), in `locale`, else in the other language; null: none (the caller shows the
 * flow's generic sentence or nothing).
 */
export function applicantText(text: TApplicantReason | null, locale: Locale): string | null {
  if (!text) return null;
  return text[locale] ?? text.en ?? text.hi;
}
