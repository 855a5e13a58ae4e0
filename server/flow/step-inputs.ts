/**
 * What the applicant submits for each step type. One schema per step, used by the flow's
 * tRPC procedure and by the step's react-hook-form (STYLE.md 1.4), so a message the user sees
 * while typing is the one the server enforces.
 */
import { z } from "zod";
import { normalizePan, panProblem } from "../checks/pan";

export const ZConsentStepInput = z.strictObject({
  accepted: z.literal(true, { error: "consent_required" }),
  notice_version: z.string().min(1),
});
export type TConsentStepInput = z.infer<typeof ZConsentStepInput>;

/** Error messages are i18n keys (components/flow/i18n.ts) so both languages show them. */
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
    dob: z.iso
      .date({ error: "dob_invalid" })
      .refine((d) => d >= "1900-01-01" && d <= new Date().toISOString().slice(0, 10), { error: "dob_invalid" }),
  });
}
export type TPanStepInput = z.infer<ReturnType<typeof panStepInput>>;

/** The step types the hosted flow can render today. */
export const FLOW_STEP_TYPES = ["consent", "pan"] as const;
