/** `review`: a summary of everything entered, with edit links, then the applicant's confirmation. No checks. */
import { defineStep } from "../step-type";
import { ZReviewSettings, ZReviewStepInput } from "./review.schemas";

export const reviewStep = defineStep({
  type: "review",
  label: "Review",
  description: "A summary of everything entered, with edit links, before the final submit.",
  for: ["kyc", "kyb"],
  settings: ZReviewSettings,
  input: () => ZReviewStepInput,
  submit: async () => ({ data: { confirmed: true, at: new Date().toISOString() }, method: "confirmation" }),
});
