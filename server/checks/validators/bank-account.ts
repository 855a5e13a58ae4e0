/**
 * Indian bank account number structure. There is no national standard (RBI leaves the format
 * to each bank); account numbers in use are 9 to 18 digits (NPCI IMPS / NACH account number
 * field rules and bank practice), so that is what is accepted offline. Whether an account
 * exists is answered by a penny-drop at the bank.
 */
export const BANK_ACCOUNT_PATTERN = /^[0-9]{9,18}$/;

/** Strips spaces and hyphens, as numbers are printed in groups (`5010 0012 3456 78`). */
export function normalizeBankAccountNumber(raw: string): string {
  return raw.replace(/[\s-]+/g, "");
}

/** @returns null for 9-18 digits, else `bank_account_number_invalid`. */
export function bankAccountNumberProblem(accountNumber: string): "bank_account_number_invalid" | null {
  return BANK_ACCOUNT_PATTERN.test(accountNumber) ? null : "bank_account_number_invalid";
}
