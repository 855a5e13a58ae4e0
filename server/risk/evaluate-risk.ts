/**
 * Applies a workflow version's risk rules (server/workflows/workflow.schemas.ts `ZRiskRules`) to a
 * session (issue 20, item 5). Pure: no I/O. Every rule whose condition holds fires; the highest
 * level among them is the session's risk level, none -> `otherwise`. Conditions are those of the
 * decision rules (server/sessions/evaluate-decision.ts `conditionHolds`) plus `screening`,
 * `metadata`, `session_type` and `geography`.
 */
import { conditionHolds, type DecisionFacts } from "../sessions/evaluate-decision";
import type { TRiskCondition, TRiskLevel, TRiskRules } from "../workflows/workflow.schemas";

/** A screening candidate of the session (category, and whether a reviewer confirmed it or it is still open). */
export interface ScreeningFact {
  category: "sanctions" | "pep";
  state: "open" | "confirmed" | "dismissed";
}

export interface RiskFacts extends DecisionFacts {
  screening: readonly ScreeningFact[];
  metadata: Readonly<Record<string, string>>;
  sessionType: "kyc" | "kyb";
  country: string;
}

/** A rule that fired (no personal data). */
export interface FiredRiskRule {
  name: string;
  level: TRiskLevel;
  explanation: string;
}

const RANK: Record<TRiskLevel, number> = { low: 0, medium: 1, high: 2 };

function holds(when: TRiskCondition, facts: RiskFacts): string | null {
  switch (when.type) {
    case "screening": {
      const hits = facts.screening.filter(
        (s) => (!when.category || when.category.includes(s.category)) && (s.state === "confirmed" || (when.open && s.state === "open")),
      );
      return hits.length ? hits.map((h) => `${h.category} candidate ${h.state}`).join("; ") : null;
    }
    case "metadata": {
      const value = facts.metadata[when.key];
      return value !== undefined && when.values.includes(value) ? `metadata.${when.key} is ${value}` : null;
    }
    case "session_type":
      return when.types.includes(facts.sessionType) ? `a ${facts.sessionType} session` : null;
    case "geography":
      return when.countries.includes(facts.country) ? `country ${facts.country}` : null;
    default:
      return conditionHolds(when, facts);
  }
}

/** The session's risk level and the rules that fired (those at that level first, then the rest). */
export function evaluateRisk(rules: TRiskRules, facts: RiskFacts): { level: TRiskLevel; fired: FiredRiskRule[] } {
  const fired = rules.rules.flatMap((rule) => {
    const what = holds(rule.when, facts);
    return what === null ? [] : [{ name: rule.name, level: rule.level, explanation: rule.description ? `${rule.description} (${what})` : what }];
  });
  const level = fired.reduce<TRiskLevel>((l, f) => (RANK[f.level] > RANK[l] ? f.level : l), fired.length ? "low" : rules.otherwise);
  return { level, fired: fired.sort((a, b) => RANK[b.level] - RANK[a.level]) };
}
