/**
 * Applies a workflow's decision rules to a session's finished checks (the rule format of
 * server/workflows/workflow.schemas.ts `ZDecisionRules`). Pure: no I/O.
 *
 * Order: every rule is evaluated against every check; the strongest outcome among the
 * matching rules wins (decline > review > approve) and all matching rule names are reported
 * as reasons. With no match: any check `needs_review` or `error` -> review (decisions.md:
 * "any check needs a reviewer"; `error` never counts as `failed`), any other `failed`
 * check -> review, else `otherwise`.
 */
import type { TDecisionRules, TRuleOutcome } from "../workflows/workflow.schemas";

export interface CheckOutcome {
  checkKey: string;
  status: "pending" | "running" | "passed" | "failed" | "needs_review" | "error";
  errorCode: string | null;
}

export interface DecisionResult {
  outcome: TRuleOutcome;
  reasons: string[];
}

const STRENGTH: Record<TRuleOutcome, number> = { approve: 0, review: 1, decline: 2 };

export function evaluateDecision(rules: TDecisionRules, checks: readonly CheckOutcome[]): DecisionResult {
  const matched = rules.rules.filter((r) =>
    checks.some(
      (c) =>
        c.checkKey === r.when.check &&
        (r.when.status as readonly string[]).includes(c.status) &&
        (!r.when.error_code || (c.errorCode !== null && r.when.error_code.includes(c.errorCode))),
    ),
  );
  if (matched.length) {
    const outcome = matched.reduce<TRuleOutcome>((o, r) => (STRENGTH[r.outcome] > STRENGTH[o] ? r.outcome : o), "approve");
    return { outcome, reasons: matched.filter((r) => r.outcome !== "approve").map((r) => r.name) };
  }
  const unresolved = checks.filter((c) => c.status !== "passed");
  if (unresolved.length) {
    return { outcome: "review", reasons: unresolved.map((c) => `${c.checkKey}:${c.errorCode ?? c.status}`) };
  }
  return { outcome: rules.otherwise, reasons: [] };
}
