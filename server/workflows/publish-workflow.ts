/**
 * Workflow authoring: create a workflow with a draft, publish the draft as the next
 * immutable numbered version (decisions.md: versions are integers starting at 1; new
 * sessions use the current version, running sessions keep theirs).
 */
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { newId } from "../ids";
import { ZWorkflowDefinition, type TWorkflowDefinition } from "./workflow.schemas";

/** Creates a workflow (draft only) in a project. Names are unique per project. */
export async function createWorkflow(
  db: Db,
  input: { projectId: string; name: string; type: "kyc" | "kyb"; country: string; definition: TWorkflowDefinition },
): Promise<{ id: string }> {
  const definition = ZWorkflowDefinition.parse(input.definition);
  const wf = await db.workflow.create({
    data: {
      id: newId("workflow"),
      projectId: input.projectId,
      name: input.name,
      type: input.type,
      country: input.country.toUpperCase(),
      draft: definition as unknown as InputJsonValue,
    },
    select: { id: true },
  });
  return wf;
}

/**
 * Publishes the workflow's draft as version `last + 1` and makes it current, in one
 * transaction. The unique (workflow_id, version) makes concurrent publishes safe: the loser
 * fails instead of creating a duplicate number.
 * @throws DomainError resource_missing when the workflow is not in the project.
 */
export async function publishWorkflow(
  db: Db,
  input: { projectId: string; workflowId: string; publishedBy?: string },
): Promise<{ id: string; version: number }> {
  return db.$transaction(async (tx) => {
    const wf = await tx.workflow.findFirst({
      where: { id: input.workflowId, projectId: input.projectId },
      select: { id: true, draft: true, versions: { select: { version: true }, orderBy: { version: "desc" }, take: 1 } },
    });
    if (!wf) throw notFound("workflow", input.workflowId);
    if (!wf.draft) throw new DomainError("parameter_invalid", "The workflow has no draft to publish.");
    const definition = ZWorkflowDefinition.parse(wf.draft);
    const version = (wf.versions[0]?.version ?? 0) + 1;
    const v = await tx.workflowVersion.create({
      data: {
        id: newId("workflowVersion"),
        workflowId: wf.id,
        version,
        definition: definition as unknown as InputJsonValue,
        publishedBy: input.publishedBy,
      },
      select: { id: true, version: true },
    });
    await tx.workflow.update({ where: { id: wf.id }, data: { currentVersionId: v.id } });
    return { id: wf.id, version: v.version };
  });
}
