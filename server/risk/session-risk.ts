/**
 * A session's risk level (issue 20, item 5): computed by its workflow version's risk rules
 * (./evaluate-risk.ts) when its checks finished (server/sessions/process-session.ts), raised when
 * a reviewer confirms a screening candidate or monitoring finds one (a refresh never lowers it:
 * it sees the checks and screening again, not every fact of the first evaluation), and its
 * periodic re-KYC date set at approval (./review-schedule.ts).
 */
import type { Db, Tx } from "../db";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { currentChecks } from "../checks/current-checks";
import type { DecisionFacts } from "../sessions/evaluate-decision";
import type { TRiskLevel, TRiskRules } from "../workflows/workflow.schemas";
import { getWorkflowVersionDefinition } from "../workflows/workflow.queries";
import { evaluateRisk, type FiredRiskRule, type ScreeningFact } from "./evaluate-risk";
import { nextReviewDate, reviewYears } from "./review-schedule";

const RANK: Record<TRiskLevel, number> = { low: 0, medium: 1, high: 2 };

/** The screening candidates of a session's `in.aml.screen` checks, as risk facts. */
export function screeningFacts(checks: readonly { checkKey: string; result: unknown }[]): ScreeningFact[] {
  return checks.flatMap((c) => {
    if (c.checkKey !== "in.aml.screen") return [];
    const candidates = ((c.result ?? {}) as { candidates?: { category: "sanctions" | "pep"; review: { match: boolean } | null }[] }).candidates ?? [];
    return candidates.map((k) => ({
      category: k.category,
      state: k.review ? (k.review.match ? ("confirmed" as const) : ("dismissed" as const)) : ("open" as const),
    }));
  });
}

interface RiskSession {
  id: string;
  type: "kyc" | "kyb";
  country: string;
  metadata: unknown;
}

/**
 * Evaluates `rules` for the session and stores `risk_level` and `risk_rules`; with `onlyRaise`,
 * keeps the stored level and rules when they are higher (a refresh).
 */
export async function storeSessionRisk(
  tx: Tx,
  s: RiskSession,
  rules: TRiskRules,
  facts: DecisionFacts & { screening: readonly ScreeningFact[] },
  opts: { onlyRaise?: boolean } = {},
): Promise<TRiskLevel> {
  let { level, fired } = evaluateRisk(rules, { ...facts, metadata: (s.metadata ?? {}) as Record<string, string>, sessionType: s.type, country: s.country });
  if (opts.onlyRaise) {
    const stored = await tx.session.findUniqueOrThrow({ where: { id: s.id }, select: { riskLevel: true, riskRules: true } });
    const before = (stored.riskRules ?? []) as unknown as FiredRiskRule[];
    if (stored.riskLevel && RANK[stored.riskLevel] > RANK[level]) level = stored.riskLevel;
    fired = [...fired, ...before.filter((b) => !fired.some((f) => f.name === b.name))].sort((a, b) => RANK[b.level] - RANK[a.level]);
  }
  await tx.session.update({ where: { id: s.id }, data: { riskLevel: level, riskRules: fired as unknown as InputJsonValue } });
  return level;
}

/**
 * Sets (`approvedAt`) or clears (null) a session's `next_review_at` by its stored risk level
 * (`low` when none was computed) and its project's intervals.
 */
export async function scheduleReview(tx: Db | Tx, sessionId: string, approvedAt: Date | null): Promise<void> {
  if (!approvedAt) {
    await tx.session.update({ where: { id: sessionId }, data: { nextReviewAt: null, reviewDueEmittedAt: null } });
    return;
  }
  const s = await tx.session.findUniqueOrThrow({ where: { id: sessionId }, select: { riskLevel: true, project: { select: { riskReviewYears: true } } } });
  const due = nextReviewDate(s.riskLevel ?? "low", reviewYears(s.project.riskReviewYears), approvedAt);
  await tx.session.update({ where: { id: sessionId }, data: { nextReviewAt: due, reviewDueEmittedAt: null } });
}

/**
 * Re-evaluates a session's risk after its screening changed (a resolved candidate, a monitoring
 * match): raises the level when the rules now say higher, and moves `next_review_at` earlier
 * for an approved session accordingly.
 */
export async function refreshSessionRisk(tx: Tx, sessionId: string): Promise<TRiskLevel> {
  const s = await tx.session.findUniqueOrThrow({
    where: { id: sessionId },
    select: {
      id: true,
      type: true,
      country: true,
      metadata: true,
      status: true,
      completedAt: true,
      workflowVersionId: true,
      steps: { select: { name: true, submittedAt: true, required: true } },
      checks: {
        select: { step: true, checkKey: true, genericKey: true, provider: true, status: true, errorCode: true, score: true, result: true, createdAt: true },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  const definition = await getWorkflowVersionDefinition(tx, s.workflowVersionId);
  const required = new Map(s.steps.map((st) => [st.name, st.required]));
  const checks = currentChecks(s.steps, s.checks);
  const level = await storeSessionRisk(
    tx,
    s,
    definition.risk,
    { checks: checks.map((c) => ({ ...c, required: c.step ? (required.get(c.step) ?? true) : true })), screening: screeningFacts(checks) },
    { onlyRaise: true },
  );
  if (s.completedAt && (s.status === "approved" || s.status === "review")) await scheduleReview(tx, sessionId, s.completedAt);
  return level;
}
