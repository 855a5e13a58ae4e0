/**
 * The KYC workflow a `key_people` step gives each key person (`settings.kyc_workflow`: an id
 * `wf_...` or a name): a published KYC workflow of the same project. Checked when the KYB
 * workflow is published (so the builder shows the field's problem) and again when the step is
 * submitted (the KYC workflow may have changed since).
 */
import { ZodError } from "zod";
import type { Tx } from "../db";
import { draftError } from "../workflows/workflow-definition";
import { type TWorkflowDefinition, ZKeyPeopleSettings } from "../workflows/workflow.schemas";

/** The id of the project's published KYC workflow named by `ref` (id or name), or null. */
export async function findKycWorkflow(tx: Tx, projectId: string, ref: string): Promise<string | null> {
  const wf = await tx.workflow.findFirst({
    where: { projectId, type: "kyc", currentVersionId: { not: null }, OR: [{ id: ref }, { name: ref }] },
    select: { id: true },
  });
  return wf?.id ?? null;
}

/**
 * Refuses a definition to publish whose `key_people` steps name no published KYC workflow of
 * the project.
 * @throws DomainError parameter_invalid in the shape of every draft problem (`draftError`): one
 *   `{ param: "steps.N.settings.kyc_workflow", message }` per such step.
 */
export async function assertKeyPeopleWorkflows(tx: Tx, projectId: string, definition: TWorkflowDefinition): Promise<void> {
  const issues = [];
  for (const [i, step] of definition.steps.entries()) {
    if (step.type !== "key_people") continue;
    const ref = ZKeyPeopleSettings.parse(step.settings).kyc_workflow;
    if (await findKycWorkflow(tx, projectId, ref)) continue;
    issues.push({
      code: "custom" as const,
      path: ["steps", i, "settings", "kyc_workflow"],
      message: `'${ref}' is not a published KYC workflow of this project. Publish it first, or name another.`,
      input: ref,
    });
  }
  if (issues.length) throw draftError(new ZodError(issues));
}
