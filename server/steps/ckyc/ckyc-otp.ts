/**
 * The `ckyc` step's download with the registry's one-time code in the hosted flow (settings
 * `authentication: otp`, CKYC 1.3). The page:
 * 1. starts it with the PAN and the mobile number on the record (`startCkycOtp`): the step's
 *    `in.ckyc.search`, then its `in.ckyc.download` with `auth_factor: otp`, begun with the provider
 *    (the registry sends the code; server/checks/awaiting-check.ts);
 * 2. takes the code, or asks for a new one (`enterCkycOtp`, server/checks/check-otp.ts: 3 attempts,
 *    a new code at most once per 30 s);
 * 3. submits the step with the finished check (`takeCkycOtp`, called by the step's `submit`), which
 *    applies the record (server/ckyc/run-ckyc-step.ts).
 * An expired code or a wrong mobile number is not the end: the page starts again.
 */
import { submitCheckOtp } from "../../checks/check-otp";
import { beginAwaitingCheck } from "../../checks/awaiting-check";
import { checkSelect, type CheckRow } from "../../checks/check.dto";
import { type CkycOutcome, ckycOutcome, runCkycCheck } from "../../ckyc/run-ckyc-step";
import type { Db } from "../../db";
import { DomainError, notFound } from "../../errors";
import { type FlowContext, type FlowSessionRow, loadEditableSession, openStep, stepSettings, validationError } from "../../flow/flow-session";
import { type TCkycOtpView, ZCkycOtpEntry, ZCkycOtpStart, ZCkycSettings } from "./ckyc.schemas";

const DOWNLOAD = "in.ckyc.download";
const SEARCH = "in.ckyc.search";

function view(check: CheckRow, wrongCode = false): TCkycOtpView {
  const r = (check.result ?? {}) as Record<string, unknown>;
  const s = (k: string) => (typeof r[k] === "string" ? (r[k] as string) : null);
  const waiting = check.status === "pending" || check.status === "running";
  const outcome: CkycOutcome = ckycOutcome(check);
  const state: TCkycOtpView["state"] = waiting
    ? "code_sent"
    : check.errorCode === "otp_expired"
      ? "expired"
      : check.errorCode === "ckyc_auth_failed"
        ? typeof r.otp_sent_to === "string"
          ? "locked"
          : "mobile_mismatch"
        : outcome === "downloaded" || outcome === "not_found"
          ? outcome
          : "unavailable";
  return {
    check_id: check.id,
    state,
    otp_sent_to: s("otp_sent_to"),
    otp_expires_at: waiting ? s("otp_expires_at") : null,
    resend_available_at: waiting ? s("resend_available_at") : null,
    attempts_left: typeof r.attempts_left === "number" ? r.attempts_left : null,
    wrong_code: wrongCode,
  };
}

async function otpStep(db: Db, ctx: FlowContext, stepName: string): Promise<FlowSessionRow> {
  const s = await loadEditableSession(db, ctx);
  openStep(s, stepName, ["ckyc"]);
  const settings = ZCkycSettings.parse(await stepSettings(db, s, stepName));
  if (settings.authentication !== "otp") throw new DomainError("step_not_available", `Step '${stepName}' does not take a code.`, { param: "step" });
  return s;
}

/**
 * Searches the registry by the PAN and, when a record exists, has the registry send its code to the
 * mobile number given (a new search and download each call: "start again").
 * @param values `{ pan, mobile }` as typed (ZCkycOtpStart).
 * @throws DomainError parameter_invalid (field-level i18n keys) for values that do not parse;
 *   step_not_available when the step is not an open OTP `ckyc` step; the flow's session errors.
 */
export async function startCkycOtp(db: Db, ctx: FlowContext, stepName: string, values: unknown): Promise<TCkycOtpView> {
  const parsed = ZCkycOtpStart.safeParse(values);
  if (!parsed.success) throw validationError(parsed.error);
  const s = await otpStep(db, ctx, stepName);
  const search = await runCkycCheck(db, s, stepName, SEARCH, { id_type: "pan", id_number: parsed.data.pan });
  const reference = (search.result as { ckyc_reference_id?: unknown } | null)?.ckyc_reference_id;
  if (search.status !== "passed" || typeof reference !== "string") return view(search);
  const download = await beginAwaitingCheck(db, {
    projectId: s.projectId,
    mode: s.mode,
    key: DOWNLOAD,
    country: s.country,
    input: { ckyc_reference_id: reference, auth_factor: "otp", mobile: parsed.data.mobile },
    sessionId: s.id,
    step: stepName,
  });
  return view(download);
}

/** The step's check `checkId` of one of `keys`, or a 404 (another session's, another step's, another kind). */
async function stepCheck(db: Db, sessionId: string, stepName: string, checkId: string, keys: readonly string[]): Promise<CheckRow> {
  const check = await db.check.findFirst({ where: { id: checkId, sessionId, step: stepName, checkKey: { in: [...keys] } }, select: checkSelect });
  if (!check) throw notFound("check", checkId, "check_id");
  return check;
}

/**
 * Takes the applicant's code for the step's download, or sends a new one.
 * @param values `{ check_id, otp }` or `{ check_id, resend: true }` (ZCkycOtpEntry).
 * @returns the download's state: a wrong code keeps it `code_sent` with `wrong_code` and one attempt less.
 * @throws DomainError parameter_invalid (`otp`: code_invalid); resource_missing for a check that is
 *   not this step's download; check_not_awaiting_otp (409) once it finished; rate_limited (429) for a
 *   new code within 30 s of the last; service_unavailable (503) when the registry could not be asked.
 */
export async function enterCkycOtp(db: Db, ctx: FlowContext, stepName: string, values: unknown): Promise<TCkycOtpView> {
  const parsed = ZCkycOtpEntry.safeParse(values);
  if (!parsed.success) throw validationError(parsed.error);
  const s = await otpStep(db, ctx, stepName);
  const entry = parsed.data;
  await stepCheck(db, s.id, stepName, entry.check_id, [DOWNLOAD]);
  const after = await submitCheckOtp(db, entry.check_id, "otp" in entry ? { otp: entry.otp } : { resend: true });
  return view(after, "otp" in entry && after.status === "pending");
}

/**
 * The step data of a submitted OTP download: the check, the PAN searched by and where the code went.
 * @returns the data to store and the search's creation (the step's submission time, so the pipeline
 *   adopts the step's checks: server/checks/current-checks.ts).
 * @throws DomainError parameter_invalid (`param: "check_id"`, `ckyc_code_pending`) while the download
 *   still waits for its code; resource_missing for a check that is not this step's.
 */
export async function takeCkycOtp(db: Db, session: Pick<FlowSessionRow, "id">, stepName: string, checkId: string) {
  const check = await stepCheck(db, session.id, stepName, checkId, [SEARCH, DOWNLOAD]);
  if (check.status === "pending" || check.status === "running") throw new DomainError("parameter_invalid", "ckyc_code_pending", { param: "check_id" });
  const search = await db.check.findFirst({
    where: { sessionId: session.id, step: stepName, checkKey: SEARCH, createdAt: { lte: check.createdAt } },
    orderBy: { createdAt: "desc" },
    select: { input: true, createdAt: true },
  });
  if (!search) throw notFound("check", checkId, "check_id");
  const seen = view(check);
  return {
    data: {
      method: "otp",
      check_id: check.id,
      id_type: "pan",
      id_number: (search.input as { id_number?: string } | null)?.id_number ?? null,
      otp_sent_to: seen.otp_sent_to,
    },
    submittedAt: search.createdAt,
  };
}
