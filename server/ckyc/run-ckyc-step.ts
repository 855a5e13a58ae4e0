/**
 * The work of a submitted `ckyc` step (server/steps/ckyc/ckyc-step.ts), right after the
 * submission is stored: search CKYCR by the PAN, download the record with the date of birth,
 * then, when the record was downloaded, skip the workflow's steps it proves, prefill the flow
 * (name, mobile) and move the session to `processing` if nothing required is left open.
 *
 * The checks are the step's own session checks, created after its submission, so the pipeline
 * (server/sessions/process-session.ts) finds them finished and the decision counts them; they rest
 * on the session's consent step (server/checks/check-consent.ts). A registry outage leaves the
 * applicant on the ordinary steps (outcome `unavailable`).
 */
import { SYSTEM_ACTOR } from "../audit/write-audit";
import { executeCheck, prepareCheck } from "../checks/run-check";
import type { CheckRow } from "../checks/check.dto";
import type { Db } from "../db";
import { outboxCommitted } from "../events/outbox";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { transitionSession } from "../sessions/session-state";
import type { TCkycSettings } from "../steps/ckyc/ckyc.schemas";

/** What the step found: shown to the flow (`publicValues`), kept in the step's data. */
export type CkycOutcome = "downloaded" | "not_found" | "auth_failed" | "unavailable" | "skipped_by_applicant";

/** Registry outages are retried briefly in the applicant's request, then the flow goes on without CKYC. */
const IN_REQUEST_RETRY = { attempts: 2, baseDelayMs: 200 };

/**
 * Runs the CKYC search and download of a submitted `ckyc` step and applies the outcome.
 * @param applicant the PAN and date of birth given, or null when the applicant went on without CKYC.
 * @returns the outcome. No-op (`unavailable`) when the session no longer takes input.
 */
export async function runCkycStep(
  db: Db,
  sessionId: string,
  stepName: string,
  settings: TCkycSettings,
  applicant: { pan: string; dob: string } | null,
): Promise<CkycOutcome> {
  const s = await db.session.findUniqueOrThrow({
    where: { id: sessionId },
    select: { projectId: true, mode: true, country: true, status: true, prefill: true },
  });
  if (s.status !== "in_progress" && s.status !== "started") return "unavailable";
  const run = async (key: string, input: Record<string, unknown>): Promise<CheckRow> => {
    const check = await prepareCheck(db, { projectId: s.projectId, mode: s.mode, key, country: s.country, input, sessionId, step: stepName });
    return check.status === "pending" ? executeCheck(db, check.id, IN_REQUEST_RETRY) : check;
  };

  let outcome: CkycOutcome = "skipped_by_applicant";
  let record: Record<string, unknown> | null = null;
  if (applicant) {
    const search = await run("in.ckyc.search", { id_type: "pan", id_number: applicant.pan });
    const reference = (search.result as { ckyc_reference_id?: unknown } | null)?.ckyc_reference_id;
    if (search.status === "passed" && typeof reference === "string") {
      const download = await run("in.ckyc.download", { ckyc_reference_id: reference, auth_factor: "dob", dob: applicant.dob });
      outcome = download.status === "passed" ? "downloaded" : download.errorCode === "ckyc_auth_failed" ? "auth_failed" : "unavailable";
      if (outcome === "downloaded") record = (download.result ?? {}) as Record<string, unknown>;
    } else {
      outcome = search.errorCode === "ckyc_record_not_found" ? "not_found" : "unavailable";
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
