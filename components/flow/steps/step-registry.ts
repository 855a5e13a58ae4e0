/**
 * Which component renders each step type. A new type plugs in as
 * components/flow/steps/<type>-step.tsx plus one line here.
 */
import type { ComponentType } from "react";
import type { StepProps } from "../flow-types";
import { AadhaarStep } from "./aadhaar-step";
import { BankAccountStep } from "./bank-account-step";
import { BusinessDetailsStep } from "./business-details-step";
import { BusinessDocumentsStep } from "./business-documents-step";
import { ConsentStep } from "./consent-step";
import { DocumentsStep } from "./documents-step";
import { KeyPeopleStep } from "./key-people-step";
import { OtpStep } from "./otp-step";
import { PanStep } from "./pan-step";
import { ReviewStep } from "./review-step";
import { SelfieStep } from "./selfie-step";
import { UnsupportedStep } from "./unsupported-step";

const STEP_COMPONENTS: Partial<Record<string, ComponentType<StepProps>>> = {
  consent: ConsentStep,
  phone: OtpStep,
  email: OtpStep,
  pan: PanStep,
  aadhaar: AadhaarStep,
  documents: DocumentsStep,
  selfie: SelfieStep,
  review: ReviewStep,
  business_details: BusinessDetailsStep,
  business_documents: BusinessDocumentsStep,
  key_people: KeyPeopleStep,
  bank_account: BankAccountStep,
};

export function stepComponent(type: string): ComponentType<StepProps> {
  return STEP_COMPONENTS[type] ?? UnsupportedStep;
}
