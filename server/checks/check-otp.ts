/**
 * The second phase of a check completed with a one-time code the registry sent the applicant
 * (catalog `awaitsOtp`: `in.ckyc.download` with `auth_factor: otp`, CKYC 1.3). The first phase is
 * the awaiting-check machinery (server/checks/awaiting-check.ts `beginAwaitingCheck`): the
 * provider's `begin` sends the code and the check waits `pending` with
 * `result: { otp_sent_to, otp_expires_at, attempts_left, resend_available_at, ... }`. Here:
 * - a code: an expired request (`otp_expires_at` passed) ends the check `failed` `otp_expired`
 *   (a direct check's background poll ends it so at that time if no code came, awaiting-check.ts);
 *   otherwise the provider recorded on the check reads it (run-check.ts `attemptCheck` with `otp`):
 *   its answer finishes the check (`passed` with the record, or the registry's `otp_expired` /
 *   `ckyc_auth_failed`), a wrong code (`AwaitingApplicantError`) keeps it `pending` with one
 *   attempt less, and the `OTP_ATTEMPTS`th wrong code ends it `failed` `ckyc_auth_failed`;
 * - `resend: true`: the provider sends a new code (`CheckProvider.resend`), at most once per
 *   `OTP_RESEND_SECONDS` (./otp-request.ts); the new code's expiry replaces the old one.
 * The code itself is never stored or logged: only `attempts_left` and the timestamps are.
 */
import type { Db, Tx } from "../db";
import { DomainError, notFound } from "../errors";
import { outboxCommitted } from "../events/outbox";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { ProviderUnavailableError } from "../providers/provider";
import { providerNamed } from "../providers/registry";
import { type Tenant, tenantWhere } from "../tenant";
import { resolveCheck } from "./catalog";
import { checkSelect, type CheckRow, toCheckDto } from "./check.dto";
import type { TCheckOtpRequest } from "./check.schemas";
import { emitCheckCompleted } from "./check-events";
import { OTP_ATTEMPTS, otpFailedResult, otpRequestSent } from "./otp-request";
import { attemptCheck, finishCheck, storedCheckContext } from "./run-check";

/** What a pending OTP check keeps in `result` (written by the provider's `begin`, updated here). */
interface OtpRequest {
  otp_expires_at?: string;
  attempts_left?: number;
  resend_available_at?: string;
  [field: string]: unknown;
}

type OnFinished = (tx: Tx, check: CheckRow) => Promise<void>;

/** Whether a stored check waits for a one-time code (catalog `awaitsOtp`, still `pending`). */
export function awaitsOtpNow(check: { checkKey: string; status: string }, input: unknown): boolean {
  if (check.status !== "pending") return false;
  const def = resolveCheck(check.checkKey);
  const parsed = def.input.safeParse(input);
  return parsed.success && (def.awaitsOtp?.(parsed.data) ?? false);
}

/**
 * Takes the applicant's code, or sends a new one, for check `checkId` (see the file comment).
 * @param onFinished runs in the write that finishes the check (e.g. `check.completed`).
 * @returns the check as stored after the call: finished, or still `pending` (a wrong code, a new code sent).
 * @throws DomainError check_not_awaiting_otp (409) when the check is not a pending OTP check;
 *   rate_limited (429) for a resend within `OTP_RESEND_SECONDS` of the last code;
 *   service_unavailable (503) when the registry could not be asked now (the check still waits).
 */
