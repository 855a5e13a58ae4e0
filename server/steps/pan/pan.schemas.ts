/**
 * The `pan` step's schemas: its settings (holder type, the PAN-Aadhaar link check) and what the
 * applicant submits (PAN, name, date of birth).
 * Error messages of the applicant's input are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { normalizePan, panProblem } from "../../checks/pan";

export const ZPanSettings = z.strictObject({
  /** `individual`: 4th letter must be P; `business`: any non-individual holder type. */
  holder: z
    .enum(["individual", "business"])
    .default("individual")
    .meta({ title: "PAN holder", description: "Individual: the 4th letter of the PAN must be P; business: any other holder type." }),
  /** Also check that an individual's PAN is linked with Aadhaar (`in.pan.aadhaar_link`; an unlinked PAN is inoperative). */
  aadhaar_link: z
    .boolean()
    .default(false)
    .meta({ title: "Check the PAN-Aadhaar link", description: "An individual's PAN that is not linked with Aadhaar is inoperative (in.pan.aadhaar_link)." }),
});

export function panStepInput(holder: "individual" | "business") {
  return z.strictObject({
    pan: z
      .string()
      .transform(normalizePan)
      .superRefine((pan, ctx) => {
        const problem = panProblem(pan, holder);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    name: z
      .string()
      .trim()
      .min(2, { error: "name_required" })
      .max(100, { error: "name_too_long" })
      .regex(/^[\p{L} .'-]+$/u, { error: "name_invalid" }),
    dob: z.iso.date({ error: "dob_invalid" }).refine((d) => d >= "1900-01-01" && d <= new Date().toISOString().slice(0, 10), { error: "dob_invalid" }),
  });
}
export type TPanStepInput = z.infer<ReturnType<typeof panStepInput>>;
