/**
 * The step-type catalog with each type's settings schema, in catalog order: the browser-safe
 * half of the registry. The dashboard's builder and the workflow schema
 * (server/workflows/workflow.schemas.ts `ZStepType`, `ZWorkflowDefinition`) run in the browser
 * too and cannot import the step modules' server code, so they read the types and settings
 * here. ./registry.ts must hold a module of every type listed here, with the same settings
 * schema (checked by the compiler and by registry.test.ts).
 */
import { ZAadhaarSettings } from "./aadhaar/aadhaar.schemas";
import { ZBankAccountSettings } from "./bank-account/bank-account.schemas";
import { ZBusinessDetailsSettings } from "./business-details/business-details.schemas";
import { ZBusinessDocumentsSettings } from "./business-documents/business-documents.schemas";
import { ZCkycSettings } from "./ckyc/ckyc.schemas";
import { ZConsentSettings } from "./consent/consent.schemas";
import { ZDigilockerSettings } from "./digilocker/digilocker.schemas";
import { ZDocumentsSettings } from "./documents/documents.schemas";
import { ZKeyPeopleSettings } from "./key-people/key-people.schemas";
import { ZEmailSettings, ZPhoneSettings } from "./otp/otp.schemas";
import { ZPanSettings } from "./pan/pan.schemas";
import { ZReviewSettings } from "./review/review.schemas";
import { ZScreeningSettings } from "./screening/screening.schemas";
import { ZSelfieSettings } from "./selfie/selfie.schemas";

/** The settings schema of each step type, by type. */
export const STEP_SETTINGS = {
  consent: ZConsentSettings,
  phone: ZPhoneSettings,
  email: ZEmailSettings,
  pan: ZPanSettings,
  aadhaar: ZAadhaarSettings,
  digilocker: ZDigilockerSettings,
  documents: ZDocumentsSettings,
  selfie: ZSelfieSettings,
  review: ZReviewSettings,
  business_details: ZBusinessDetailsSettings,
  business_documents: ZBusinessDocumentsSettings,
  key_people: ZKeyPeopleSettings,
  bank_account: ZBankAccountSettings,
  ckyc: ZCkycSettings,
  screening: ZScreeningSettings,
} as const;

/** A step type's name. */
export type TStepType = keyof typeof STEP_SETTINGS;

/** The step types in catalog order (the order of STEP_SETTINGS). */
export const STEP_TYPES = Object.keys(STEP_SETTINGS) as [TStepType, ...TStepType[]];
