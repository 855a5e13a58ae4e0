/**
 * The builder's form state is the workflow definition itself (`ZWorkflowDefinition` input), so
 * a zod path from the client resolver or from the server's `details` (`steps.3.settings.key`)
 * is a form field name as is.
 */
import { get, type FieldErrors, type Path } from "react-hook-form";
import type { z } from "zod";
import type { ZWorkflowDefinition } from "~/server/workflows/workflow.schemas";
import type { TWorkflowCatalog } from "~/server/workflows/workflow-builder.schemas";

export type WorkflowForm = z.input<typeof ZWorkflowDefinition>;
export type FormPath = Path<WorkflowForm>;
export type WorkflowCatalog = TWorkflowCatalog;

/** A path built at run time (settings and conditions are rendered from their schemas). */
export const formPath = (path: string) => path as FormPath;

/** The DOM id of the input of a path: `steps.2.name` -> `wf-steps-2-name`. */
export const inputId = (path: string) => `wf-${path.replace(/\./g, "-")}`;

/** The message of the error at `path` (a field, or the array/object itself). */
export function errorAt(errors: FieldErrors<WorkflowForm>, path: string): string | undefined {
  const e = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  return e?.message ?? e?.root?.message;
}

/** Every error message in `errors` with its path, in form order (for the summary above the form). */
export function listErrors(errors: unknown, prefix = ""): { path: string; message: string }[] {
  if (!errors || typeof errors !== "object") return [];
  const out: { path: string; message: string }[] = [];
  const e = errors as Record<string, unknown>;
  if (typeof e.message === "string" && e.message && prefix) out.push({ path: prefix, message: e.message });
  for (const [key, value] of Object.entries(e)) {
    if (key === "ref" || key === "message" || key === "type" || key === "types") continue;
    if (key === "root") {
      const m = (value as { message?: string } | undefined)?.message;
      if (m) out.push({ path: prefix, message: m });
      continue;
    }
    out.push(...listErrors(value, prefix ? `${prefix}.${key}` : key));
  }
  return out;
}

/** Which tab holds a path's input. */
export type EditorTab = "settings" | "steps" | "rules" | "history";
export function tabOf(path: string): EditorTab {
  return path.startsWith("steps") ? "steps" : path.startsWith("decision") ? "rules" : "settings";
}
