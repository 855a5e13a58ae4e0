/**
 * The `consent` step's schemas: its settings (the DPDP notice the workflow shows) and what the
 * applicant submits.
 * Error messages of the applicant's input are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { CONSENT_NOTICE_VERSION, CONSENT_RETENTION_DAYS_DEFAULT } from "./consent-defaults";

export { CONSENT_NOTICE_VERSION };

export const ZConsentSettings = z.strictObject({
  /** Version of the DPDP notice text (components/flow/i18n) shown and recorded with consent. */
  notice_version: z
    .string()
    .min(1)
    .default(CONSENT_NOTICE_VERSION)
    .meta({ title: "Notice version", description: "Version of the privacy notice text shown to the applicant and recorded with the consent." }),
  purposes: z
    .array(z.string().min(1))
    .default(["identity_verification"])
    .meta({ title: "Purposes", description: "Why the data is processed, recorded with the consent (comma-separated codes)." }),
  /** Erased when it ends: server/sessions/retention.ts. */
  retention_days: z.number().int().positive().default(CONSENT_RETENTION_DAYS_DEFAULT).meta({
    title: "Retention (days)",
    description: "How long the personal data is kept after the verification ends, as the notice states; it is erased then.",
  }),
  /** Grievance officer contact shown in the notice (DPDP Act 2023 s.8(10)); defaults to the organization. */
  grievance_contact: z
    .string()
    .max(200)
    .optional()
    .meta({ title: "Grievance contact", description: "The grievance officer named in the notice (DPDP Act 2023 s.8(10)); empty: the organization." }),
});

export const ZConsentStepInput = z.strictObject({
  accepted: z.literal(true, { error: "consent_required" }),
  notice_version: z.string().min(1),
});
export type TConsentStepInput = z.infer<typeof ZConsentStepInput>;
