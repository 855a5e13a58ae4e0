/**
 * The dashboard's workflow builder (server/trpc/routers/workflows.ts and its forms): its inputs,
 * and what its reads return (workflow-builder.queries.ts, workflow-catalog.ts), camelCase with
 * timestamps as `Date`.
 */
import { z } from "zod";
import { ZDocumentTypeList } from "../documents/document-type.schemas";
import { ZCreatedSession } from "../sessions/session.schemas";
import { type TWorkflowDefinition, ZLocale, ZStepType, ZVerificationType, ZWorkflowDefinition } from "./workflow.schemas";

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

// ---- what the builder reads ------------------------------------------------------------------

/**
 * A definition as stored: one today's schema no longer accepts is returned as it is
 * (readDefinition) for the form to show what to fix, so only its being an object is checked here.
 */
export const ZStoredDefinition = z.custom<TWorkflowDefinition>(
  (v) => typeof v === "object" && v !== null && !Array.isArray(v),
  "Expected a workflow definition object.",
);

export const ZWorkflowSummary = z.strictObject({
  id: z.string(),
  name: z.string(),
  type: ZVerificationType,
  country: z.string(),
  /** The current published version; null before the first publish. */
  version: z.number().int().nullable(),
  /** The draft differs from the current version (or nothing is published yet). */
  draftChanges: z.boolean(),
  /** Archived: takes no new sessions, hidden from GET /v1/workflows (server/workflows/manage-workflow.ts). */
  archived: z.boolean(),
  updatedAt: z.date(),
});
export type TWorkflowSummary = z.infer<typeof ZWorkflowSummary>;

export const ZWorkflowForBuilder = ZWorkflowSummary.extend({
  /** The draft to edit (the current version's definition when no draft is stored). */
  draft: ZStoredDefinition,
  publishedAt: z.date().nullable(),
});
export type TWorkflowForBuilder = z.infer<typeof ZWorkflowForBuilder>;

export const ZWorkflowVersionRow = z.strictObject({
  version: z.number().int(),
  publishedAt: z.date(),
  /** The publisher's name or email; "System" for versions the seed published. */
  publishedBy: z.string().nullable(),
  current: z.boolean(),
});
export type TWorkflowVersionRow = z.infer<typeof ZWorkflowVersionRow>;

/** One line of a definition diff: `+` added, `-` removed, ` ` unchanged. */
export const ZDiffLine = z.strictObject({ op: z.enum(["+", "-", " "]), text: z.string() });
export type TDiffLine = z.infer<typeof ZDiffLine>;

/** What changed between two definitions: one sentence per change, and the line diff of their JSON. */
export const ZDefinitionDiff = z.strictObject({ summary: z.array(z.string()), lines: z.array(ZDiffLine) });
export type TDefinitionDiff = z.infer<typeof ZDefinitionDiff>;

export const ZWorkflowDiff = ZDefinitionDiff.extend({
  /** e.g. "Version 2" / "Draft". */
  after: z.string(),
  /** e.g. "Version 1" / "Nothing (first version)". */
  before: z.string(),
});
export type TWorkflowDiff = z.infer<typeof ZWorkflowDiff>;

/** The step types, document types and check keys the builder offers for a country. */
export const ZWorkflowCatalog = z.strictObject({
  stepTypes: z.array(z.strictObject({ type: ZStepType, label: z.string(), description: z.string(), for: z.array(ZVerificationType).readonly() })),
  documentTypes: ZDocumentTypeList.shape.data,
  checks: z.array(z.strictObject({ key: z.string(), description: z.string() })),
});
export type TWorkflowCatalog = z.infer<typeof ZWorkflowCatalog>;

// ---- what the builder's changes return ---------------------------------------------------------

/** A created workflow. */
export const ZWorkflowRef = z.strictObject({ id: z.string() });

/** The version a publish created. */
export const ZPublishedVersion = z.strictObject({ id: z.string(), version: z.number().int() });

/** A preview of the draft: a test-mode session on a snapshot of it (the dashboard opens its `url`) and the snapshot's number. */
export const ZWorkflowPreview = ZCreatedSession.extend({ preview: z.number().int() });

/** Renaming a workflow (its name is unique in the project). */
export const ZRenameWorkflowInput = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1, { error: "Enter a name." }).max(100, { error: "Use at most 100 characters." }),
});
/** Archiving (`archived: true`) or restoring a workflow. */
export const ZArchiveWorkflowInput = z.object({ id: z.string().min(1), archived: z.boolean() });
