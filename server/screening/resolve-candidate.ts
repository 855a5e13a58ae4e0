/**
 * A reviewer resolves one screening candidate of an `in.aml.screen` check (issue 20, item 3): a
 * true or a false match, with a note. A false match is remembered for the subject and that list
 * entry (`screening_dismissals`): the entry is not reported again for the subject unless it
 * changes (a changed entry is a new entry row). Once every candidate of the check is resolved,
 * the check finishes: `failed` with `sanctions_match` when a sanctions entry was confirmed,
 * otherwise `passed` (`result.pep: true` when a PEP entry was confirmed: enhanced due diligence,
 * a higher risk level). A session in review is then decided by its workflow's rules when they
 * decline it (e.g. `{ when: { check: "aml.screen", error_code: ["sanctions_match"] }, outcome:
 * "decline" }`); otherwise it stays with the reviewer.
 */
import { z } from "zod";
import { type Actor, SYSTEM_ACTOR, writeAudit } from "../audit/write-audit";
import { currentChecks } from "../checks/current-checks";
import type { Db, Tx } from "../db";
import { DomainError, notFound } from "../errors";
import { outboxCommitted } from "../events/outbox";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { refreshSessionRisk } from "../risk/session-risk";
import { evaluateDecision } from "../sessions/evaluate-decision";
import { transitionSession } from "../sessions/session-state";
import { type Tenant, tenantWhere } from "../tenant";
import { getWorkflowVersionDefinition } from "../workflows/workflow.queries";
import type { ScreenCheckResult } from "./screen-check";
import { SCREEN_CHECK_KEY } from "./screen-check";
import { insertDismissal } from "./screening.queries";

export const ZResolveCandidateRequest = z.strictObject({
  checkId: z.string().min(1),
  entryId: z.string().min(1),
  /** true: the applicant is the listed person; false: a different person */
  match: z.boolean(),
  note: z.string().trim().min(1, "Say why (the note is kept with the decision).").max(2000),
});
export type TResolveCandidateRequest = z.infer<typeof ZResolveCandidateRequest>;

export const ZResolveCandidateResult = z.object({
  checkId: z.string(),
  status: z.enum(["needs_review", "passed", "failed"]),
  open: z.int().min(0),
  sessionStatus: z.string().nullable(),
});
export type TResolveCandidateResult = z.infer<typeof ZResolveCandidateResult>;

/** Declines a session in review when its workflow's rules now decline it; returns its status. */
async function applyDeclineRules(tx: Tx, sessionId: string): Promise<string | null> {
  const s = await tx.session.findUniqueOrThrow({
    where: { id: sessionId },
    select: {
      status: true,
      workflowVersionId: true,
      steps: { select: { name: true, submittedAt: true, required: true } },
      checks: {
        select: { step: true, checkKey: true, genericKey: true, provider: true, status: true, errorCode: true, score: true, createdAt: true },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  if (s.status !== "review") return s.status;
  const definition = await getWorkflowVersionDefinition(tx, s.workflowVersionId);
  const required = new Map(s.steps.map((st) => [st.name, st.required]));
  const checks = currentChecks(s.steps, s.checks).map((c) => ({ ...c, required: c.step ? (required.get(c.step) ?? true) : true }));
  const decision = evaluateDecision(definition.decision, { checks });
  if (decision.outcome !== "decline") return s.status;
  await transitionSession(tx, sessionId, "review", "declined", {
    actor: SYSTEM_ACTOR,
    reason: decision.reasons.join(", "),
    note: decision.explanations.join("\n"),
    reviewReasons: decision.reasons,
    decision: "declined",
    decisionSource: "auto",
    reasonCode: decision.reasons[0] ?? "sanctions_match",
  });
  return "declined";
}

/**
 * Resolves candidate `entryId` of screening check `checkId`.
 * @throws DomainError resource_missing (a check that is not the tenant's screening check, or an
 *   entry that is not one of its candidates), candidate_resolved (already resolved, or the check
 *   is no longer in review)
 */
export async function resolveScreeningCandidate(db: Db, tenant: Tenant, actor: Actor, request: TResolveCandidateRequest): Promise<TResolveCandidateResult> {
  const { checkId, entryId, match, note } = ZResolveCandidateRequest.parse(request);
  const out = await db.$transaction(async (tx) => {
    const check = await tx.check.findFirst({
      where: { id: checkId, checkKey: SCREEN_CHECK_KEY, ...tenantWhere(tenant) },
      select: { id: true, status: true, result: true, sessionId: true },
    });
    if (!check) throw notFound("check", checkId, "checkId");
    const result = check.result as unknown as ScreenCheckResult;
    const candidate = result.candidates.find((c) => c.entry_id === entryId);
    if (!candidate) throw notFound("candidate", entryId, "entryId");
    if (candidate.review || check.status !== "needs_review")
      throw new DomainError("candidate_resolved", "This candidate was already resolved.", { param: "entryId" });

    candidate.review = { match, note, by: actor.id ?? null, at: new Date().toISOString() };
    if (!match) await insertDismissal(tx, result.subject_id, entryId);
    const open = result.candidates.filter((c) => !c.review).length;
    let status: TResolveCandidateResult["status"] = "needs_review";
    let errorCode: string | null = null;
    if (!open) {
      const confirmed = result.candidates.filter((c) => c.review?.match);
      result.sanctions_match = confirmed.some((c) => c.category === "sanctions");
      result.pep = confirmed.some((c) => c.category === "pep");
      status = result.sanctions_match ? "failed" : "passed";
      errorCode = result.sanctions_match ? "sanctions_match" : null;
    }
    const updated = await tx.check.updateMany({
      where: { id: checkId, status: "needs_review" },
      data: { result: result as unknown as InputJsonValue, ...(open ? {} : { status, errorCode, verifiedBy: "reviewer", finishedAt: new Date() }) },
    });
    if (updated.count !== 1) throw new DomainError("candidate_resolved", "This check was resolved meanwhile.", { param: "entryId" });
    await writeAudit(tx, {
      actor,
      action: "screening.candidate_resolved",
      objectType: "check",
      objectId: checkId,
      ...tenantWhere(tenant),
      data: { entry_id: entryId, list: candidate.list, match, open },
    });
    // a confirmed PEP or sanctions entry raises the risk level (server/risk/)
    if (check.sessionId && match) await refreshSessionRisk(tx, check.sessionId);
    const sessionStatus = check.sessionId && !open ? await applyDeclineRules(tx, check.sessionId) : null;
    return { checkId, status, open, sessionStatus };
  });
  outboxCommitted();
  return out;
}
