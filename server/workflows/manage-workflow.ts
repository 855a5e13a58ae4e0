/**
 * Renaming and archiving workflows in the dashboard (issue 17). An archived workflow takes no
 * new sessions (`workflow_archived`, checked in the statement that inserts a session:
 * server/workflows/workflow.queries.ts `workflowIsCurrentSql`), is hidden from
 * GET /v1/workflows (GET /v1/workflows/{id} still shows it) and keeps its versions: sessions
 * already running keep the version they started on. Restoring undoes it. Each change is
 * audited in its transaction.
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import { forgetPublishedWorkflow } from "./workflow.queries";

/**
 * Archives (`archived: true`) or restores a workflow of the project; a no-op when it already is.
 * @returns whether the workflow is archived now.
 * @throws DomainError resource_missing (unknown or another project's workflow).
 */
export async function setWorkflowArchived(
  db: Db,
  input: { projectId: string; workflowId: string; archived: boolean },
  actor: Actor,
): Promise<{ archived: boolean }> {
  await db.$transaction(async (tx) => {
    const wf = await tx.workflow.findFirst({ where: { id: input.workflowId, projectId: input.projectId }, select: { name: true, archivedAt: true } });
    if (!wf) throw notFound("workflow", input.workflowId);
    if ((wf.archivedAt !== null) === input.archived) return;
    await tx.workflow.update({ where: { id: input.workflowId }, data: { archivedAt: input.archived ? new Date() : null } });
    await writeAudit(tx, {
      actor,
      action: input.archived ? "workflow.archived" : "workflow.restored",
      objectType: "workflow",
      objectId: input.workflowId,
      projectId: input.projectId,
      data: { name: wf.name },
    });
  });
  forgetPublishedWorkflow(input.projectId, input.workflowId);
  return { archived: input.archived };
}

/**
 * Gives a workflow of the project another name (unique in the project). Sessions, versions and
 * the workflow's id stay; the API shows the new name at once.
 * @throws DomainError resource_missing, parameter_invalid (`name`: another workflow has it).
 */
export async function renameWorkflow(db: Db, input: { projectId: string; workflowId: string; name: string }, actor: Actor): Promise<{ name: string }> {
  const name = input.name.trim();
  await db.$transaction(async (tx) => {
    const wf = await tx.workflow.findFirst({ where: { id: input.workflowId, projectId: input.projectId }, select: { name: true } });
    if (!wf) throw notFound("workflow", input.workflowId);
    if (wf.name === name) return;
    const taken = await tx.workflow.findUnique({ where: { projectId_name: { projectId: input.projectId, name } }, select: { id: true } });
    if (taken) throw new DomainError("parameter_invalid", `Another workflow is named '${name}'.`, { param: "name" });
    await tx.workflow.update({ where: { id: input.workflowId }, data: { name } });
    await writeAudit(tx, {
      actor,
      action: "workflow.renamed",
      objectType: "workflow",
      objectId: input.workflowId,
      projectId: input.projectId,
      data: { from: wf.name, to: name },
    });
  });
  forgetPublishedWorkflow(input.projectId, input.workflowId);
  return { name };
}
