/**
 * Checks answered in two phases (catalog `awaitsApplicant`: `in.bank_account.reverse_penny_drop`;
 * `awaitsOtp`: the CKYC download with an OTP, completed by server/checks/check-otp.ts).
 * `beginAwaitingCheck` creates the check `pending` and has the provider open the request the
 * applicant acts on (`CheckProvider.begin`: the UPI payment request), stored as the check's
 * `result`; `refreshAwaitingCheck` asks the provider again (one `attemptCheck`): the check stays
 * `pending` while the applicant has not acted (`AwaitingApplicantError`, no attempt counted) and
 * finishes with the provider's answer once they did, or once the request expired. The flow polls
 * it, `GET /v1/checks/{id}` and the vendor's webhook refresh it, and so does a background poll
 * started when the request opens (event `app/check.request_opened`,
 * inngest/functions/poll-awaiting-check.ts), which ends it with `expireAwaitingCheck` when the
 * request expired and the provider still could not be read (server/checks/direct-check.ts
 * `refreshCheck`: one completion path for all of them). A direct OTP check gets the same poll,
 * so a code never entered ends the check (`otp_expired`, with `check.completed`) instead of
 * leaving it `pending`; a session's OTP check is the applicant's, in the flow, until the session ends.
 */
import type { Db, Tx } from "../db";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { awaitingCheckOpened } from "../events/internal-events";
import { enqueue, outboxCommitted } from "../events/outbox";
import { AnsweredAtOnceError, ProviderUnavailableError } from "../providers/provider";
import { failoverChain, parseProviderConfig } from "../providers/registry";
import { paymentExpiredResult } from "../providers/reverse-penny-drop";
import { resolveCheck } from "./catalog";
import { checkSelect, type CheckRow } from "./check.dto";
import { otpFailedResult, otpRequestSent } from "./otp-request";
import type { TProviderAttempt, TRecordedConsent } from "./check.schemas";
import { answerResult, attemptCheck, finishCheck, prepareCheck, type RunCheckInput } from "./run-check";

type OnFinished = (tx: Tx, check: CheckRow) => Promise<void>;

/**
 * Creates a check of an `awaitsApplicant` key and opens its request with the first provider of the
 * check's chain that can (failing over on `provider_unavailable` / `provider_timeout`, each call in
 * `provider_attempts`).
 * An `awaitsApplicant` check left `pending` with its request gets its background poll
 * (`app/check.request_opened`, written with the request), and so does a direct OTP check (it
 * ends at its code's expiry, see `expireAwaitingCheck`); a session's OTP check waits for its code.
 * @returns the check: `pending` with the request as `result` (e.g. `upi_link`, `valid_upto`), or
 *   finished as `prepareCheck` left it (invalid input, consent missing), or with the provider's answer
 *   when it answered at once (`AnsweredAtOnceError`: no such record), or `error` with the last
 *   provider error when no provider could open the request (`onFinished` runs in that write).
 * @throws DomainError as `prepareCheck` does (input that does not parse, unknown key).
 */
export async function beginAwaitingCheck(db: Db, req: RunCheckInput, onFinished?: OnFinished): Promise<CheckRow> {
  const def = resolveCheck(req.key, req.country);
  const parsed = def.input.safeParse(req.input);
  if (!def.awaitsApplicant && !(parsed.success && def.awaitsOtp?.(parsed.data))) throw new Error(`'${def.key}' is not answered in two phases.`);
  const check = await prepareCheck(db, req);
  if (check.status !== "pending") return check;
  const project = req.mode === "live" ? await db.project.findUnique({ where: { id: req.projectId }, select: { providerConfig: true } }) : null;
  const context = {
    projectId: req.projectId,
    mode: req.mode,
    sessionId: req.sessionId ?? null,
    consent: (check.consent ?? null) as TRecordedConsent | null,
    purpose: check.purpose,
    checkId: check.id,
  };
  const input = def.input.parse(req.input);
  const calls: TProviderAttempt[] = [];
  let outage: ProviderUnavailableError | null = null;
  for (const provider of failoverChain(req.mode, def.key, check.provider, parseProviderConfig(project?.providerConfig))) {
    if (!provider.begin) continue;
    const started = Date.now();
    const at = new Date(started).toISOString();
    try {
      const opened = await provider.begin(def.key, input, context);
      // a code sent to the applicant: the attempts it takes and when a new one may be asked for (./check-otp.ts)
      const request = def.awaitsOtp?.(input) ? otpRequestSent(opened, new Date()) : opened;
      calls.push({ provider: provider.name, outcome: "pending", latency_ms: Date.now() - started, at });
      const row = await db.$transaction(async (tx) => {
        const [opened] = await tx.check.updateManyAndReturn({
          where: { id: check.id, status: "pending" },
          data: { provider: provider.name, result: request as InputJsonValue, providerAttempts: calls as InputJsonValue },
          select: checkSelect,
        });
        // the applicant's payment is read in the background; a direct OTP check is ended there when its code expires
        if (opened && (def.awaitsApplicant || !req.sessionId))
          await enqueue(tx, awaitingCheckOpened, { checkId: opened.id, projectId: req.projectId, mode: req.mode });
        return opened;
      });
      outboxCommitted();
      return row ?? db.check.findUniqueOrThrow({ where: { id: check.id }, select: checkSelect });
    } catch (err) {
      if (err instanceof AnsweredAtOnceError) {
        // e.g. no such record: the check is answered without a request for the applicant
        const { answer } = err;
        calls.push({ provider: provider.name, outcome: answer.status, latency_ms: Date.now() - started, at });
        const result = await answerResult(db, { projectId: req.projectId, sessionId: req.sessionId ?? null, step: req.step ?? null }, answer);
        return finish({
          provider: provider.name,
          status: answer.status,
          errorCode: answer.errorCode,
          score: answer.score,
          verifiedBy: answer.verifiedBy,
          result: result as InputJsonValue,
        });
      }
      if (!(err instanceof ProviderUnavailableError)) throw err;
      calls.push({ provider: provider.name, outcome: err.errorCode, latency_ms: Date.now() - started, at });
      outage = err;
      if (err.errorCode === "provider_not_configured") break;
    }
  }
  return finish({ status: "error", errorCode: outage?.errorCode ?? "provider_not_configured" });

  /** Records the check's end (an answer at once, or no provider could open the request), with `onFinished` in the same write. */
  async function finish(data: Omit<NonNullable<Parameters<Db["check"]["updateManyAndReturn"]>[0]>["data"], "providerAttempts" | "finishedAt">) {
    const write = async (tx: Db | Tx) => {
      const [row] = await tx.check.updateManyAndReturn({
        where: { id: check.id, status: "pending" },
        data: { ...data, providerAttempts: calls as InputJsonValue, finishedAt: new Date() },
        select: checkSelect,
      });
      if (row && onFinished) await onFinished(tx as Tx, row);
      return row;
    };
    const row = onFinished ? await db.$transaction((tx) => write(tx)) : await write(db);
    return row ?? db.check.findUniqueOrThrow({ where: { id: check.id }, select: checkSelect });
  }
}

