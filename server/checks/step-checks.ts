/**
 * Which checks a submitted step produces: the session pipeline's map from workflow step types to
 * catalog checks (server/checks/catalog.ts). Each step type plans its own
 * (`StepType.plannedChecks` in server/steps/<type>/<type>-step.ts, whose comment gives the data
 * and the checks); types without checks (`consent`, `review`, `key_people`) plan none. Each
 * planned input is parsed again by the check's own input schema when the check is prepared
 * (server/checks/run-check.ts).
 */
import { stepType } from "../steps/registry";
import type { PlannedCheck, StoredStep } from "../steps/step-type";

/**
 * The checks of one submitted step, in order.
 * @param type the step's type (`ZStepType`).
 * @param settings the step's settings in the workflow version, as stored.
 * @param data the step data the hosted flow stored.
 * @param method the step's recorded `method`.
 * @param steps every step of the session with its stored data (the selfie's reference photo).
 * @returns the planned checks; empty for a type without checks or unknown to the registry.
 * @throws ZodError when the step's settings are invalid (a published workflow's are not).
 */
export function checksForStep(
  type: string,
  settings: Record<string, unknown>,
  data: unknown,
  method?: string | null,
  steps: readonly StoredStep[] = [],
): PlannedCheck[] {
  const def = stepType(type);
  if (!def?.plannedChecks) return [];
  return def.plannedChecks({ settings: def.settings.parse(settings), data: (data ?? {}) as Record<string, unknown>, method, steps });
}
