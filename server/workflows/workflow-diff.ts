/**
 * Differences between two workflow definitions, for the builder's history: a structured
 * summary (one sentence per change of languages, time to live, steps and decision rules) and a
 * line diff of the pretty-printed JSON (jsdiff `diffLines`). Pure functions.
 */
import { diffLines } from "diff";
import type { TDefinitionDiff, TDiffLine } from "./workflow-builder.schemas";
import type { TWorkflowDefinition } from "./workflow.schemas";

/** JSON with object keys sorted, so that key order never counts as a change. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Whether two definitions are the same data (key order aside). */
export function sameDefinition(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

const ttlText = (s: number) => (s % 86_400 === 0 ? `${s / 86_400} days` : s % 3600 === 0 ? `${s / 3600} hours` : `${Math.round(s / 60)} minutes`);

function byName<T extends { name: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((i) => [i.name, i]));
}

/** What changed from `before` (null: nothing published yet) to `after`, in words. */
function summarize(before: TWorkflowDefinition | null, after: TWorkflowDefinition): string[] {
  if (!before)
    return [`First version: ${after.steps.length} steps (${after.steps.map((s) => s.name).join(", ")}), ${after.decision.rules.length} decision rules.`];
  const out: string[] = [];
  if (before.languages.join() !== after.languages.join()) out.push(`Languages: ${before.languages.join(", ")} → ${after.languages.join(", ")}.`);
  if (before.ttl_seconds !== after.ttl_seconds) out.push(`Time to live: ${ttlText(before.ttl_seconds)} → ${ttlText(after.ttl_seconds)}.`);

  const [oldSteps, newSteps] = [byName(before.steps), byName(after.steps)];
  for (const s of after.steps) if (!oldSteps.has(s.name)) out.push(`Step '${s.name}' (${s.type}) added.`);
  for (const s of before.steps) if (!newSteps.has(s.name)) out.push(`Step '${s.name}' removed.`);
  for (const s of after.steps) {
    const old = oldSteps.get(s.name);
    if (!old) continue;
    if (old.type !== s.type) out.push(`Step '${s.name}': type ${old.type} → ${s.type}.`);
    if (old.required !== s.required) out.push(`Step '${s.name}' is now ${s.required ? "required" : "optional"}.`);
    if (!sameDefinition(old.settings, s.settings)) out.push(`Step '${s.name}': settings changed.`);
  }
  const kept = (steps: readonly { name: string }[], other: Map<string, unknown>) =>
    steps
      .map((s) => s.name)
      .filter((n) => other.has(n))
      .join();
  if (kept(before.steps, newSteps) !== kept(after.steps, oldSteps)) out.push(`Steps reordered: ${after.steps.map((s) => s.name).join(" → ")}.`);

  const [oldRules, newRules] = [byName(before.decision.rules), byName(after.decision.rules)];
  for (const r of after.decision.rules) if (!oldRules.has(r.name)) out.push(`Rule '${r.name}' added (${r.outcome}).`);
  for (const r of before.decision.rules) if (!newRules.has(r.name)) out.push(`Rule '${r.name}' removed.`);
  for (const r of after.decision.rules) {
    const old = oldRules.get(r.name);
    if (old && !sameDefinition(old, r)) out.push(`Rule '${r.name}' changed${old.outcome !== r.outcome ? ` (${old.outcome} → ${r.outcome})` : ""}.`);
  }
  if (before.decision.otherwise !== after.decision.otherwise) out.push(`Otherwise: ${before.decision.otherwise} → ${after.decision.otherwise}.`);
  return out.length ? out : ["No changes."];
}

/** The summary and the JSON line diff from `before` to `after`. */
export function diffDefinitions(before: TWorkflowDefinition | null, after: TWorkflowDefinition): TDefinitionDiff {
  const lines: TDiffLine[] = [];
  for (const part of diffLines(before ? JSON.stringify(before, null, 2) + "\n" : "", JSON.stringify(after, null, 2) + "\n")) {
    const op = part.added ? "+" : part.removed ? "-" : " ";
    for (const text of part.value.replace(/\n$/, "").split("\n")) lines.push({ op, text });
  }
  return { summary: summarize(before, after), lines };
}