export async function submitCheckOtp(db: Db, checkId: string, body: TCheckOtpRequest, onFinished?: OnFinished): Promise<CheckRow> {
  const row = await db.check.findUniqueOrThrow({
    where: { id: checkId },
    select: { ...checkSelect, input: true, mode: true, projectId: true, sessionId: true },
  });
  if (!awaitsOtpNow(row, row.input)) {
    throw new DomainError("check_not_awaiting_otp", `Check ${checkId} is not waiting for a one-time code (status ${row.status}).`, { param: "id" });
  }
  const request = (row.result ?? {}) as OtpRequest;
  const now = new Date();
  if (body.resend) return resend(db, row, request, now);

  if (request.otp_expires_at && Date.parse(request.otp_expires_at) <= now.getTime()) {
    return finishCheck(
      db,
      checkId,
      { status: "failed", errorCode: "otp_expired", verifiedBy: "source", result: otpFailedResult(request) as InputJsonValue },
      onFinished,
    );
  }
  let read: CheckRow;
  try {
    read = await attemptCheck(db, checkId, { otp: body.otp, onFinished });
  } catch (err) {
    if (!(err instanceof ProviderUnavailableError)) throw err;
    // the registry could not read the code now: the check still waits for it
    await db.check.updateMany({ where: { id: checkId, status: "running" }, data: { status: "pending", errorCode: null } });
    throw new DomainError("service_unavailable", "The registry could not check the code now; send it again in a moment.");
  }
  if (read.status !== "pending") return read;
  // a wrong code: one attempt less, the last one ends the check
  const left = (typeof request.attempts_left === "number" ? request.attempts_left : OTP_ATTEMPTS) - 1;
  if (left <= 0) {
    return finishCheck(
      db,
      checkId,
      { status: "failed", errorCode: "ckyc_auth_failed", verifiedBy: "source", result: otpFailedResult(request) as InputJsonValue },
      onFinished,
    );
  }
  const [updated] = await db.check.updateManyAndReturn({
    where: { id: checkId, status: "pending" },
    data: { result: { ...request, attempts_left: left } as InputJsonValue },
    select: checkSelect,
  });
  return updated ?? db.check.findUniqueOrThrow({ where: { id: checkId }, select: checkSelect });
}

async function resend(
  db: Db,
  row: CheckRow & { input: unknown; mode: "test" | "live"; projectId: string; sessionId: string | null },
  request: OtpRequest,
  now: Date,
): Promise<CheckRow> {
  if (request.resend_available_at && Date.parse(request.resend_available_at) > now.getTime()) {
    throw new DomainError("rate_limited", `A new code can be sent from ${request.resend_available_at}.`, {
      details: { resend_available_at: request.resend_available_at },
    });
  }
  const provider = providerNamed(row.mode, row.checkKey, row.provider);
  if (!provider.resend) throw new DomainError("check_not_awaiting_otp", `The provider of check ${row.id} cannot send a new code.`, { param: "id" });
  let fields: Record<string, unknown>;
  try {
    fields = await provider.resend(row.checkKey, row.input, storedCheckContext(row, request));
  } catch (err) {
    if (!(err instanceof ProviderUnavailableError)) throw err;
    throw new DomainError("service_unavailable", "The registry could not send a new code now; try again in a moment.");
  }
  const next = otpRequestSent({ ...request, ...fields }, now, typeof request.attempts_left === "number" ? request.attempts_left : OTP_ATTEMPTS);
  const [updated] = await db.check.updateManyAndReturn({
    where: { id: row.id, status: "pending" },
    data: { result: next as InputJsonValue },
    select: checkSelect,
  });
  return updated ?? db.check.findUniqueOrThrow({ where: { id: row.id }, select: checkSelect });
}

/**
 * POST /v1/checks/{id}/otp: `submitCheckOtp` for a direct check of the tenant; a check that
 * finishes emits `check.completed`.
 * @throws DomainError resource_missing (404) for an unknown or foreign id; check_in_session (409)
 *   for a session's check (its code is entered in the hosted flow); as `submitCheckOtp` otherwise.
 */
export async function submitDirectCheckOtp(db: Db, tenant: Tenant, id: string, body: TCheckOtpRequest) {
  const row = await db.check.findFirst({ where: { id, ...tenantWhere(tenant) }, select: { id: true, sessionId: true } });
  if (!row) throw notFound("check", id);
  if (row.sessionId)
    throw new DomainError("check_in_session", `Check ${id} belongs to session ${row.sessionId}: its code is entered in the hosted flow.`, { param: "id" });
  const check = await submitCheckOtp(db, id, body, (tx, done) => emitCheckCompleted(tx, tenant, done));
  outboxCommitted();
  return toCheckDto(check);
}
