/**
 * What the hosted flow shows of each step type (server/steps/registry.ts has the server side):
 * its component (components/flow/steps/<type>-step.tsx), its review card, what the consent
 * notice says it collects, whether it is shown again once submitted and whether it needs a
 * camera (./step-view.tsx `StepView`). Keyed by the step-type catalog, so a type without a view
 * does not compile.
 *
 * Every step's code is its own chunk, loaded when its screen (or the review's card) first shows
 * (`next/dynamic`), so a screen downloads only its own code: camera, QR and PDF code only with the
 * steps that use them; `preloadStepView` starts that download early. A step's screen also waits
 * for the step screens' messages (`withStepMessages`, ../i18n/locales.ts). The consent step, the
 * first screen of nearly every flow, comes with the page itself, and its messages too.
 */
import dynamic from "next/dynamic";
import type { TStepType } from "~/server/steps/step-types";
import { withStepMessages } from "../i18n/flow-intl";
import { stepMessages, type Locale } from "../i18n/locales";
import { ConsentStep, ConsentSummary } from "./consent-step";
import { bankAccountNotice, otpNotice, panNotice } from "./step-notices";
import { StepLoading, type StepSummaryProps, type StepView } from "./step-view";

const loading = StepLoading;

/** Each step type's own module (its chunk), but the consent step's, which comes with the page. */
const MODULES = {
  aadhaar: () => import("./aadhaar-step"),
  bank_account: () => import("./bank-account-step"),
  business_details: () => import("./business-details-step"),
  business_documents: () => import("./business-documents-step"),
  ckyc: () => import("./ckyc-step"),
  digilocker: () => import("./digilocker-step"),
  documents: () => import("./documents-step"),
  key_people: () => import("./key-people-step"),
  phone: () => import("./otp-step"),
  email: () => import("./otp-step"),
  pan: () => import("./pan-step"),
  review: () => import("./review-step"),
  screening: () => import("./screening-step"),
  selfie: () => import("./selfie-step"),
} satisfies Record<Exclude<TStepType, "consent">, () => Promise<unknown>>;

const AadhaarStep = dynamic(() => MODULES.aadhaar().then((m) => withStepMessages(m.AadhaarStep)), { loading });
const BankAccountStep = dynamic(() => MODULES.bank_account().then((m) => withStepMessages(m.BankAccountStep)), { loading });
const BusinessDetailsStep = dynamic(() => MODULES.business_details().then((m) => withStepMessages(m.BusinessDetailsStep)), { loading });
const BusinessDocumentsStep = dynamic(() => MODULES.business_documents().then((m) => withStepMessages(m.BusinessDocumentsStep)), { loading });
const CkycStep = dynamic(() => MODULES.ckyc().then((m) => withStepMessages(m.CkycStep)), { loading });
const DigilockerStep = dynamic(() => MODULES.digilocker().then((m) => withStepMessages(m.DigilockerStep)), { loading });
const DocumentsStep = dynamic(() => MODULES.documents().then((m) => withStepMessages(m.DocumentsStep)), { loading });
const KeyPeopleStep = dynamic(() => MODULES.key_people().then((m) => withStepMessages(m.KeyPeopleStep)), { loading });
const OtpStep = dynamic(() => MODULES.phone().then((m) => withStepMessages(m.OtpStep)), { loading });
const PanStep = dynamic(() => MODULES.pan().then((m) => withStepMessages(m.PanStep)), { loading });
const ReviewStep = dynamic(() => MODULES.review().then((m) => withStepMessages(m.ReviewStep)), { loading });
const ScreeningStep = dynamic(() => MODULES.screening().then((m) => withStepMessages(m.ScreeningStep)), { loading });
const SelfieStep = dynamic(() => MODULES.selfie().then((m) => withStepMessages(m.SelfieStep)), { loading });

const AadhaarSummary = dynamic<StepSummaryProps>(() => MODULES.aadhaar().then((m) => m.AadhaarSummary));
const CkycSummary = dynamic<StepSummaryProps>(() => MODULES.ckyc().then((m) => m.CkycSummary));
const DigilockerSummary = dynamic<StepSummaryProps>(() => MODULES.digilocker().then((m) => m.DigilockerSummary));
const DocumentsSummary = dynamic<StepSummaryProps>(() => MODULES.documents().then((m) => m.DocumentsSummary));
const OtpSummary = dynamic<StepSummaryProps>(() => MODULES.phone().then((m) => m.OtpSummary));
const PanSummary = dynamic<StepSummaryProps>(() => MODULES.pan().then((m) => m.PanSummary));
const SelfieSummary = dynamic<StepSummaryProps>(() => MODULES.selfie().then((m) => m.SelfieSummary));

/**
 * Starts downloading step type `type`'s code and, in `locale`, the step screens' messages now
 * (before its screen renders; nothing for the consent step or an unknown type), so they arrive
 * while the page is still starting.
 */
export function preloadStepView(type: string, locale: Locale): void {
  if (!Object.hasOwn(MODULES, type)) return;
  // a failure shows when the screen loads them
  void MODULES[type as keyof typeof MODULES]().catch(() => undefined);
  void stepMessages(locale).catch(() => undefined);
}

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
  bank_account: { component: BankAccountStep, collects: bankAccountNotice },
  ckyc: { component: CkycStep, summary: CkycSummary, collects: ["dataCkyc", "sourceCkyc"] },
  screening: { component: ScreeningStep, summary: null, collects: ["dataScreening", "sourceScreening"] },
};

/** The view of step type `type`, or undefined for a type this version of the flow does not know. */
export function stepView(type: string): StepView | undefined {
  return Object.hasOwn(STEP_VIEWS, type) ? STEP_VIEWS[type as TStepType] : undefined;
}
