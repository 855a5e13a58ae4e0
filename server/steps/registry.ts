/**
 * The step-type registry: the module of every step type (./step-type.ts), by type. The hosted
 * flow, the check pipeline, the builder's catalog and publishing read it; nothing else branches
 * on a step type. Adding a type: its folder `server/steps/<type>/` (`<type>.schemas.ts`,
 * `<type>-step.ts`), its line here and in ./step-types.ts, and its component in
 * components/flow/steps/step-registry.ts; the compiler points at each missing line.
 */
import { aadhaarStep } from "./aadhaar/aadhaar-step";
import { bankAccountStep } from "./bank-account/bank-account-step";
import { businessDetailsStep } from "./business-details/business-details-step";
import { businessDocumentsStep } from "./business-documents/business-documents-step";
import { ckycStep } from "./ckyc/ckyc-step";
import { consentStep } from "./consent/consent-step";
import { digilockerStep } from "./digilocker/digilocker-step";
import { documentsStep } from "./documents/documents-step";
import { keyPeopleStep } from "./key-people/key-people-step";
import { emailStep, phoneStep } from "./otp/otp-step";
import { panStep } from "./pan/pan-step";
import { reviewStep } from "./review/review-step";
import { screeningStep } from "./screening/screening-step";
import { selfieStep } from "./selfie/selfie-step";
import type { z } from "zod";
import type { StepType } from "./step-type";
import type { STEP_SETTINGS, TStepType } from "./step-types";

/** Every step type's module; each has the settings schema ./step-types.ts lists for it. */
export const STEP_REGISTRY = {
  consent: consentStep,
  phone: phoneStep,
  email: emailStep,
  pan: panStep,
  aadhaar: aadhaarStep,
  digilocker: digilockerStep,
  documents: documentsStep,
  selfie: selfieStep,
  review: reviewStep,
  business_details: businessDetailsStep,
  business_documents: businessDocumentsStep,
  key_people: keyPeopleStep,
  bank_account: bankAccountStep,
  ckyc: ckycStep,
  screening: screeningStep,
} satisfies { [T in TStepType]: StepType<z.output<(typeof STEP_SETTINGS)[T]>> };

/** The module of step type `type`, or undefined for a type the catalog does not have. */
export function stepType(type: string): StepType | undefined {
  return Object.hasOwn(STEP_REGISTRY, type) ? STEP_REGISTRY[type as TStepType] : undefined;
}

/** The step types whose module has `hook` (e.g. `uploadKinds`: the types that take uploads), in catalog order. */
export function stepTypesWith(hook: keyof StepType): string[] {
  return Object.values(STEP_REGISTRY as Record<TStepType, StepType>)
    .filter((t) => t[hook] !== undefined)
    .map((t) => t.type);
}
