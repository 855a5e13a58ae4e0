/** Session API input schemas (interface.md 2.2, 2.5; limits of part 8 and decisions.md). */
import { z } from "zod";
import { ZLocale } from "../workflows/workflow.schemas";

export const SESSION_STATUSES = [
  "created",
  "started",
  "in_progress",
  "processing",
  "review",
  "approved",
  "declined",
  "resubmission_requested",
  "expired",
  "cancelled",
] as const;
export const ZSessionStatus = z.enum(SESSION_STATUSES);
export type TSessionStatus = z.infer<typeof ZSessionStatus>;

/** map of string to string: at most 50 keys, key <= 40 chars, value <= 500 chars. */
export const ZMetadata = z
  .record(z.string().min(1).max(40, "metadata keys are at most 40 characters"), z.string().max(500, "metadata values are at most 500 characters"))
  .refine((m) => Object.keys(m).length <= 50, "at most 50 metadata keys");

export const ZCreateSessionRequest = z.strictObject({
  workflow_id: z.string().min(1),
  reference_id: z.string().min(1).max(128).optional(),
  country: z.string().length(2).optional(),
  prefill: z
    .strictObject({
      phone: z.string().max(20).optional(),
      email: z.email().optional(),
      full_name: z.string().max(200).optional(),
    })
    .optional(),
  locale: ZLocale.optional(),
  redirect_url: z.url({ protocol: /^https?$/ }).optional(),
  metadata: ZMetadata.optional(),
  expires_in: z.number().int().min(300).max(2_592_000).optional(),
});
export type TCreateSessionRequest = z.infer<typeof ZCreateSessionRequest>;

export const ZDecisionOutcome = z.enum(["approved", "declined", "resubmission_requested"]);

export const ZDecisionRequest = z.strictObject({
  outcome: ZDecisionOutcome,
  reason_code: z.string().min(1).max(64),
  note: z.string().max(2000).optional(),
  steps: z.array(z.string().min(1)).min(1).optional(),
});
export type TDecisionRequest = z.infer<typeof ZDecisionRequest>;
