/**
 * Parsing a stored or submitted workflow definition for authoring: `ZWorkflowDefinition` plus
 * each step's settings parsed by its own schema (server/steps/step-types.ts STEP_SETTINGS), so that defaults are written
 * out. A saved draft, the builder's form, a published version and a diff then all show what
 * the hosted flow will apply, and a later change of a default does not change a published version.
 */
import type { ZodError } from "zod";
import { DomainError } from "../errors";
import { STEP_SETTINGS } from "../steps/step-types";
import { ZWorkflowDefinition, type TWorkflowDefinition } from "./workflow.schemas";

/**
 * A definition the schema rejects: `parameter_invalid` whose `details` hold one `{ param, message }`
 * per problem, `param` being the zod path with dots (`steps.3.settings.fields.0.key`), exactly
 * the field names of the builder's form; the first problem is `param` and leads the message.
 */
export function draftError(error: ZodError): DomainError {
  const details = error.issues.map((i) => ({ param: i.path.map(String).join(".") || "definition", message: i.message }));
  const first = details[0]!;
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
  return new DomainError("parameter_invalid", `The draft is not valid: ${first.param}: ${first.message}${more}`, { param: first.param, details });
}

function withSettingDefaults(d: TWorkflowDefinition): TWorkflowDefinition {
  return { ...d, steps: d.steps.map((s) => ({ ...s, settings: STEP_SETTINGS[s.type].parse(s.settings) })) };
}

/** Parses a definition, settings defaults filled in. @throws DomainError parameter_invalid (`draftError`). */
export function parseDraft(draft: unknown): TWorkflowDefinition {
  const parsed = ZWorkflowDefinition.safeParse(draft);
  if (!parsed.success) throw draftError(parsed.error);
  return withSettingDefaults(parsed.data);
}

/**
 * A stored definition read with today's schema (new settings get their defaults); one the schema
 * no longer accepts is returned as stored, and the builder's form shows what to fix.
 */
export function readDefinition(stored: unknown): TWorkflowDefinition {
  const parsed = ZWorkflowDefinition.safeParse(stored);
  return parsed.success ? withSettingDefaults(parsed.data) : (stored as TWorkflowDefinition);
}
