/**
 * The reverse penny drop in test mode (`in.bank_account.reverse_penny_drop`, decisions.md "Sandbox
 * provider"): no bank and no UPI app. `begin` opens a request whose link pays a sandbox VPA; the
 * sandbox "pays" it itself `SANDBOX_PAY_DELAY_MS` after it was created, from the account below,
 * with the outcome chosen by the name given. Stateless: it reads the request stored on the pending
 * check (`CheckContext.request`), so any process answers it. The verdict is the live one
 * (reverse-penny-drop.ts `reversePennyDropResult`); `REVERSE_PENNY_DROP_SANDBOX_VALUES` is its row of
 * the capabilities table.
 */
import "server-only";
import { z } from "zod";
import { type CheckProvider, ProviderUnavailableError, type ProviderResult } from "./provider";
import { type PaymentReport, type PaymentRequest, REVERSE_PENNY_DROP_AMOUNT, reversePennyDropResult } from "./reverse-penny-drop";

const KEY = "in.bank_account.reverse_penny_drop";

/** How long after its creation the sandbox pays a request. */
export const SANDBOX_PAY_DELAY_MS = 3_000;
/** How long a sandbox request can be paid (Cashfree's links: 10 minutes); `SANDBOX UNPAID`'s expires after 10 s. */
const VALIDITY_MS = 10 * 60_000;
const UNPAID_VALIDITY_MS = 10_000;

/** The account every sandbox payment comes from (Yes Bank, in the offline IFSC list). */
export const SANDBOX_PAYER_ACCOUNT = { accountNumber: "026291800001191", ifsc: "YESB0000262" };

export const REVERSE_PENNY_DROP_SANDBOX_VALUES = [
  {
    check: KEY,
    input: "name SANDBOX MISMATCH",
    outcome: "paid 3 s after the request by SUNITA SHARMA, whose name does not match: failed, error_code name_mismatch",
  },
  {
    check: KEY,
    input: "name SANDBOX NONAME",
    outcome: "paid 3 s after the request; the bank returns no payer name: needs_review, error_code payer_name_missing",
  },
  { check: KEY, input: "name SANDBOX FAILURE", outcome: "the UPI payment fails 3 s after the request: failed, error_code payment_failed" },
  { check: KEY, input: "name SANDBOX UNPAID", outcome: "never paid; the request expires after 10 s: failed, error_code payment_expired" },
  {
    check: KEY,
    input: "any other name (e.g. RAVI KUMAR)",
    outcome:
      "pending with a upi:// link valid 10 minutes; paid 3 s later by the name given from account XXXXXXXXXXX1191, IFSC YESB0000262 (Yes Bank), the rupee refunded: passed",
  },
] as const;

const ZInput = z.object({ name: z.string().min(1) });

/** What the sandbox's payer does for the name given, once the delay passed. */
function sandboxPayment(name: string, request: PaymentRequest, now: number): PaymentReport {
  const paidAt = Date.parse(request.created_at) + SANDBOX_PAY_DELAY_MS;
  const none = { payerName: null, accountNumber: null, ifsc: null, accountType: null, utr: null, refund: null, paidAt: null };
  if (name === "SANDBOX UNPAID" || now < paidAt) return { status: "created", ...none };
  if (name === "SANDBOX FAILURE") return { status: "failed", ...none };
  return {
    status: "paid",
    payerName: name === "SANDBOX NONAME" ? null : name === "SANDBOX MISMATCH" ? "SUNITA SHARMA" : name,
    ...SANDBOX_PAYER_ACCOUNT,
    accountType: "savings",
    utr: `SBX${String(paidAt).slice(-9)}`,
    refund: "refunded",
    paidAt: new Date(paidAt).toISOString(),
  };
}

/** The test-mode provider of `in.bank_account.reverse_penny_drop` (recorded as `sandbox`, like the other sandbox answers). */
export const reversePennyDropSandbox: CheckProvider = {
  name: "sandbox",
  supports: (key) => key === KEY,
  async begin(key, raw, context) {
    if (key !== KEY) throw new ProviderUnavailableError("provider_not_configured", `The sandbox has no two-phase '${key}'.`);
    const { name } = ZInput.parse(raw);
    const now = Date.now();
    const reference = `SBXRPD-${context.checkId ?? now}`;
    const request: PaymentRequest = {
      upi_link: `upi://pay?pa=sandbox.rpd@upi&pn=KYC%20Sandbox&tn=BAV&am=${REVERSE_PENNY_DROP_AMOUNT}&cu=INR&tr=${encodeURIComponent(reference)}`,
      valid_upto: new Date(now + (name === "SANDBOX UNPAID" ? UNPAID_VALIDITY_MS : VALIDITY_MS)).toISOString(),
      amount: REVERSE_PENNY_DROP_AMOUNT,
      currency: "INR",
      reference_id: reference,
      created_at: new Date(now).toISOString(),
      payment_status: "created",
    };
    return { ...request };
  },
  async verify(key, raw, context): Promise<ProviderResult> {
    if (key !== KEY) throw new ProviderUnavailableError("provider_not_configured", `The sandbox has no answers for '${key}'.`);
    const { name } = ZInput.parse(raw);
    const request = context?.request as PaymentRequest | null | undefined;
    if (!request?.valid_upto || !request.created_at) {
      return { status: "failed", errorCode: "payment_request_missing", score: null, verifiedBy: null, result: {} };
    }
    return reversePennyDropResult(name, request, sandboxPayment(name, request, Date.now()));
  },
};
