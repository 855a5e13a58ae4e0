/**
 * The reverse penny drop's answer, whichever provider read it (`in.bank_account.reverse_penny_drop`:
 * server/providers/cashfree-verification.ts live, server/providers/sandbox.ts in test mode): the
 * applicant paid ₹1 over UPI from their own account; the payment vendor reports the payer's name at
 * the bank, account number and IFSC, and refunds the rupee. One mapping from that report to the
 * check's verdict, so both providers answer alike:
 *
 * - `created` (not paid yet) before the request's expiry: `AwaitingApplicantError` (the check stays `pending`);
 * - `expired`, or `created` past the expiry: `failed`, `payment_expired`;
 * - `failed` (the UPI payment did not go through): `failed`, `payment_failed`;
 * - `paid` without a payer name: `needs_review`, `payer_name_missing` (the account exists and is
 *   the applicant's, but nobody compared the holder's name);
 * - `paid`, the payer's name compared with `nameMatch` against the name given: `passed` when it
 *   matches, else `failed`, `name_mismatch` (as `in.bank_account.verify`).
 *
 * The account number is never kept whole: `result.account_number_masked` (`XXXXXXXXXXX1191`) and
 * `account_last4`. `refund_status` records the rupee's reversal as the vendor last reported it.
 */
import "server-only";
import { nameMatch, NAME_MATCH_THRESHOLD } from "../checks/name-match";
import { lookupIfsc } from "./offline-dataset";
import { AwaitingApplicantError, type ProviderResult } from "./provider";

/** The amount the applicant pays, in rupees (refunded). */
export const REVERSE_PENNY_DROP_AMOUNT = "1.00";

/** What `begin` stores on the pending check: what the applicant needs to pay, and the vendor's reference. */
export interface PaymentRequest {
  /** `upi://pay?...`: opened by a UPI app on a phone, or shown as a QR code on a desktop. */
  upi_link: string;
  /** ISO 8601: the request cannot be paid after it. */
  valid_upto: string;
  amount: string;
  currency: "INR";
  /** The vendor's id of the request. */
  reference_id: string | null;
  /** ISO 8601: when the request was created. */
  created_at: string;
  payment_status: "created";
}

/** The payment as a provider read it. */
export interface PaymentReport {
  status: "created" | "paid" | "failed" | "expired";
  payerName: string | null;
  accountNumber: string | null;
  ifsc: string | null;
  accountType: string | null;
  utr: string | null;
  /** The rupee's reversal: `pending`, `initiated`, `refunded`, `failed`, or null when not reported. */
  refund: "pending" | "initiated" | "refunded" | "failed" | null;
  paidAt: string | null;
}

/** `XXXXXXXXXXX1191`: every digit but the last four hidden. */
export function maskAccountNumber(account: string): string {
  return account.length <= 4 ? account : `${"X".repeat(account.length - 4)}${account.slice(-4)}`;
}

/** The verdict on a request that was not paid before its `valid_upto`: `failed`, `payment_expired`. */
export function paymentExpiredResult(request: Pick<PaymentRequest, "valid_upto" | "reference_id">): ProviderResult {
  return {
    status: "failed",
    errorCode: "payment_expired",
    score: null,
    verifiedBy: "source",
    result: { reference_id: request.reference_id, valid_upto: request.valid_upto, payment_status: "expired" },
  };
}

/**
 * The verdict on `report` for the name given (see the file comment).
 * @param request the pending check's `PaymentRequest` (its expiry and reference).
 * @throws AwaitingApplicantError while the payment is `created` and the request has not expired.
 */
export async function reversePennyDropResult(
  name: string,
  request: Pick<PaymentRequest, "valid_upto" | "reference_id">,
  report: PaymentReport,
  threshold: number = NAME_MATCH_THRESHOLD,
  now: Date = new Date(),
): Promise<ProviderResult> {
  const expired = report.status === "expired" || (report.status === "created" && Date.parse(request.valid_upto) <= now.getTime());
  if (report.status === "created" && !expired) throw new AwaitingApplicantError("The applicant has not paid yet.");
  const base = { score: null, verifiedBy: "source" as const };
  const requestResult = { reference_id: request.reference_id, valid_upto: request.valid_upto };
  if (expired) return paymentExpiredResult(request);
  if (report.status === "failed") return { ...base, status: "failed", errorCode: "payment_failed", result: { ...requestResult, payment_status: "failed" } };

  const ifsc = report.ifsc?.toUpperCase() ?? null;
  const branch = ifsc ? await lookupIfsc(ifsc) : null;
  const account = {
    ...requestResult,
    payment_status: "paid",
    account_number_masked: report.accountNumber ? maskAccountNumber(report.accountNumber) : null,
    account_last4: report.accountNumber ? report.accountNumber.slice(-4) : null,
    ifsc,
    bank_code: branch?.bank_code ?? null,
    bank_name: branch?.bank_name ?? null,
    account_type: report.accountType,
    utr: report.utr,
    paid_at: report.paidAt,
    refund_status: report.refund,
    method: "reverse_penny_drop",
  };
  if (!report.payerName) return { ...base, status: "needs_review", errorCode: "payer_name_missing", result: { ...account, registered_name: null } };
  const match = nameMatch(name, report.payerName, threshold);
  const result = { ...account, registered_name: report.payerName, name_match: match.match, name_match_score: match.score };
  if (!match.match) return { status: "failed", errorCode: "name_mismatch", score: match.score, verifiedBy: "source", result };
  return { status: "passed", errorCode: null, score: match.score, verifiedBy: "source", result };
}
