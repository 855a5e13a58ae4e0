/**
 * `bank_account`: the applicant's (KYC) or the business's (KYB) bank account, verified in the
 * holder's name: a KYB session's legal name (from `business_details`, else the business PAN step),
 * a KYC session's PAN name (else the prefilled name); see upi-payment.ts `accountHolderName`.
 * Two methods (settings `method`):
 * - `penny_drop` (default): the applicant types the account number and IFSC; the check is a penny
 *   drop in the holder's name, `in.bank_account.verify` with `{ account_number, ifsc, name }`.
 * - `reverse_penny_drop`: the applicant pays ₹1 from their own bank app over UPI (the flow's page
 *   starts and polls the request, server/steps/bank-account/upi-payment.ts); the step is submitted
 *   with the finished check `in.bank_account.reverse_penny_drop`, which counts for the session as
 *   if the pipeline had run it: by the page, or by the service when the check finished without it
 *   (`awaitedCheck`). The step keeps the account only masked.
 */
import { DomainError } from "../../errors";
import { defineStep } from "../step-type";
import { type TBankAccountSettings, ZBankAccountSettings, ZBankAccountStepInput, ZBankAccountUpiInput } from "./bank-account.schemas";
import { accountHolderName, takeUpiPayment, upiPaymentSubmission } from "./upi-payment-step";

export const bankAccountStep = defineStep<TBankAccountSettings, Record<string, unknown>>({
  type: "bank_account",
  label: "Bank account",
  description:
    "A bank account verified with the bank in the holder's name: a penny drop to the account number and IFSC typed, or the applicant's own ₹1 UPI payment (reverse penny drop, refunded).",
  for: ["kyc", "kyb"],
  settings: ZBankAccountSettings,
  input: ({ settings }) => (settings.method === "reverse_penny_drop" ? ZBankAccountUpiInput : ZBankAccountStepInput),
  /**
   * @throws DomainError step_not_available while the holder's name is not known yet (penny drop);
   *   for the reverse penny drop, upi-payment.ts `takeUpiPayment`'s errors.
   */
  async submit({ db, session, step, settings, input }) {
    if (settings.method === "reverse_penny_drop") return takeUpiPayment(db, session, step.name, String(input.check_id));
    const name = accountHolderName(session);
    if (!name) throw new DomainError("step_not_available", "Enter the account holder's name first.", { param: "step" });
    return { data: { ...input, name }, method: "manual_entry" };
  },
  /** A reverse penny drop whose payment came back while nobody submitted the step (server/flow/submit-step.ts `takeAwaitedCheck`). */
  awaitedCheck: ({ session, check }) => upiPaymentSubmission(session, check),
  /**
   * The penny drop's check; a reverse penny drop's check ran before the submission and the pipeline
   * adopts it (had it been deleted, the planned one was never begun: failed payment_request_missing).
   */
  plannedChecks: ({ data: d }) =>
    d.method === "reverse_penny_drop"
      ? [{ key: "in.bank_account.reverse_penny_drop", input: { name: d.name } }]
      : [{ key: "in.bank_account.verify", input: { account_number: d.account_number, ifsc: d.ifsc, name: d.name } }],
  /** A reverse penny drop shows where the rupee came from (masked), never the check's id. */
  publicValues: (d) =>
    d.method === "reverse_penny_drop" ? { method: d.method, account_number_masked: d.account_number_masked ?? null, bank_name: d.bank_name ?? null } : d,
});
