/**
 * Publishing a KYB workflow checks its `key_people` step's `kyc_workflow`: it must name (by id
 * or name) a published KYC workflow of the same project, else the draft's field-level error.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { demoDb } from "../../tests/fixtures/demo-db";
import type { Db } from "../db";
import { INDIA_WORKFLOWS } from "../workflows/india-workflows";
import { createWorkflow, publishWorkflow } from "../workflows/publish-workflow";

let db: Db;
let projectId: string;
let kycId: string;
const kyb = INDIA_WORKFLOWS.find((w) => w.name === "India KYB")!;
const keyPeopleIndex = kyb.definition.steps.findIndex((s) => s.type === "key_people");

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  projectId = demo.seed.projectId;
  kycId = demo.seed.workflows.kyc;
});

/** Creates a KYB workflow whose key_people step names `kycWorkflow`, and publishes it. */
async function publishKyb(name: string, kycWorkflow: string) {
  const steps = kyb.definition.steps.map((s) => (s.type === "key_people" ? { ...s, settings: { kyc_workflow: kycWorkflow } } : s));
  const { id } = await createWorkflow(db, { projectId, name, type: "kyb", country: "IN", definition: { ...kyb.definition, steps } });
  return publishWorkflow(db, { projectId, workflowId: id, publishedBy: "test" });
}

describe("publishing a workflow with a key_people step", () => {
  it("accepts a published KYC workflow of the project, by name or by id", async () => {
    await expect(publishKyb("KYB by name", "India KYC")).resolves.toMatchObject({ version: 1 });
    await expect(publishKyb("KYB by id", kycId)).resolves.toMatchObject({ version: 1 });
  });

  it("refuses any other workflow with a field-level error at the step's setting, and publishes nothing", async () => {
    const param = `steps.${keyPeopleIndex}.settings.kyc_workflow`;
    const draftOnly = await createWorkflow(db, { projectId, name: "KYC draft only", type: "kyc", country: "IN", definition: INDIA_WORKFLOWS[0]!.definition });
    for (const [name, ref] of [
      ["KYB unknown", "No such workflow"],
      ["KYB draft", draftOnly.id],
      ["KYB names a KYB", "India KYB"],
    ] as const) {
      const err = await publishKyb(name, ref).catch((e: unknown) => e);
      expect(err).toMatchObject({
        code: "parameter_invalid",
        param,
        details: [{ param, message: expect.stringContaining(`'${ref}' is not a published KYC workflow`) }],
      });
      const wf = await db.workflow.findFirstOrThrow({ where: { projectId, name }, select: { currentVersionId: true } });
      expect(wf.currentVersionId).toBeNull();
    }
  });
});
