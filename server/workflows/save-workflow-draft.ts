/**
 * The editable draft of a workflow (dashboard builder): saved whole after validation with
 * `ZWorkflowDefinition`, or discarded back to the current published version. Both audited.
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db, Tx } from "../db";
import { DomainError, notFound } from "../errors";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { sql } from "../sql";
import { parseDraft, readDefinition } from "./workflow-definition";
import { sameDefinition } from "./workflow-diff";
import type { TWorkflowDefinition } from "./workflow.schemas";

async function findWorkflow(db: Db | Tx, projectId: string, id: string) {
  const wf = await db.workflow.findFirst({
    where: { id, projectId },
    select: { id: true, draft: true, currentVersion: { select: { version: true, definition: true } } },
  });
  if (!wf) throw notFound("workflow", id);
  return wf;
}

/**
 * Validates and stores the draft (the whole definition), audited as `workflow.draft_saved`.
 * `base`: the draft the editor started from (what it loaded, or its last save's answer); when
 * given, the save is refused if the stored draft is no longer that one, so two people editing
 * the same workflow never overwrite each other's work unknowingly (optimistic concurrency; the
 * row is locked while compared and written).
 * @returns the draft as stored (defaults filled in).
 * @throws DomainError resource_missing; parameter_invalid with field-level `details` (`draftError`);
 *   draft_changed (409) when `base` is stale.
 */
export async function saveWorkflowDraft(
  db: Db,
  input: { projectId: string; workflowId: string; definition: unknown; base?: unknown },
  actor: Actor,
): Promise<TWorkflowDefinition> {
  const definition = parseDraft(input.definition);
  return db.$transaction(async (tx) => {
    await tx.$queryRaw(sql`SELECT id FROM workflows WHERE id = ${input.workflowId} AND project_id = ${input.projectId} FOR UPDATE`);
    const wf = await findWorkflow(tx, input.projectId, input.workflowId);
    if (input.base !== undefined && !sameDefinition(readDefinition(input.base), readDefinition(wf.draft ?? wf.currentVersion?.definition))) {
      throw new DomainError(
        "draft_changed",
        "Someone else saved this draft after you opened it. Copy your changes, reload the page to see theirs, and apply yours again.",
        {
          param: "draft",
        },
      );
    }
    await tx.workflow.update({ where: { id: wf.id }, data: { draft: definition as unknown as InputJsonValue } });
    await writeAudit(tx, {
      actor,
      action: "workflow.draft_saved",
      objectType: "workflow",
      objectId: wf.id,
      projectId: input.projectId,
      data: { steps: definition.steps.map((s) => s.name), rules: definition.decision.rules.length },
    });
    return definition;
  });
}

/**
 * Throws the draft's changes away: the draft becomes the current version's definition again,
 * audited as `workflow.draft_discarded`.
 * @throws DomainError resource_missing; parameter_invalid (param `draft`) before the first publish.
 */
export async function discardWorkflowDraft(db: Db, input: { projectId: string; workflowId: string }, actor: Actor): Promise<TWorkflowDefinition> {
  return db.$transaction(async (tx) => {
    const wf = await findWorkflow(tx, input.projectId, input.workflowId);
    if (!wf.currentVersion) {
      throw new DomainError("parameter_invalid", "Nothing is published yet, so there is no version to go back to.", { param: "draft" });
    }
    await tx.workflow.update({ where: { id: wf.id }, data: { draft: wf.currentVersion.definition as InputJsonValue } });
    await writeAudit(tx, {
      actor,
      action: "workflow.draft_discarded",
      objectType: "workflow",
      objectId: wf.id,
      projectId: input.projectId,
      data: { version: wf.currentVersion.version },
    });
    return readDefinition(wf.currentVersion.definition);
  });
}
