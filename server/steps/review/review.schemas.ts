/**
 * The `review` step's schemas: no settings, and the applicant's confirmation.
 * Error messages of the applicant's input are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";

/** `review`: a summary of what was entered, with edit links, before the final submit. */
export const ZReviewSettings = z.strictObject({});

export const ZReviewStepInput = z.strictObject({ confirmed: z.literal(true, { error: "review_confirm_required" }) });
