/**
 * Applies a workflow version's decision rules (server/workflows/workflow.schemas.ts
 * `ZDecisionRules`) to what a session's processing found: its finished checks, its duplicates
 * the names its verified sources hold and the review signals of its documents. Pure: no I/O.
 *
 * decisions.md "Session lifecycle": processing -> approved / declined (`decision_source: auto`)
 * when the rules say so, -> review when a rule says review or any check needs a reviewer.
 *
 * 1. Every rule whose condition holds matches; the strongest outcome among the matches wins
 *    (decline > review > approve). The rules with that outcome "fired": their names are the
 *    reasons (history `reason`, review reasons, `reason_code`).
 * 2. No rule matched: any check that did not pass -> review (reason `<check key>:<error code or
 *    status>` per check); else the rules' `otherwise`.
 * 3. Safety net: an approval never stands while a check still needs a reviewer, errored or did
 *    not finish (`error` never counts as passed): -> review with those checks as reasons.
 */
import { nameMatchScore } from "../checks/name-match";
import type { TDecisionRule, TDecisionRules, TRuleCondition, TRuleOutcome } from "../workflows/workflow.schemas";

export type CheckFactStatus = "pending" | "running" | "passed" | "failed" | "needs_review" | "error";

/** One check of the session (the latest per step and check key). */
export interface CheckFact {
  checkKey: string;
  /** Generic key (`tax_id.verify`); rules may name either key. */
  genericKey?: string;
  status: CheckFactStatus;
  errorCode: string | null;
  /** The check's score (a name-match score for registry checks that compare names), or null. */
  score?: number | null;
  /** Public provider name; `manual` = a reviewer must decide. */
  provider?: string | null;
  /** Whether the check's step is required in the workflow (default true). */
  required?: boolean;
}

/** Another session that shares identity signals with this one (`session.duplicates`). */
export interface DuplicateFact {
  sessionId: string;
  status: string;
  signals: readonly string[];
}

/** A name held by a verified source of the session (no reasons ever include the name itself). */
export interface NameFact {
  /** Where it comes from, e.g. `pan_registry`, `aadhaar`, `bank`. */
  source: string;
  name: string;
}

/** A review signal of a document the applicant submitted (server/intelligence/document-extractions.ts). */
export interface DocumentSignalFact {
  /** A code of DOCUMENT_SIGNAL_CODES, e.g. `field_corrected`, `mrz_visual_mismatch`. */
  code: string;
  severity: "review" | "info";
  /** The field concerned (a catalog key such as `date_of_birth`), when there is one. */
  field?: string;
  /** The document type key, e.g. `passport`. */
  documentType: string;
}

/** A key person's KYC session of a KYB session (a child session, server/kyb/). */
export interface RelatedSessionFact {
  sessionId: string;
  role: string | null;
  status: string;
}

/** A finding of the KYB cross-checks (server/kyb/cross-checks.ts), e.g. `gstin_pan`. */
export interface BusinessMismatchFact {
  mismatch: string;
  /** What was compared, without personal data (e.g. `gstin vs business_pan`). */
  detail: string;
}

export interface DecisionFacts {
  checks: readonly CheckFact[];
  duplicates?: readonly DuplicateFact[];
  names?: readonly NameFact[];
  documentSignals?: readonly DocumentSignalFact[];
  related?: readonly RelatedSessionFact[];
  businessMismatches?: readonly BusinessMismatchFact[];
}

/** A rule that fired, with why (no personal data: keys, statuses, codes, scores, session ids). */
export interface FiredRule {
  name: string;
  explanation: string;
}

export interface DecisionResult {
  outcome: TRuleOutcome;
  /** Names of the fired rules, or the built-in reasons of steps 2 and 3 above. */
  reasons: string[];
  /** One line per reason: the rule's description (if any) and what matched. */
  explanations: string[];
}

const STRENGTH: Record<TRuleOutcome, number> = { approve: 0, review: 1, decline: 2 };

const UNFINISHED_OR_UNRESOLVED = new Set<CheckFactStatus>(["pending", "running", "needs_review", "error"]);

const describeCheck = (c: CheckFact) =>
  `${c.checkKey} ${c.status}${c.errorCode ? ` (${c.errorCode})` : ""}${c.score !== null && c.score !== undefined ? `, score ${c.score}` : ""}`;

/**
 * Whether `when` holds for the facts; returns what matched (for the explanation) or null.
 * Exported for tests of single conditions.
 */
