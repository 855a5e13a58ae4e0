/**
 * Reason codes of the dashboard's decisions: the default list and the schema of a project's
 * edited list (server/sessions/reason-codes.ts reads and stores it). Browser-safe: the
 * settings form validates with the same schema.
 */
import { z } from "zod";

export const OTHER_REASON_CODE = { code: "other", label: "Other (explain in the note)" } as const;

export const DEFAULT_REASON_CODES: readonly TReasonCode[] = [
  { code: "identity_confirmed", label: "Identity confirmed by reviewer" },
  { code: "registry_record_confirmed", label: "Registry record confirmed manually" },
  { code: "name_variation_accepted", label: "Name variation accepted (initials, spelling)" },
  { code: "name_mismatch", label: "Name does not match the registry" },
  { code: "document_invalid", label: "Document invalid or unreadable" },
  { code: "suspected_fraud", label: "Suspected fraud" },
  OTHER_REASON_CODE,
];

/** Most codes a project may define. */
export const REASON_CODES_MAX = 50;

export const ZReasonCode = z.object({
  code: z
    .string()
    .trim()
    .min(1, "Enter a code.")
    .max(64, "At most 64 characters.")
    .regex(/^[a-z][a-z0-9_]*$/, "Lower-case letters, digits and _ only, starting with a letter."),
  label: z.string().trim().min(1, "Enter a label.").max(100, "At most 100 characters."),
});
export type TReasonCode = z.infer<typeof ZReasonCode>;

/** An edited list: 1..50 codes besides `other`, no code twice. */
export const ZReasonCodeList = z
  .array(ZReasonCode)
  .max(REASON_CODES_MAX, `At most ${REASON_CODES_MAX} reason codes.`)
  .superRefine((list, ctx) => {
    if (!list.some((r) => r.code !== OTHER_REASON_CODE.code)) ctx.addIssue({ code: "custom", message: "Keep at least one reason code besides “other”." });
    const seen = new Set<string>();
    list.forEach((r, i) => {
      if (seen.has(r.code)) ctx.addIssue({ code: "custom", path: [i, "code"], message: `The code '${r.code}' is already on the list.` });
      seen.add(r.code);
    });
  });
