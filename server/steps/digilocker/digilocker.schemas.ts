/**
 * The `digilocker` step's schemas: its settings (which issued documents to keep, and which UIDAI
 * offline artefacts to fall back to) and what the flow submits. Messages of the applicant's input
 * are i18n keys of the flow's dictionary (components/flow/i18n/en.ts `errors`). Browser-safe.
 */
import { z } from "zod";
import { AADHAAR_METHODS, ZOfflineEkycStepInput, ZSecureQrStepInput } from "../aadhaar/aadhaar.schemas";

/** DigiLocker document types (5 characters, DigiLocker's `doctype`) the builder suggests. */
export const DIGILOCKER_DOCTYPES = {
  PANCR: "PAN verification record (Income Tax Department)",
  DRVLC: "Driving licence (transport departments)",
  VTRCR: "Voter ID (Election Commission)",
} as const;

export const ZDigilockerSettings = z.strictObject({
  documents: z
    .array(z.string().regex(/^[A-Z0-9]{5}$/, "A DigiLocker document type has 5 characters, e.g. PANCR."))
    .max(10)
    .default(["PANCR"])
    .meta({
      title: "Issued documents to keep",
      description: `DigiLocker document types stored as evidence when the applicant has them, e.g. ${Object.entries(DIGILOCKER_DOCTYPES)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}.`,
    }),
  fallback: z
    .array(z.enum(AADHAAR_METHODS))
    .default([...AADHAAR_METHODS])
    .meta({
      title: "Fallback",
      description:
        "Offered when DigiLocker holds no Aadhaar for the applicant or they decline: Offline e-KYC and/or Secure QR, in this order; none = the step cannot be completed without DigiLocker.",
    }),
});
export type TDigilockerSettings = z.infer<typeof ZDigilockerSettings>;

const ZDigilockerOutcomeInput = z.strictObject({
  method: z.literal("digilocker"),
  authorization_id: z.string({ error: "digilocker_failed" }).regex(/^dla_[A-Za-z0-9]{8,40}$/, { error: "digilocker_failed" }),
});

/**
 * What the flow submits: the DigiLocker authorization it came back with, or (as the settings'
 * `fallback` allows) an Offline e-KYC or a Secure QR as the `aadhaar` step takes them.
 */
export function digilockerStepInput(settings: TDigilockerSettings) {
  const fallback = [
    ...(settings.fallback.includes("offline_ekyc") ? [ZOfflineEkycStepInput] : []),
    ...(settings.fallback.includes("secure_qr") ? [ZSecureQrStepInput] : []),
  ];
  // a method the settings do not allow is not an option at all: `aadhaar_method_required`
  return z.discriminatedUnion("method", [ZDigilockerOutcomeInput, ...fallback], { error: "aadhaar_method_required" });
}
export type TDigilockerStepInput = z.infer<ReturnType<typeof digilockerStepInput>>;