export function conditionHolds(when: TRuleCondition, facts: DecisionFacts): string | null {
  switch (when.type) {
    case "check": {
      const hits = facts.checks.filter(
        (c) =>
          (c.checkKey === when.check || c.genericKey === when.check) &&
          (!when.status || (when.status as readonly string[]).includes(c.status)) &&
          (!when.error_code || (c.errorCode !== null && when.error_code.includes(c.errorCode))) &&
          (when.score_below === undefined || (typeof c.score === "number" && c.score < when.score_below)),
      );
      return hits.length ? hits.map(describeCheck).join("; ") : null;
    }
    case "all_checks_passed": {
      const required = facts.checks.filter((c) => c.required !== false);
      return required.every((c) => c.status === "passed") ? `all ${required.length} checks of required steps passed` : null;
    }
    case "manual_check": {
      const manual = facts.checks.filter((c) => c.provider === "manual" && c.status !== "passed" && c.status !== "failed");
      return manual.length ? manual.map((c) => `${c.checkKey} waits for a reviewer`).join("; ") : null;
    }
    case "duplicate": {
      const hits = (facts.duplicates ?? []).filter(
        (d) =>
          (!when.status || (when.status as readonly string[]).includes(d.status)) &&
          (!when.signals || d.signals.some((s) => (when.signals as readonly string[]).includes(s))),
      );
      return hits.length ? hits.map((d) => `same ${d.signals.join(", ")} as ${d.sessionId} (${d.status})`).join("; ") : null;
    }
    case "names_differ": {
      const names = facts.names ?? [];
      const low: string[] = [];
      for (let i = 0; i < names.length; i++) {
        for (let j = i + 1; j < names.length; j++) {
          const score = nameMatchScore(names[i]!.name, names[j]!.name);
          if (score < when.below) low.push(`${names[i]!.source} name vs ${names[j]!.source} name: score ${score}`);
        }
      }
      return low.length ? low.join("; ") : null;
    }
    case "document_signal": {
      const severity: readonly string[] = when.severity ?? (when.kinds ? ["review", "info"] : ["review"]);
      const hits = (facts.documentSignals ?? []).filter(
        (d) => severity.includes(d.severity) && (!when.kinds || (when.kinds as readonly string[]).includes(d.code)),
      );
      return hits.length ? hits.map((d) => `${d.documentType}: ${d.code}${d.field ? ` (${d.field})` : ""}`).join("; ") : null;
    }
    case "related_sessions": {
      const hits = (facts.related ?? []).filter(
        (r) => (when.status as readonly string[]).includes(r.status) && (!when.role || (r.role !== null && (when.role as readonly string[]).includes(r.role))),
      );
      return hits.length ? hits.map((r) => `${r.role ?? "related"} ${r.sessionId} ${r.status}`).join("; ") : null;
    }
    case "business_mismatch": {
      const hits = (facts.businessMismatches ?? []).filter((m) => !when.mismatch || (when.mismatch as readonly string[]).includes(m.mismatch));
      return hits.length ? hits.map((m) => `${m.mismatch}: ${m.detail}`).join("; ") : null;
    }
  }
}

const explain = (rule: TDecisionRule, matched: string) => `${rule.name}: ${rule.description ? `${rule.description} (${matched})` : matched}`;

/**
 * Decides a processed session by the workflow's rules (algorithm in the module comment).
 * @param rules the decision rules of the session's workflow version.
 * @param facts the session's latest checks, its duplicates and the names of its verified sources.
 * @returns the outcome, the reasons (rule names or built-in reasons) and one explanation per reason.
 */
export function evaluateDecision(rules: TDecisionRules, facts: DecisionFacts): DecisionResult {
  const matched = rules.rules.flatMap((rule) => {
    const what = conditionHolds(rule.when, facts);
    return what === null ? [] : [{ rule, what }];
  });
  const unresolved = facts.checks.filter((c) => UNFINISHED_OR_UNRESOLVED.has(c.status));
  const builtin = (checks: readonly CheckFact[]) => ({
    outcome: "review" as const,
    reasons: checks.map((c) => `${c.checkKey}:${c.errorCode ?? c.status}`),
    explanations: checks.map((c) => `${c.checkKey}:${c.errorCode ?? c.status}: ${describeCheck(c)}, a reviewer must decide`),
  });

  if (!matched.length) {
    const notPassed = facts.checks.filter((c) => c.status !== "passed");
    if (notPassed.length) return builtin(notPassed);
    return { outcome: rules.otherwise, reasons: [], explanations: [] };
  }
  const outcome = matched.reduce<TRuleOutcome>((o, m) => (STRENGTH[m.rule.outcome] > STRENGTH[o] ? m.rule.outcome : o), "approve");
  if (outcome === "approve" && unresolved.length) return builtin(unresolved);
  const fired = matched.filter((m) => m.rule.outcome === outcome);
  return { outcome, reasons: fired.map((m) => m.rule.name), explanations: fired.map((m) => explain(m.rule, m.what)) };
}
