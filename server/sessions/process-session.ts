/**
 * The session pipeline run by the `process-session` Inngest function once a session is
 * `processing`: run the checks its submitted steps produce, then apply the workflow's
 * decision rules (decisions.md: processing -> approved / declined with decision_source auto,
 * or review).
 */
import type { Db } from "../db";
import { SYSTEM_ACTOR } from "../audit/write-audit";
import { checksForStep } from "../checks/step-checks";
import { runCheck, type RetryPolicy } from "../checks/run-check";
import { outboxCommitted } from "../events/outbox";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import type { StepStatus } from "../generated/prisma/enums";
import { getWorkflowVersionDefinition } from "../workflows/workflow.queries";
import { evaluateDecision } from "./evaluate-decision";
import { transitionSession } from "./session-state";

/**
 * Runs the checks of every submitted step that has no check since its last submission.
 * Idempotent, so a retried Inngest step does not run a check twice. Returns the check ids.
 */
export async function runSessionChecks(db: Db, sessionId: string, retry?: RetryPolicy): Promise<string[]> {
  const s = await db.session.findUniqueOrThrow({
    where: { id: sessionId },
    select: {
      id: true,
      projectId: true,
      mode: true,
      status: true,
      country: true,
      workflowVersionId: true,
      steps: { select: { name: true, type: true, status: true, data: true, submittedAt: true }, orderBy: { position: "asc" } },
      checks: { select: { id: true, step: true, createdAt: true } },
    },
  });
  if (s.status !== "processing") return [];
  const definition = await getWorkflowVersionDefinition(db, s.workflowVersionId);
  const ids: string[] = [];
  for (const step of s.steps) {
    if (step.status !== "submitted" || !step.submittedAt) continue;
    const done = s.checks.filter((c) => c.step === step.name && c.createdAt >= step.submittedAt!);
    if (done.length) {
      ids.push(...done.map((c) => c.id));
      continue;
    }
    const settings = definition.steps.find((d) => d.name === step.name)?.settings ?? {};
    for (const planned of checksForStep(step.type, settings, step.data)) {
      const check = await runCheck(
        db,
        { projectId: s.projectId, mode: s.mode, key: planned.key, country: s.country, input: planned.input, sessionId: s.id, step: step.name },
        retry,
      );
      ids.push(check.id);
    }
  }
  return ids;
}

const STEP_STATUS_BY_CHECK: Record<string, StepStatus> = {
  passed: "passed",
  failed: "failed",
  needs_review: "needs_review",
  error: "needs_review",
};

/**
 * Sets step statuses from their latest checks, records the applicant profile, evaluates the
 * decision rules and moves the session out of `processing`. No-op unless `processing`.
 * @returns the new status, or null when nothing was done.
 */
export async function applyAutomaticDecision(db: Db, sessionId: string): Promise<string | null> {
  const result = await db.$transaction(async (tx) => {
    const s = await tx.session.findUniqueOrThrow({
      where: { id: sessionId },
      select: {
        id: true,
        status: true,
        type: true,
        workflowVersionId: true,
        steps: { select: { name: true, type: true, status: true, data: true, submittedAt: true } },
        checks: { select: { step: true, checkKey: true, status: true, errorCode: true, result: true, createdAt: true }, orderBy: { createdAt: "asc" } },
      },
    });
    if (s.status !== "processing") return null;
    const definition = await getWorkflowVersionDefinition(tx, s.workflowVersionId);
    const latest = new Map<string, (typeof s.checks)[number]>();
    for (const c of s.checks) latest.set(`${c.step}:${c.checkKey}`, c);
    const checks = [...latest.values()];

    for (const step of s.steps) {
      if (step.status !== "submitted") continue;
      const own = checks.filter((c) => c.step === step.name);
      const worst = own.find((c) => c.status === "failed") ?? own.find((c) => c.status !== "passed") ?? own[0];
      const status: StepStatus = worst ? (STEP_STATUS_BY_CHECK[worst.status] ?? "needs_review") : "passed";
      await tx.sessionStep.update({ where: { sessionId_name: { sessionId, name: step.name } }, data: { status } });
    }

    const profile = buildProfile(s.steps, checks);
    await tx.session.update({ where: { id: sessionId }, data: s.type === "kyc" ? { applicant: profile } : { business: profile } });

    const { outcome, reasons } = evaluateDecision(definition.decision, checks);
    const to = outcome === "approve" ? "approved" : outcome === "decline" ? "declined" : "review";
    await transitionSession(tx, sessionId, "processing", to, {
      actor: SYSTEM_ACTOR,
      reason: reasons.join(", ") || null,
      reviewReasons: reasons,
      ...(to === "review" ? {} : { decision: to, decisionSource: "auto" as const, reasonCode: reasons[0] ?? "rules_passed" }),
    });
    return to;
  });
  if (result) outboxCommitted();
  return result;
}

/** Verified profile: what was entered, each field marked with its source. */
function buildProfile(
  steps: { type: string; data: unknown }[],
  checks: { checkKey: string; status: string; result: unknown }[],
): InputJsonValue {
  const pan = steps.find((st) => st.type === "pan")?.data as { pan?: string; name?: string; dob?: string } | undefined;
  if (!pan) return {};
  const panCheck = checks.find((c) => c.checkKey === "in.pan.verify");
  const verified = panCheck?.status === "passed";
  const answer = (panCheck?.result ?? {}) as { registered_name?: string };
  return {
    full_name: { value: answer.registered_name ?? pan.name ?? null, source: verified ? "pan_registry" : "applicant" },
    date_of_birth: { value: pan.dob ?? null, source: "applicant" },
    pan: { value: pan.pan ?? null, source: verified ? "pan_registry" : "applicant", verified },
  };
}
