/** Inputs of the dashboard's workflow builder (server/trpc/routers/workflows.ts and its forms). */
import { z } from "zod";
import { ZLocale, ZVerificationType, ZWorkflowDefinition } from "./workflow.schemas";

/** Countries the builder offers (those with a check catalog: server/checks/catalog.ts), with their names. */
export const ZWorkflowCountry = z.enum(["IN"]);
export const COUNTRY_NAMES: Record<z.infer<typeof ZWorkflowCountry>, string> = { IN: "India" };

/** A new workflow: its draft starts from the template of its type (workflow-templates.ts). */
export const ZCreateWorkflowRequest = z.object({
  name: z.string().trim().min(1, "Name the workflow.").max(80, "At most 80 characters."),
  type: ZVerificationType,
  country: ZWorkflowCountry,
  languages: z.array(ZLocale).min(1, "Choose at least one language."),
  ttl_seconds: ZWorkflowDefinition.shape.ttl_seconds,
});
export type TCreateWorkflowRequest = z.input<typeof ZCreateWorkflowRequest>;

export const ZWorkflowIdInput = z.object({ id: z.string().min(1) });

/** The whole draft; validated by the domain (saveWorkflowDraft) so that every problem comes back with its path. */
/** `base`: the draft the editor started from (save-workflow-draft.ts: refused with draft_changed when stale). */
export const ZSaveDraftInput = z.object({ id: z.string().min(1), definition: z.unknown(), base: z.unknown().optional() });

/** A published version against its predecessor, or the draft against the current version. */
export const ZWorkflowDiffInput = z.object({ id: z.string().min(1), version: z.union([z.number().int().min(1), z.literal("draft")]) });