/**
 * Reads a `pending` awaiting check's outcome from its provider (no-op for a finished check or one
 * of another kind). A provider outage leaves the check `pending` for the next read.
 * @returns the check as stored after the read.
 */
export async function refreshAwaitingCheck(db: Db, checkId: string, onFinished?: OnFinished): Promise<CheckRow> {
  const row = await db.check.findUniqueOrThrow({ where: { id: checkId }, select: checkSelect });
  if ((row.status !== "pending" && row.status !== "running") || !resolveCheck(row.checkKey).awaitsApplicant) return row;
  try {
    return await attemptCheck(db, checkId, { onFinished });
  } catch (err) {
    if (!(err instanceof ProviderUnavailableError)) throw err;
    // the vendor could not say now: the check still waits, and the next read asks again
    await db.check.updateMany({ where: { id: checkId, status: "running" }, data: { status: "pending", errorCode: null } });
    return db.check.findUniqueOrThrow({ where: { id: checkId }, select: checkSelect });
  }
}

/**
 * Epoch ms after which a pending awaiting check's request can no longer be acted on: the payment
 * request's `result.valid_upto`, or an OTP check's `result.otp_expires_at` (its latest code's);
 * null when it has neither.
 */
export function awaitingCheckExpiry(check: Pick<CheckRow, "result">): number | null {
  const result = check.result as { valid_upto?: unknown; otp_expires_at?: unknown } | null;
  const expiry = result?.valid_upto ?? result?.otp_expires_at;
  const at = typeof expiry === "string" ? Date.parse(expiry) : NaN;
  return Number.isNaN(at) ? null : at;
}

/**
 * Ends a `pending` awaiting check whose request expired: a payment request whose provider could
 * not be read (the background poll's last read after `valid_upto` found it still waiting) ends
 * `failed` `payment_expired`; an OTP check whose latest code expired unused ends `failed`
 * `otp_expired` (as a code entered too late does, server/checks/check-otp.ts). `verified_by` is
 * null (no provider confirmed it); `onFinished` runs in that write, as for every other finish.
 * No-op for a finished check or one whose request has not expired.
 * @returns the check as stored after the call.
 */
export async function expireAwaitingCheck(db: Db, checkId: string, onFinished?: OnFinished, now: Date = new Date()): Promise<CheckRow> {
  const row = await db.check.findUniqueOrThrow({ where: { id: checkId }, select: checkSelect });
  const expiry = awaitingCheckExpiry(row);
  const waiting = row.status === "pending" || row.status === "running";
  if (!waiting || expiry === null || expiry > now.getTime()) return row;
  if (!resolveCheck(row.checkKey).awaitsApplicant) {
    const result = otpFailedResult((row.result ?? {}) as Record<string, unknown>) as InputJsonValue;
    return finishCheck(db, checkId, { status: "failed", errorCode: "otp_expired", verifiedBy: null, result }, onFinished);
  }
  const request = row.result as { valid_upto: string; reference_id?: string | null };
  const expired = paymentExpiredResult({ valid_upto: request.valid_upto, reference_id: request.reference_id ?? null });
  return finishCheck(
    db,
    checkId,
    { status: expired.status, errorCode: expired.errorCode, verifiedBy: null, result: expired.result as InputJsonValue },
    onFinished,
  );
}
