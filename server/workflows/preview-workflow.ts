/**
 * The dashboard's preview of a draft (issue 7): the draft as it is saved now is snapshotted as
 * a preview version (`WorkflowVersion.preview`, numbered apart from published versions, never
 * current, never read by the API or by publishing) and a TEST-mode session is created on it,
 * whose hosted-flow URL the dashboard opens. The session keeps its snapshot like any session.
 */
import type { Actor } from "../audit/write-audit";
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { newId } from "../ids";
import { createSession } from "../sessions/create-session";
import type { TCreatedSession } from "../sessions/session.schemas";
import { parseDraft } from "./workflow-definition";
import type { PublishedWorkflow } from "./published-workflow";
import { asPublishedWorkflow, WORKFLOW_COLUMNS } from "./workflow.queries";

/**
 * @returns the test session (`url`: the hosted flow with its client token) and the preview number.
 * @throws DomainError resource_missing; parameter_invalid when there is no draft or it is invalid.
 */
export async function previewWorkflowDraft(
  db: Db,
  input: { projectId: string; workflowId: string },
  actor: Actor,
): Promise<TCreatedSession & { preview: number }> {
  const snapshot = await db.$transaction(async (tx): Promise<PublishedWorkflow> => {
    const wf = await tx.workflow.findFirst({
      where: { id: input.workflowId, projectId: input.projectId },
      select: {
        ...WORKFLOW_COLUMNS,
        draft: true,
        versions: { where: { preview: true }, select: { version: true }, orderBy: { version: "desc" }, take: 1 },
      },
    });
    if (!wf) throw notFound("workflow", input.workflowId);
    if (!wf.draft) throw new DomainError("parameter_invalid", "The workflow has no draft to preview.", { param: "draft" });
    const definition = parseDraft(wf.draft);
    const v = await tx.workflowVersion.create({
      data: {
        id: newId("workflowVersion"),
        workflowId: wf.id,
        version: (wf.versions[0]?.version ?? 0) + 1,
        preview: true,
        definition: definition as unknown as InputJsonValue,
        publishedBy: actor.id ?? null,
      },
      select: { id: true, version: true, publishedAt: true },
    });
    return asPublishedWorkflow(wf, v, definition);
  });
  const session = await createSession(
    db,
    { projectId: input.projectId, mode: "test" },
    { workflow_id: snapshot.id, metadata: { workflow_preview: String(snapshot.version) } },
    actor,
    { previewVersion: snapshot },
  );
  return { ...session, preview: snapshot.version };
}
