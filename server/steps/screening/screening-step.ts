/**
 * `screening` (issue 20): sanctions and PEP screening (`in.aml.screen`) of the applicant. The
 * applicant only reads a notice; the check screens the name and date of birth entered in the
 * `pan` step together with the names the identity checks verified (PAN registry, UIDAI-signed
 * Aadhaar), once those checks finished (server/screening/screen-check.ts). Put it after the
 * identity steps. A confirmed sanctions match fails the check with `sanctions_match`; a decision
 * rule `{ when: { check: "aml.screen", error_code: ["sanctions_match"] }, outcome: "decline" }`
 * declines the session.
 */
import { defineStep } from "../step-type";
import { ZScreeningSettings, ZScreeningStepInput } from "./screening.schemas";

export const screeningStep = defineStep({
  type: "screening",
  label: "Sanctions and PEP screening",
  description: "Screens the verified name and date of birth against the UN, OFAC, MHA and PEP lists after the identity checks; the applicant enters nothing.",
  for: ["kyc"],
  settings: ZScreeningSettings,
  input: () => ZScreeningStepInput,
  submit: async () => ({ data: { acknowledged: true }, method: "automatic" }),
  plannedChecks({ settings, steps }) {
    const pan = steps.find((s) => s.type === "pan")?.data as { name?: unknown; dob?: unknown } | undefined;
    return [
      {
        key: "in.aml.screen",
        input: {
          name: typeof pan?.name === "string" ? pan.name : "",
          ...(typeof pan?.dob === "string" ? { date_of_birth: pan.dob } : {}),
          nationality: "IN",
          threshold: settings.threshold,
        },
      },
    ];
  },
});
