/**
 * The work of a submitted `ckyc` step (server/steps/ckyc/ckyc-step.ts), right after the
 * submission is stored: with `authentication: date_of_birth`, search CKYCR by the PAN and download
 * the record with the date of birth; with `otp`, read the download the applicant already completed
 * with the registry's code (server/steps/ckyc/ckyc-otp.ts). Then, when the record was downloaded,
 * skip the workflow's steps it proves, prefill the flow (name, mobile) and move the session to
 * `processing` if nothing required is left open.
 *
 * The checks are the step's own session checks, created after (with `otp`: adopted by) its
 * submission, so the pipeline (server/sessions/process-session.ts) finds them finished and the
 * decision counts them; they rest on the session's consent step (server/checks/check-consent.ts).
 * A registry outage leaves the applicant on the ordinary steps (outcome `unavailable`).
 */
import { SYSTEM_ACTOR } from "../audit/write-audit";
import { executeCheck, prepareCheck } from "../checks/run-check";
import type { CheckRow } from "../checks/check.dto";
import { checkSelect } from "../checks/check.dto";
import type { Db } from "../db";
import { outboxCommitted } from "../events/outbox";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { transitionSession } from "../sessions/session-state";
import type { TCkycSettings } from "../steps/ckyc/ckyc.schemas";

/** What the step found: shown to the flow (`publicValues`), kept in the step's data. */
export type CkycOutcome = "downloaded" | "not_found" | "auth_failed" | "unavailable" | "skipped_by_applicant";

/** Registry outages are retried briefly in the applicant's request, then the flow goes on without CKYC. */
const IN_REQUEST_RETRY = { attempts: 2, baseDelayMs: 200 };

/** The session a CKYC check of the step runs for. */
export interface CkycSession {
  id: string;
  projectId: string;
  mode: "test" | "live";
  country: string;
}

/**
 * Runs one CKYC check of the step `stepName` now, in the applicant's request (outages retried briefly).
 * @returns the finished check (`error` after the retries).
 */
export async function runCkycCheck(db: Db, s: CkycSession, stepName: string, key: string, input: Record<string, unknown>): Promise<CheckRow> {
  const check = await prepareCheck(db, { projectId: s.projectId, mode: s.mode, key, country: s.country, input, sessionId: s.id, step: stepName });
  return check.status === "pending" ? executeCheck(db, check.id, IN_REQUEST_RETRY) : check;
}

/** The step's outcome from its finished search or download check. */
export function ckycOutcome(check: Pick<CheckRow, "checkKey" | "status" | "errorCode">): CkycOutcome {
  if (check.checkKey === "in.ckyc.download" && check.status === "passed") return "downloaded";
  if (check.errorCode === "ckyc_record_not_found") return "not_found";
  if (check.errorCode === "ckyc_auth_failed" || check.errorCode === "otp_expired") return "auth_failed";
  return "unavailable";
}

/**
 * Runs the CKYC search and download of a submitted `ckyc` step (or reads the OTP download the
 * applicant completed) and applies the outcome.
 * @param applicant the PAN and date of birth given (`date_of_birth`), the step's finished check
 *   (`otp`: the download, or the search that found no record), or null when the applicant went on without CKYC.
 * @returns the outcome. No-op (`unavailable`) when the session no longer takes input.
 */
export async function runCkycStep(
  db: Db,
  sessionId: string,
  stepName: string,
  settings: TCkycSettings,
  applicant: { pan: string; dob: string } | { checkId: string } | null,
): Promise<CkycOutcome> {
  const s = await db.session.findUniqueOrThrow({
    where: { id: sessionId },
    select: { id: true, projectId: true, mode: true, country: true, status: true, prefill: true },
  });
  if (s.status !== "in_progress" && s.status !== "started") return "unavailable";

  let outcome: CkycOutcome = "skipped_by_applicant";
  let record: Record<string, unknown> | null = null;
  if (applicant && "checkId" in applicant) {
    const check = await db.check.findFirstOrThrow({ where: { id: applicant.checkId, sessionId, step: stepName }, select: checkSelect });
    outcome = ckycOutcome(check);
    if (outcome === "downloaded") record = (check.result ?? {}) as Record<string, unknown>;
  } else if (applicant) {
    const search = await runCkycCheck(db, s, stepName, "in.ckyc.search", { id_type: "pan", id_number: applicant.pan });
    const reference = (search.result as { ckyc_reference_id?: unknown } | null)?.ckyc_reference_id;
    if (search.status === "passed" && typeof reference === "string") {
      const download = await runCkycCheck(db, s, stepName, "in.ckyc.download", { ckyc_reference_id: reference, auth_factor: "dob", dob: applicant.dob });
      outcome = ckycOutcome(download);
      if (outcome === "downloaded") record = (download.result ?? {}) as Record<string, unknown>;
    } else {
      outcome = ckycOutcome(search);
    }
  }

  await db.$transaction(async (tx) => {
    const step = await tx.sessionStep.findUniqueOrThrow({ where: { sessionId_name: { sessionId, name: stepName } }, select: { data: true } });
    await tx.sessionStep.update({
      where: { sessionId_name: { sessionId, name: stepName } },
      data: { data: { ...((step.data ?? {}) as Record<string, unknown>), outcome } as InputJsonValue, ...(applicant ? {} : { status: "skipped" }) },
    });
    if (record) {
      await tx.sessionStep.updateMany({
        where: { sessionId, type: { in: [...settings.skip_steps] }, status: { in: ["pending", "in_progress"] } },
        data: { status: "skipped" },
      });
      const prefill = (s.prefill ?? {}) as Record<string, unknown>;
      const mobile = typeof record.mobile === "string" && /^[6-9][0-9]{9}$/.test(record.mobile) ? `+91${record.mobile}` : undefined;
      await tx.session.update({
        where: { id: sessionId },
        data: {
          prefill: {
            ...(typeof record.name === "string" ? { full_name: record.name } : {}),
            ...(mobile ? { phone: mobile } : {}),
            ...prefill,
          } as InputJsonValue,
        },
      });
    }
    const open = await tx.sessionStep.count({ where: { sessionId, required: true, status: { in: ["pending", "in_progress"] } } });
    const current = await tx.session.findUniqueOrThrow({ where: { id: sessionId }, select: { status: true } });
    if (!open && current.status === "in_progress") await transitionSession(tx, sessionId, "in_progress", "processing", { actor: SYSTEM_ACTOR });
  });
  outboxCommitted();
  return outcome;
}
