/**
 * The checks that count for the decision: per step, only those created since the step's
 * latest submission (a resubmitted step's earlier checks no longer count), the latest per key.
 */
export function currentChecks<C extends { step: string | null; checkKey: string; createdAt: Date }>(
  steps: { name: string; submittedAt: Date | null }[],
  checks: C[],
): C[] {
  const submitted = new Map(steps.map((st) => [st.name, st.submittedAt]));
  const latest = new Map<string, C>();
  for (const c of checks) {
    const since = c.step ? submitted.get(c.step) : undefined;
    if (!since || c.createdAt < since) continue;
    latest.set(`${c.step}:${c.checkKey}`, c);
  }
  return [...latest.values()];
}
