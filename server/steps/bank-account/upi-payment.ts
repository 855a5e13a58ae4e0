/**
 * The `bank_account` step's reverse penny drop in the hosted flow (settings `method:
 * reverse_penny_drop`): the page starts a UPI payment request (`startUpiPayment`: the check
 * `in.bank_account.reverse_penny_drop` in the account holder's name, begun with the provider),
 * shows its `upi://` link (a button on a phone, a QR code on a desktop), polls it
 * (`upiPaymentStatus`) until the payment came back or the request expired, and then submits the
 * step with the check's id (./upi-payment-step.ts `takeUpiPayment`, called by the step's
 * `submit`), unless the service already did when the check finished (its webhook, the background
 * poll, or this poll: server/checks/direct-check.ts `refreshCheck`). An expired or failed payment
 * is not an answer about the applicant: they start a new request ("try again").
 */
import type { Db } from "../../db";
import { DomainError } from "../../errors";
import { beginAwaitingCheck } from "../../checks/awaiting-check";
import { refreshCheck } from "../../checks/direct-check";
import { type FlowContext, loadEditableSession, openStep, stepSettings } from "../../flow/flow-session";
import { ZBankAccountSettings } from "./bank-account.schemas";
import { accountHolderName, UPI_CHECK_KEY, type UpiPaymentView, upiPaymentView, upiStepCheck } from "./upi-payment-step";

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
  return upiPaymentView(check);
}

/**
 * The request's state, read from the payment vendor while it is pending; `submitted` once the step
 * holds this payment (the read that finished it submitted the step for the applicant).
 * @throws DomainError resource_missing when `checkId` is not this step's UPI payment; as `startUpiPayment`.
 */
export async function upiPaymentStatus(db: Db, ctx: FlowContext, stepName: string, checkId: string): Promise<UpiPaymentView> {
  const s = await upiStep(db, ctx, stepName);
  await upiStepCheck(db, s.id, stepName, checkId);
  const check = (await refreshCheck(db, checkId))!;
  const step = await db.sessionStep.findUniqueOrThrow({ where: { sessionId_name: { sessionId: s.id, name: stepName } }, select: { status: true, data: true } });
  return upiPaymentView(
    check,
    step.status !== "pending" && step.status !== "in_progress" && (step.data as { check_id?: unknown } | null)?.check_id === checkId,
  );
}
