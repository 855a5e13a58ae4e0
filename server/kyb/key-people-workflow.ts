/**
 * The KYC workflow a `key_people` step gives each key person (`settings.kyc_workflow`: an id
 * `wf_...` or a name): a published KYC workflow of the same project. Checked when the KYB
 * workflow is published (server/steps/key-people/key-people-step.ts, so the builder shows the
 * field's problem) and again when the step is submitted (the KYC workflow may have changed since).
 */
import type { Tx } from "../db";

/** The id of the project's published KYC workflow named by `ref` (id or name), or null. */
export async function findKycWorkflow(tx: Tx, projectId: string, ref: string): Promise<string | null> {
  const wf = await tx.workflow.findFirst({
    where: { projectId, type: "kyc", currentVersionId: { not: null }, OR: [{ id: ref }, { name: ref }] },
    select: { id: true },
  });
  return wf?.id ?? null;
}
