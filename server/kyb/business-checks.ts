/**
 * The registry checks of `business_details` (GSTIN, CIN / LLPIN, Udyam) run as soon as the
 * step is submitted, not only once the session is `processing`: the `key_people` step is
 * prefilled from the MCA21 answer (its directors), and the business profile shows the
 * registry's name and status while the business waits for its key people. They are ordinary
 * session checks of the step: when the session reaches `processing`, the pipeline
 * (server/sessions/process-session.ts) finds them (created since the step's submission) and
 * runs only those whose provider did not answer yet.
 */
import type { Db } from "../db";
import { attemptCheck, prepareCheck } from "../checks/run-check";
import { currentChecks } from "../checks/current-checks";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { ProviderUnavailableError } from "../providers/provider";
import type { PlannedCheck } from "../steps/step-type";
import { buildBusinessProfile } from "./business-profile";

/**
 * Creates and runs (one provider call each) the checks `plan` gives for the stored data of the
 * submitted step `stepName` (the step's own planned checks), then refreshes the business
 * profile. No-op unless the session is still taking input (once it is `processing`, the
 * pipeline runs them). A provider outage leaves the check for the pipeline.
 */
export async function runBusinessDetailsChecks(
  db: Db,
  sessionId: string,
  stepName: string,
  plan: (data: Record<string, unknown>) => PlannedCheck[],
): Promise<void> {
  const s = await db.session.findUniqueOrThrow({
    where: { id: sessionId },
    select: { projectId: true, mode: true, country: true, status: true, steps: { where: { name: stepName }, select: { status: true, data: true } } },
  });
  const step = s.steps[0];
  if ((s.status !== "in_progress" && s.status !== "started") || step?.status !== "submitted") return;
  const checks = await db.$transaction(async (tx) => {
    const created = [];
    for (const planned of plan((step.data ?? {}) as Record<string, unknown>)) {
      const req = { projectId: s.projectId, mode: s.mode, key: planned.key, country: s.country, input: planned.input, sessionId, step: stepName };
      created.push(await prepareCheck(tx, req, { recordInvalidInput: true }));
    }
    return created;
  });
  for (const c of checks.filter((x) => x.status === "pending")) {
    try {
      await attemptCheck(db, c.id);
    } catch (err) {
      if (!(err instanceof ProviderUnavailableError)) throw err;
    }
  }
  await refreshBusinessProfile(db, sessionId);
}

/** Writes `session.business` from the session's steps and current checks (buildBusinessProfile). */
export async function refreshBusinessProfile(db: Db, sessionId: string): Promise<void> {
  const s = await db.session.findUniqueOrThrow({
    where: { id: sessionId },
    select: {
      steps: { select: { name: true, type: true, data: true, submittedAt: true } },
      checks: { select: { step: true, checkKey: true, status: true, result: true, createdAt: true }, orderBy: { createdAt: "asc" } },
    },
  });
  const profile = buildBusinessProfile(s.steps, currentChecks(s.steps, s.checks));
  await db.session.update({ where: { id: sessionId }, data: { business: profile as InputJsonValue }, select: { id: true } });
}

/** The directors (designated partners) the MCA21 answer of the session lists: the `key_people` step's prefill. */
export async function registryDirectors(db: Db, sessionId: string): Promise<{ name: string; din: string | null; designation: string | null }[]> {
  const c = await db.check.findFirst({
    where: { sessionId, checkKey: "in.cin.verify", status: "passed" },
    orderBy: { createdAt: "desc" },
    select: { result: true },
  });
  const directors = (c?.result as { directors?: { name?: unknown; din?: unknown; designation?: unknown }[] } | null)?.directors ?? [];
  return directors
    .filter((d) => typeof d.name === "string")
    .map((d) => ({
      name: d.name as string,
      din: typeof d.din === "string" ? d.din : null,
      designation: typeof d.designation === "string" ? d.designation : null,
    }));
}
