/**
 * The `screening` step's schemas (issue 20): the candidate threshold, and the applicant's
 * acknowledgement of the notice (no data is entered). Browser-safe: no Node APIs.
 */
import { z } from "zod";

/** `screening`: sanctions and PEP screening of the verified name and date of birth. */
export const ZScreeningSettings = z.strictObject({
  /** minimum candidate score, 0..1 (default 0.8, bench/README.md "Screening benchmark") */
  threshold: z.number().min(0.5).max(1).default(0.8),
});
export type TScreeningSettings = z.infer<typeof ZScreeningSettings>;

export const ZScreeningStepInput = z.strictObject({ acknowledged: z.literal(true, { error: "screening_acknowledge_required" }) });
export type TScreeningStepInput = z.infer<typeof ZScreeningStepInput>;
