/**
 * The `bank_account` step's reverse penny drop in the hosted flow (settings `method:
 * reverse_penny_drop`): the page starts a UPI payment request (`startUpiPayment`: the check
 * `in.bank_account.reverse_penny_drop` in the account holder's name, begun with the provider),
 * shows its `upi://` link (a button on a phone, a QR code on a desktop), polls it
 * (`upiPaymentStatus`) until the payment came back or the request expired, and then submits the
 * step with the check's id (`takeUpiPayment`, called by the step's `submit`). An expired or failed
 * payment is not an answer about the applicant: they start a new request ("try again").
 */
import type { Db } from "../../db";
import { DomainError, notFound } from "../../errors";
import { beginAwaitingCheck, refreshAwaitingCheck } from "../../checks/awaiting-check";
import type { CheckRow } from "../../checks/check.dto";
import { businessLegalName } from "../../kyb/business-profile";
import { type FlowContext, type FlowSessionRow, loadEditableSession, openStep, stepSettings } from "../../flow/flow-session";
import { ZBankAccountSettings } from "./bank-account.schemas";

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

function view(check: CheckRow): UpiPaymentView {
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
  };
}

async function upiStep(db: Db, ctx: FlowContext, stepName: string) {
  const s = await loadEditableSession(db, ctx);
  openStep(s, stepName, ["bank_account"]);
  const settings = ZBankAccountSettings.parse(await stepSettings(db, s, stepName));
  if (settings.method !== "reverse_penny_drop")
    throw new DomainError("step_not_available", `Step '${stepName}' does not take a UPI payment.`, { param: "step" });
  return s;
}

/**
 * Starts a UPI payment request for the step (a new one each call: "try again" after an expiry).
 * @throws DomainError step_not_available when the step is not an open reverse penny drop step,
 *   or the holder's name is not known yet (the PAN or business details come first); the flow's
 *   session errors (session_not_editable, device_not_active).
 */
export async function startUpiPayment(db: Db, ctx: FlowContext, stepName: string): Promise<UpiPaymentView> {
  const s = await upiStep(db, ctx, stepName);
  const name = accountHolderName(s);
  if (!name) throw new DomainError("step_not_available", "The account holder's name comes first.", { param: "step" });
  const check = await beginAwaitingCheck(db, {
    projectId: s.projectId,
    mode: s.mode,
    key: UPI_CHECK_KEY,
    country: s.country,
    input: { name },
    sessionId: s.id,
    step: stepName,
  });
  return view(check);
}

/** The step's check `checkId`, or a 404 (another session's, another step's, another kind). */
async function stepCheck(db: Db, sessionId: string, stepName: string, checkId: string) {
  const check = await db.check.findFirst({ where: { id: checkId, sessionId, step: stepName, checkKey: UPI_CHECK_KEY }, select: { id: true } });
  if (!check) throw notFound("check", checkId);
  return check;
}

/**
 * The request's state, read from the payment vendor while it is pending.
 * @throws DomainError resource_missing when `checkId` is not this step's UPI payment; as `startUpiPayment`.
 */
export async function upiPaymentStatus(db: Db, ctx: FlowContext, stepName: string, checkId: string): Promise<UpiPaymentView> {
  const s = await upiStep(db, ctx, stepName);
  await stepCheck(db, s.id, stepName, checkId);
  return view(await refreshAwaitingCheck(db, checkId));
}

/**
 * The step data of a submitted UPI payment: the check, the holder's name it was matched against,
 * and where the rupee came from (masked).
 * @returns the data to store and the check's creation (the step's submission time, so the
 *   pipeline adopts the check: server/checks/current-checks.ts).
 * @throws DomainError parameter_invalid (`param: "check_id"`) `upi_payment_pending` while the
 *   payment has not come back, `upi_payment_expired` when it must be made again; resource_missing
 *   for a check that is not this step's.
 */
export async function takeUpiPayment(db: Db, session: FlowSessionRow, stepName: string, checkId: string) {
  await stepCheck(db, session.id, stepName, checkId);
  const check = await refreshAwaitingCheck(db, checkId);
  const seen = view(check);
  if (seen.state === "pending") throw new DomainError("parameter_invalid", "upi_payment_pending", { param: "check_id" });
  if (seen.state !== "done") throw new DomainError("parameter_invalid", "upi_payment_expired", { param: "check_id" });
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
    submittedAt: check.createdAt,
  };
}
