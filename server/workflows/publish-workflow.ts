/**
 * Workflow authoring: create a workflow with a draft, publish the draft as the next
 * immutable numbered version (decisions.md: versions are integers starting at 1; new
 * sessions use the current version, running sessions keep theirs). Preview snapshots
 * (`WorkflowVersion.preview`) are numbered apart and never count here.
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db, Tx } from "../db";
import { DomainError, notFound } from "../errors";
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import { newId } from "../ids";
import { stepType } from "../steps/registry";
import { draftError, parseDraft, readDefinition } from "./workflow-definition";
import type { ZCreateWorkflowRequest } from "./workflow-builder.schemas";
import { workflowTemplate } from "./workflow-templates";
import { sameDefinition } from "./workflow-diff";
import { forgetPublishedWorkflow } from "./workflow.queries";
import type { TWorkflowDefinition } from "./workflow.schemas";
import { ZodError, type z } from "zod";

/**
 * Refuses a definition whose step settings name what the project lacks (`StepType.publishProblems`,
 * e.g. a `key_people` step's `kyc_workflow` that is not a published KYC workflow of the project).
 * @throws DomainError parameter_invalid in the shape of every draft problem (`draftError`): one
 *   `{ param: "steps.N.settings.<field>", message }` per problem.
 */
async function assertPublishable(tx: Tx, projectId: string, definition: TWorkflowDefinition): Promise<void> {
  const issues = [];
  for (const [i, step] of definition.steps.entries()) {
    const type = stepType(step.type);
    if (!type?.publishProblems) continue;
    for (const p of await type.publishProblems(tx, projectId, type.settings.parse(step.settings))) {
      issues.push({ code: "custom" as const, path: ["steps", i, "settings", ...p.path], message: p.message, input: step.settings });
    }
  }
  if (issues.length) throw draftError(new ZodError(issues));
}

/**
 * Creates a workflow (draft only) in a project, audited as `workflow.created` when an actor is
 * given (the dashboard; the seed passes none).
 * @throws DomainError parameter_invalid (param `name`) when the project has a workflow of that name.
 */
export async function createWorkflow(
  db: Db,
  input: { projectId: string; name: string; type: "kyc" | "kyb"; country: string; definition: TWorkflowDefinition },
  actor?: Actor,
): Promise<{ id: string }> {
  const definition = parseDraft(input.definition);
  return db.$transaction(async (tx) => {
    const taken = await tx.workflow.findUnique({ where: { projectId_name: { projectId: input.projectId, name: input.name } }, select: { id: true } });
    if (taken) throw new DomainError("parameter_invalid", `A workflow named '${input.name}' already exists in this project.`, { param: "name" });
    const wf = await tx.workflow.create({
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
    if (actor) {
      await writeAudit(tx, {
        actor,
        action: "workflow.created",
        objectType: "workflow",
        objectId: wf.id,
        projectId: input.projectId,
        data: { name: input.name, type: input.type, country: input.country.toUpperCase() },
      });
    }
    return wf;
  });
}

/** The dashboard's "New workflow": a draft from the template of its type (workflow-templates.ts). @throws as `createWorkflow`. */
export function createWorkflowFromTemplate(db: Db, projectId: string, input: z.output<typeof ZCreateWorkflowRequest>, actor: Actor): Promise<{ id: string }> {
  const definition = workflowTemplate(input.type, { languages: input.languages, ttl_seconds: input.ttl_seconds });
  return createWorkflow(db, { projectId, name: input.name, type: input.type, country: input.country, definition }, actor);
}

/**
 * Publishes the workflow's draft as version `last + 1` (published versions only) and makes it
 * current, in one transaction with its `workflow.published` audit row (when an actor is given).
 * The unique (workflow_id, preview, version) makes concurrent publishes safe: the loser fails
 * instead of creating a duplicate number.
 * @throws DomainError resource_missing when the workflow is not in the project; parameter_invalid
 *   (param `draft`) when there is no draft, it is invalid (`details`: one issue per zod path; a
 *   `key_people` step's `kyc_workflow` must name a published KYC workflow of the project) or
 *   it equals the current version.
 */
export async function publishWorkflow(
  db: Db,
  input: { projectId: string; workflowId: string; publishedBy?: string },
  actor?: Actor,
): Promise<{ id: string; version: number }> {
  const published = await db.$transaction(async (tx) => {
    const wf = await tx.workflow.findFirst({
      where: { id: input.workflowId, projectId: input.projectId },
      select: {
        id: true,
        draft: true,
        currentVersion: { select: { version: true, definition: true } },
        versions: { where: { preview: false }, select: { version: true }, orderBy: { version: "desc" }, take: 1 },
      },
    });
    if (!wf) throw notFound("workflow", input.workflowId);
    if (!wf.draft) throw new DomainError("parameter_invalid", "The workflow has no draft to publish.", { param: "draft" });
    const definition = parseDraft(wf.draft);
    await assertPublishable(tx, input.projectId, definition);
    if (wf.currentVersion && sameDefinition(definition, readDefinition(wf.currentVersion.definition))) {
      throw new DomainError("parameter_invalid", `The draft has no changes since version ${wf.currentVersion.version}.`, { param: "draft" });
    }
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
    if (actor) {
      await writeAudit(tx, { actor, action: "workflow.published", objectType: "workflow", objectId: wf.id, projectId: input.projectId, data: { version } });
    }
    return { id: wf.id, version: v.version };
  });
  forgetPublishedWorkflow(input.projectId, published.id);
  return published;
}
