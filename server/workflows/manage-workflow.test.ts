import { beforeAll, describe, expect, it } from "vitest";
import { authenticateApiKey, createApiKey } from "../api-keys/create-api-key";
import type { Db } from "../db";
import { createProjectIn } from "../organizations/create-organization";
import { archiveProject } from "../projects/manage-projects";
import { createSession } from "../sessions/create-session";
import { getMe } from "../users/user.queries";
import { INDIA_WORKFLOWS } from "./india-workflows";
import { renameWorkflow, setWorkflowArchived } from "./manage-workflow";
import { getPublishedWorkflow, listWorkflows } from "./workflow.queries";
import { demoDb } from "~/tests/fixtures/demo-db";

let db: Db;
let seed: Awaited<ReturnType<typeof demoDb>>["seed"];
const user = { type: "user" as const, id: "usr_test" };
const apiActor = { type: "api_key" as const, id: "key_test" };

beforeAll(async () => {
  ({ db, seed } = await demoDb());
});

describe("archiving and renaming a workflow", () => {
  it("archived: no new sessions, hidden from the list, running sessions keep their version; restoring undoes it", async () => {
    const tenant = { projectId: seed.projectId, mode: "test" as const };
    const wf = seed.workflows.kyc;
    const running = await createSession(db, tenant, { workflow_id: wf }, apiActor); // caches the published workflow too
    expect(await setWorkflowArchived(db, { projectId: seed.projectId, workflowId: wf, archived: true }, user)).toEqual({ archived: true });

    await expect(createSession(db, tenant, { workflow_id: wf }, apiActor)).rejects.toMatchObject({
      code: "workflow_archived",
      status: 400,
      param: "workflow_id",
    });
    const listed = await listWorkflows(db, seed.projectId, { limit: 100 });
    expect(listed.data.map((w) => w.id)).not.toContain(wf);
    expect(listed.data.map((w) => w.id)).toContain(seed.workflows.kyb);
    expect((await getPublishedWorkflow(db, seed.projectId, wf, "id", { archived: "allow" })).id).toBe(wf);
    const kept = await db.session.findUniqueOrThrow({ where: { id: running.id }, select: { workflowVersionId: true, status: true } });
    expect(kept.status).toBe("created");
    expect(kept.workflowVersionId).toBeTruthy();

    await setWorkflowArchived(db, { projectId: seed.projectId, workflowId: wf, archived: false }, user);
    expect((await createSession(db, tenant, { workflow_id: wf }, apiActor)).id).toMatch(/^ses_/);
    const audit = await db.auditLog.findMany({ where: { objectId: wf, action: { in: ["workflow.archived", "workflow.restored"] } }, select: { action: true } });
    expect(audit.map((a) => a.action).sort()).toEqual(["workflow.archived", "workflow.restored"]);
    await expect(setWorkflowArchived(db, { projectId: "proj_other", workflowId: wf, archived: true }, user)).rejects.toMatchObject({
      code: "resource_missing",
    });
  });

  it("renames, refusing a name another workflow has", async () => {
    const wf = seed.workflows.kycFull;
    await expect(renameWorkflow(db, { projectId: seed.projectId, workflowId: wf, name: "India KYB" }, user)).rejects.toMatchObject({
      code: "parameter_invalid",
      param: "name",
    });
    await renameWorkflow(db, { projectId: seed.projectId, workflowId: wf, name: " Full KYC " }, user);
    expect((await getPublishedWorkflow(db, seed.projectId, wf)).name).toBe("Full KYC");
    expect(await db.auditLog.findFirst({ where: { objectId: wf, action: "workflow.renamed" }, select: { data: true } })).toEqual({
      data: { from: "India KYC (full)", to: "Full KYC" },
    });
    await renameWorkflow(db, { projectId: seed.projectId, workflowId: wf, name: "India KYC (full)" }, user);
  });
});

describe("projects in the dashboard", () => {
  it("creates and archives a project: gone from the switcher, its keys refused; the last active project stays", async () => {
    const project = await createProjectIn(db, { organizationId: seed.organizationId, name: "Lending App" }, user);
    expect(project.slug).toBe("lending-app");
    expect(await db.workflow.count({ where: { projectId: project.id, currentVersionId: { not: null } } })).toBe(INDIA_WORKFLOWS.length);
    const key = await createApiKey(db, { projectId: project.id, mode: "test", name: "t" });
    expect((await authenticateApiKey(db, `Bearer ${key.secret}`)).projectId).toBe(project.id);

    const owner = await db.user.findUniqueOrThrow({ where: { email: seed.adminEmail }, select: { id: true } });
    const projectsOf = async () => (await getMe(db, owner.id)).organizations.find((o) => o.id === seed.organizationId)!.projects.map((p) => p.name);
    expect(await projectsOf()).toContain("Lending App");
    await archiveProject(db, { organizationId: seed.organizationId, projectId: project.id }, user);
    expect(await projectsOf()).not.toContain("Lending App");
    await expect(authenticateApiKey(db, `Bearer ${key.secret}`)).rejects.toMatchObject({ code: "api_key_invalid" });
    const actions = await db.auditLog.findMany({ where: { objectId: project.id, objectType: "project" }, select: { action: true } });
    expect(actions.map((a) => a.action).sort()).toEqual(["project.archived", "project.created"]);

    // the organization's other projects archived, the demo project is the last active one
    const others = await db.project.findMany({
      where: { organizationId: seed.organizationId, archivedAt: null, id: { not: seed.projectId } },
      select: { id: true },
    });
    for (const o of others) await archiveProject(db, { organizationId: seed.organizationId, projectId: o.id }, user);
    await expect(archiveProject(db, { organizationId: seed.organizationId, projectId: seed.projectId }, user)).rejects.toMatchObject({
      code: "last_project",
      status: 409,
    });
    await expect(archiveProject(db, { organizationId: "org_other", projectId: seed.projectId }, user)).rejects.toMatchObject({
      code: "resource_missing",
    });
  });
});
