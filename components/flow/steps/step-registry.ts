/**
 * What the hosted flow shows of each step type (server/steps/registry.ts has the server side):
 * its component (components/flow/steps/<type>-step.tsx), its review card, what the consent
 * notice says it collects and whether it is shown again once submitted (./step-view.tsx
 * `StepView`). Keyed by the step-type catalog, so a type
 * without a view does not compile.
 */
import type { TStepType } from "~/server/steps/step-types";
import { AadhaarStep, AadhaarSummary } from "./aadhaar-step";
import { BankAccountStep } from "./bank-account-step";
import { BusinessDetailsStep } from "./business-details-step";
import { BusinessDocumentsStep } from "./business-documents-step";
import { CkycStep, CkycSummary } from "./ckyc-step";
import { ConsentStep, ConsentSummary } from "./consent-step";
import { DigilockerStep, DigilockerSummary } from "./digilocker-step";
import { DocumentsStep, DocumentsSummary } from "./documents-step";
import { KeyPeopleStep } from "./key-people-step";
import { otpNotice, OtpStep, OtpSummary } from "./otp-step";
import { panNotice, PanStep, PanSummary } from "./pan-step";
import { ReviewStep } from "./review-step";
import { ScreeningStep } from "./screening-step";
import { SelfieStep, SelfieSummary } from "./selfie-step";
import type { StepView } from "./step-view";

/** The view of every step type. */
export type StepViews = { [T in TStepType]: StepView };

const STEP_VIEWS: StepViews = {
  consent: { component: ConsentStep, summary: ConsentSummary, revisitable: false },
  phone: { component: OtpStep, summary: OtpSummary, collects: otpNotice },
  email: { component: OtpStep, summary: OtpSummary, collects: otpNotice },
  pan: { component: PanStep, summary: PanSummary, collects: panNotice },
  aadhaar: { component: AadhaarStep, summary: AadhaarSummary, collects: ["dataAadhaar", "sourceAadhaar"] },
  digilocker: { component: DigilockerStep, summary: DigilockerSummary, collects: ["dataDigilocker", "sourceDigilocker"] },
  documents: { component: DocumentsStep, summary: DocumentsSummary, collects: ["dataDocuments", "sourceDocuments"] },
  selfie: { component: SelfieStep, summary: SelfieSummary, collects: ["dataSelfie", "sourceDocuments"] },
  review: { component: ReviewStep, summary: null },
  business_details: { component: BusinessDetailsStep, collects: ["dataBusinessDetails", "sourceRegistries"] },
  business_documents: { component: BusinessDocumentsStep, collects: ["dataBusinessDocuments", "sourceDocuments"] },
  key_people: { component: KeyPeopleStep, collects: ["dataKeyPeople", "sourceKeyPeople"] },
  bank_account: { component: BankAccountStep, collects: ["dataBankAccount", "sourceBankAccount"] },
  ckyc: { component: CkycStep, summary: CkycSummary, collects: ["dataCkyc", "sourceCkyc"] },
  screening: { component: ScreeningStep, summary: null, collects: ["dataScreening", "sourceScreening"] },
};

/** The view of step type `type`, or undefined for a type this version of the flow does not know. */
export function stepView(type: string): StepView | undefined {
  return Object.hasOwn(STEP_VIEWS, type) ? STEP_VIEWS[type as TStepType] : undefined;
}
