/**
 * What the `bank_account` step takes from its reverse penny drop (settings `method:
 * reverse_penny_drop`): the check `in.bank_account.reverse_penny_drop` in the account holder's
 * name, as the flow's page sees it (`upiPaymentView`) and as the step stores it once the payment
 * came back (`upiPaymentSubmission`): when the applicant's page submits the step with the check
 * (`takeUpiPayment`), or when the check finished without the page (server/flow/submit-step.ts
 * `takeAwaitedCheck`). The flow's requests and polls are in ./upi-payment.ts. Light on purpose:
 * the step registry loads it (no provider, no check pipeline).
 */
import type { CheckRow } from "../../checks/check.dto";
import type { Db } from "../../db";
import { DomainError, notFound } from "../../errors";
import type { FlowSessionRow } from "../../flow/flow-session";
import { businessLegalName } from "../../kyb/business-profile";
import { checkSelect } from "../../checks/check.dto";

export const UPI_CHECK_KEY = "in.bank_account.reverse_penny_drop";

/** Outcomes after which the applicant pays again with a new request. */
const RETRY_CODES = new Set(["payment_expired", "payment_failed", "payment_request_missing"]);

/** What the flow's page sees of a UPI payment request. */
export interface UpiPaymentView {
  check_id: string;
  /** `pending` until the payment came back; `expired` / `failed`: start again; `done`: the step can be submitted. */
  state: "pending" | "expired" | "failed" | "done";
  /** The `upi://pay` link while `pending` (the page draws its QR code). */
  upi_link: string | null;
  /** ISO 8601 expiry of the request. */
  valid_upto: string | null;
  /** Rupees, e.g. "1.00". */
  amount: string;
  /** Where the rupee came from once paid (no name, no full number). */
  account_number_masked: string | null;
  bank_name: string | null;
  /** The step is already submitted with this payment (the service took it when it finished): the page moves on without submitting. */
  submitted: boolean;
}

/**
 * The name the account must be held in: a KYB session's legal name (`business_details`, else the
 * business PAN), a KYC session's individual PAN step's name, else the name the backend prefilled.
 */
export function accountHolderName(session: Pick<FlowSessionRow, "type" | "steps" | "prefill">): string | undefined {
  if (session.type === "kyb") return businessLegalName(session.steps);
  const pan = session.steps
    .map((st) => (st.type === "pan" ? (st.data as { pan?: string; name?: string } | null) : null))
    .find((d) => d?.pan?.[3] === "P" && d.name);
  return pan?.name ?? (session.prefill as { full_name?: string } | null)?.full_name ?? undefined;
}

/** The page's view of the check; `submitted`: whether the step already holds it. */
export function upiPaymentView(check: CheckRow, submitted = false): UpiPaymentView {
  const r = (check.result ?? {}) as Record<string, unknown>;
  const s = (k: string) => (typeof r[k] === "string" ? (r[k] as string) : null);
  const waiting = check.status === "pending" || check.status === "running";
  const state = waiting
    ? "pending"
    : check.errorCode === "payment_failed"
      ? "failed"
      : check.errorCode && RETRY_CODES.has(check.errorCode)
        ? "expired"
        : "done";
  return {
    check_id: check.id,
    state,
    upi_link: waiting ? s("upi_link") : null,
    valid_upto: s("valid_upto"),
    amount: s("amount") ?? "1.00",
    account_number_masked: s("account_number_masked"),
    bank_name: s("bank_name"),
    submitted,
  };
}

/**
 * The step's submission of a finished UPI payment check: the check, the holder's name it was
 * matched against, and where the rupee came from (masked); submitted at the check's creation (so
 * the pipeline adopts the check: server/checks/current-checks.ts).
 * @returns null while the payment has not come back, or when it must be made again (expired,
 *   failed); null for a check of another kind.
 */
export function upiPaymentSubmission(session: Pick<FlowSessionRow, "type" | "steps" | "prefill">, check: CheckRow) {
  const seen = upiPaymentView(check);
  if (check.checkKey !== UPI_CHECK_KEY || seen.state !== "done") return null;
  const r = (check.result ?? {}) as Record<string, unknown>;
  return {
    data: {
      method: "reverse_penny_drop",
      check_id: check.id,
      name: accountHolderName(session) ?? null,
      account_number_masked: seen.account_number_masked,
      ifsc: typeof r.ifsc === "string" ? r.ifsc : null,
      bank_name: seen.bank_name,
    },
    method: "reverse_penny_drop",
    submittedAt: check.createdAt,
  };
}

/** The step's check `checkId`, or a 404 (another session's, another step's, another kind). */
export async function upiStepCheck(db: Db, sessionId: string, stepName: string, checkId: string): Promise<CheckRow> {
  const check = await db.check.findFirst({ where: { id: checkId, sessionId, step: stepName, checkKey: UPI_CHECK_KEY }, select: checkSelect });
  if (!check) throw notFound("check", checkId);
  return check;
}

/**
 * The applicant's page submits the step with the check it polled until the payment came back
 * (./upi-payment.ts `upiPaymentStatus`, which reads the vendor; this reads the check as stored).
 * @throws DomainError parameter_invalid (`param: "check_id"`) `upi_payment_pending` while the
 *   payment has not come back, `upi_payment_expired` when it must be made again; resource_missing
 *   for a check that is not this step's.
 */
export async function takeUpiPayment(db: Db, session: FlowSessionRow, stepName: string, checkId: string) {
  const check = await upiStepCheck(db, session.id, stepName, checkId);
  const taken = upiPaymentSubmission(session, check);
  if (!taken) {
    const pending = check.status === "pending" || check.status === "running";
    throw new DomainError("parameter_invalid", pending ? "upi_payment_pending" : "upi_payment_expired", { param: "check_id" });
  }
  return taken;
}
