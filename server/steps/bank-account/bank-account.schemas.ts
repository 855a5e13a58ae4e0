/**
 * The `bank_account` step's schemas: no settings, and the business's account for the penny
 * drop (account number and IFSC, checked offline as the check does).
 * Error messages of the applicant's input are i18n keys of the flow's dictionary
 * (components/flow/i18n/en.ts `errors`). Browser-safe: no Node APIs.
 */
import { z } from "zod";
import { bankAccountNumberProblem, normalizeBankAccountNumber } from "../../checks/validators/bank-account";
import { ifscProblem, normalizeIfsc } from "../../checks/validators/ifsc";
import { identifier } from "../input-fields";

/** `bank_account`: the business's account, verified by a penny drop in the business's legal name (in.bank_account.verify). */
export const ZBankAccountSettings = z.strictObject({});

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
