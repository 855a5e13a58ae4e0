/**
 * The case view's checks of one step, per check key: a step may plan several (selfie: face
 * match and liveness; business details: GSTIN, CIN, Udyam; PAN: verification and Aadhaar
 * link), and each key may have run more than once (resubmissions, retries).
 */
import type { CaseCheck } from "../types";

/** One check key of a step: its newest attempt (`current`) and the earlier ones, newest first. */
export interface CheckGroup {
  key: string;
  current: CaseCheck;
  earlier: CaseCheck[];
}

/** Groups `checks` by check key, keys in the order they first ran; a group's newest check is current. */
export function groupChecks(checks: readonly CaseCheck[]): CheckGroup[] {
  const byKey = new Map<string, CaseCheck[]>();
  for (const c of [...checks].sort((a, b) => a.created_at.localeCompare(b.created_at))) byKey.set(c.check_key, [...(byKey.get(c.check_key) ?? []), c]);
  return [...byKey].map(([key, attempts]) => {
    const [current, ...earlier] = attempts.reverse();
    return { key, current: current!, earlier };
  });
}
