/**
 * What the consent notice says the steps whose entry depends on their settings collect
 * (./step-registry.ts): kept apart from the steps' components, so the consent screen does not
 * load their code.
 */
import type { FlowSession, FlowStep } from "../flow-types";
import type { NoticeEntry } from "./step-view";

/** Whose verification the notice is for: an individual's (`kyc`) or a business's (`kyb`). */
export type NoticeSubject = FlowSession["type"];

/** A `phone` / `email` step: the mobile number or the email address. */
export function otpNotice(step: FlowStep): NoticeEntry {
  return step.type === "email" ? ["dataEmail", "sourceOtp"] : ["dataPhone", "sourceOtp"];
}

/** A `pan` step: a business's PAN is its own. */
export function panNotice(step: FlowStep): NoticeEntry {
  return [step.settings.holder === "business" ? "dataBusinessPan" : "dataPan", "sourcePan"];
}

/**
 * A `bank_account` step: the applicant's own account (KYC) or the business's (KYB), confirmed by a
 * penny drop or by the applicant's ₹1 UPI payment (settings `method: reverse_penny_drop`), the
 * holder's name compared with the applicant's or the business's.
 */
export function bankAccountNotice(step: FlowStep, subject: NoticeSubject): NoticeEntry {
  const business = subject === "kyb";
  const upi = step.settings.method === "reverse_penny_drop";
  const source = upi ? (business ? "sourceBusinessUpiPayment" : "sourceUpiPayment") : business ? "sourceBusinessBankAccount" : "sourceBankAccount";
  return [business ? "dataBusinessBankAccount" : "dataBankAccount", source];
}
