/**
 * The `ckyc` step's schemas: its settings (which steps a downloaded CKYC record makes
 * unnecessary) and what the applicant submits (PAN and date of birth, or that they go on
 * without CKYC). Error messages of the applicant's input are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { normalizePan, panProblem } from "../../checks/pan";

/** The steps a downloaded CKYC record can stand in for: it holds the PAN, name, date of birth, address and an officially valid document. */
export const CKYC_SKIPPABLE_STEPS = ["pan", "aadhaar", "documents"] as const;

export const ZCkycSettings = z.strictObject({
  skip_steps: z.array(z.enum(CKYC_SKIPPABLE_STEPS)).default(["pan", "documents"]).meta({
    title: "Steps a CKYC record replaces",
    description:
      "Steps skipped when the applicant's CKYC record was downloaded (the record proves the PAN, name, date of birth, address and identity document).",
  }),
});
export type TCkycSettings = z.infer<typeof ZCkycSettings>;

export const ZCkycStepInput = z.union([
  z.strictObject({
    pan: z
      .string()
      .transform(normalizePan)
      .superRefine((pan, ctx) => {
        const problem = panProblem(pan, "individual");
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    dob: z.iso.date({ error: "dob_invalid" }).refine((d) => d >= "1900-01-01" && d <= new Date().toISOString().slice(0, 10), { error: "dob_invalid" }),
  }),
  z.strictObject({ skip: z.literal(true) }),
]);
export type TCkycStepInput = z.infer<typeof ZCkycStepInput>;
