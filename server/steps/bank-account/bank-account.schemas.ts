/**
 * The `bank_account` step's schemas: its method (penny drop or reverse penny drop), and what the
 * applicant submits: the account for the penny drop (account number and IFSC, checked offline as
 * the check does), or the reverse penny drop check their UPI payment answered.
 * Error messages of the applicant's input are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { bankAccountNumberProblem, normalizeBankAccountNumber } from "../../checks/validators/bank-account";
import { ifscProblem, normalizeIfsc } from "../../checks/validators/ifsc";
import { identifier } from "../input-fields";

export const BANK_ACCOUNT_METHODS = ["penny_drop", "reverse_penny_drop"] as const;

/** `bank_account`: the account, verified in the holder's name by a penny drop or by the applicant's own ₹1 UPI payment. */
export const ZBankAccountSettings = z.strictObject({
  method: z.enum(BANK_ACCOUNT_METHODS).default("penny_drop").meta({
    title: "Verification method",
    description:
      "Penny drop: the applicant types the account number and IFSC, ₹1 is sent to it (in.bank_account.verify). Reverse penny drop: the applicant pays ₹1 from their own bank app over UPI (a button on a phone, a QR code on a desktop), the bank reports the payer's name, account and IFSC, and the rupee is refunded (in.bank_account.reverse_penny_drop).",
  }),
});
export type TBankAccountSettings = z.infer<typeof ZBankAccountSettings>;

/** `bank_account` with `method: reverse_penny_drop`: the check the applicant's UPI payment answered (server/steps/bank-account/upi-payment.ts). */
export const ZBankAccountUpiInput = z.strictObject({ check_id: z.string({ error: "upi_payment_required" }).min(1, { error: "upi_payment_required" }).max(64) });

/** `bank_account`: the business's current account for the penny drop (`in.bank_account.verify`). */
export const ZBankAccountStepInput = z
  .strictObject({
    account_number: z
      .string({ error: "account_number_required" })
      .max(40, { error: "bank_account_number_invalid" })
      .transform(normalizeBankAccountNumber)
      .superRefine((v, ctx) => {
        const p = v ? bankAccountNumberProblem(v) : "account_number_required";
        if (p) ctx.addIssue({ code: "custom", message: p });
      }),
    account_number_confirm: z.string().max(40),
    ifsc: identifier(normalizeIfsc, ifscProblem, "ifsc_required"),
  })
  .superRefine((input, ctx) => {
    if (normalizeBankAccountNumber(input.account_number_confirm) !== input.account_number) {
      ctx.addIssue({ code: "custom", path: ["account_number_confirm"], message: "account_number_mismatch" });
    }
  })
  .transform(({ account_number, ifsc }) => ({ account_number, ifsc }));
export type TBankAccountStepInput = z.output<typeof ZBankAccountStepInput>;
export type TBankAccountForm = z.input<typeof ZBankAccountStepInput>;
