/**
 * Field schemas that several step types' applicant inputs share. Messages are i18n keys of the
 * flow's dictionary (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";

/** An evidence file id as returned by the upload route. */
export const ZFileId = z.string().regex(/^file_[0-9A-Za-z]{20,40}$/, { error: "file_required" });

/** An identifier field: upper-cased without spaces, then `problem` (a validator of server/checks/validators) must pass. */
export function identifier(normalize: (raw: string) => string, problem: (v: string) => string | null, required: string) {
  return z
    .string({ error: required })
    .max(40, { error: required })
    .transform(normalize)
    .superRefine((v, ctx) => {
      const p = v ? problem(v) : required;
      if (p) ctx.addIssue({ code: "custom", message: p });
    });
}

/** An optional text field: blank becomes undefined. */
export const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
