/**
 * `bank_account`: the business's current account. The business's legal name (from
 * `business_details`, else the business PAN step) is stored with it, and the check is a penny
 * drop in that name: `in.bank_account.verify` with `{ account_number, ifsc, name }`.
 */
import { DomainError } from "../../errors";
import { businessLegalName } from "../../kyb/business-profile";
import { defineStep } from "../step-type";
import { ZBankAccountSettings, ZBankAccountStepInput } from "./bank-account.schemas";

export const bankAccountStep = defineStep({
  type: "bank_account",
  label: "Bank account",
  description: "An account number and IFSC, verified with the bank with the holder's name.",
  for: ["kyb"],
  settings: ZBankAccountSettings,
  input: () => ZBankAccountStepInput,
  /** @throws DomainError step_not_available while the business's name is not known yet. */
  async submit({ session, input }) {
    const name = businessLegalName(session.steps);
    if (!name) throw new DomainError("step_not_available", "Enter the business's details first.", { param: "step" });
    return { data: { ...input, name }, method: "manual_entry" };
  },
  plannedChecks: ({ data: d }) => [{ key: "in.bank_account.verify", input: { account_number: d.account_number, ifsc: d.ifsc, name: d.name } }],
});
