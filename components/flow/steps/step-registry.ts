/**
 * What the hosted flow shows of each step type (server/steps/registry.ts has the server side):
 * its component (components/flow/steps/<type>-step.tsx), its review card, what the consent
 * notice says it collects, whether it is shown again once submitted and whether it needs a
 * camera (./step-view.tsx `StepView`). Keyed by the step-type catalog, so a type without a view
 * does not compile.
 *
 * Every step's code is its own chunk, loaded when its screen (or the review's card) first shows
 * (`next/dynamic`), so a screen downloads only its own code: camera, QR and PDF code only with the
 * steps that use them. The consent step, the first screen of nearly every flow, comes with the
 * page itself.
 */
import dynamic from "next/dynamic";
import type { TStepType } from "~/server/steps/step-types";
import { ConsentStep, ConsentSummary } from "./consent-step";
import { otpNotice, panNotice } from "./step-notices";
import { StepLoading, type StepSummaryProps, type StepView } from "./step-view";

const loading = StepLoading;
const AadhaarStep = dynamic(() => import("./aadhaar-step").then((m) => m.AadhaarStep), { loading });
const BankAccountStep = dynamic(() => import("./bank-account-step").then((m) => m.BankAccountStep), { loading });
const BusinessDetailsStep = dynamic(() => import("./business-details-step").then((m) => m.BusinessDetailsStep), { loading });
const BusinessDocumentsStep = dynamic(() => import("./business-documents-step").then((m) => m.BusinessDocumentsStep), { loading });
const CkycStep = dynamic(() => import("./ckyc-step").then((m) => m.CkycStep), { loading });
const DigilockerStep = dynamic(() => import("./digilocker-step").then((m) => m.DigilockerStep), { loading });
const DocumentsStep = dynamic(() => import("./documents-step").then((m) => m.DocumentsStep), { loading });
const KeyPeopleStep = dynamic(() => import("./key-people-step").then((m) => m.KeyPeopleStep), { loading });
const OtpStep = dynamic(() => import("./otp-step").then((m) => m.OtpStep), { loading });
const PanStep = dynamic(() => import("./pan-step").then((m) => m.PanStep), { loading });
const ReviewStep = dynamic(() => import("./review-step").then((m) => m.ReviewStep), { loading });
const ScreeningStep = dynamic(() => import("./screening-step").then((m) => m.ScreeningStep), { loading });
const SelfieStep = dynamic(() => import("./selfie-step").then((m) => m.SelfieStep), { loading });

const AadhaarSummary = dynamic<StepSummaryProps>(() => import("./aadhaar-step").then((m) => m.AadhaarSummary));
const CkycSummary = dynamic<StepSummaryProps>(() => import("./ckyc-step").then((m) => m.CkycSummary));
const DigilockerSummary = dynamic<StepSummaryProps>(() => import("./digilocker-step").then((m) => m.DigilockerSummary));
const DocumentsSummary = dynamic<StepSummaryProps>(() => import("./documents-step").then((m) => m.DocumentsSummary));
const OtpSummary = dynamic<StepSummaryProps>(() => import("./otp-step").then((m) => m.OtpSummary));
const PanSummary = dynamic<StepSummaryProps>(() => import("./pan-step").then((m) => m.PanSummary));
const SelfieSummary = dynamic<StepSummaryProps>(() => import("./selfie-step").then((m) => m.SelfieSummary));

/** The view of every step type. */
export type StepViews = { [T in TStepType]: StepView };

const STEP_VIEWS: StepViews = {
  consent: { component: ConsentStep, summary: ConsentSummary, revisitable: false },
  phone: { component: OtpStep, summary: OtpSummary, collects: otpNotice },
  email: { component: OtpStep, summary: OtpSummary, collects: otpNotice },
  pan: { component: PanStep, summary: PanSummary, collects: panNotice },
  aadhaar: { component: AadhaarStep, summary: AadhaarSummary, collects: ["dataAadhaar", "sourceAadhaar"], camera: true },
  digilocker: { component: DigilockerStep, summary: DigilockerSummary, collects: ["dataDigilocker", "sourceDigilocker"] },
  documents: { component: DocumentsStep, summary: DocumentsSummary, collects: ["dataDocuments", "sourceDocuments"], camera: true },
  selfie: { component: SelfieStep, summary: SelfieSummary, collects: ["dataSelfie", "sourceDocuments"], camera: true },
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
