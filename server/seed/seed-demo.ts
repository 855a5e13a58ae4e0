/**
 * The demo tenant `npm run demo` starts with (idempotent: running it again reuses every
 * row): organization "Demo Fintech", project `demo`, an owner admin user, and the two India
 * workflows published as version 1.
 */
import type { Db } from "../db";
import { newId } from "../ids";
import { ensureProject } from "../projects/ensure-project";
import { hashPassword } from "../users/passwords";
import { INDIA_WORKFLOWS } from "../workflows/india-workflows";
import { createWorkflow, publishWorkflow } from "../workflows/publish-workflow";

export const DEMO_ORG_SLUG = "demo";
export const DEMO_ADMIN_EMAIL = "admin@demo.test";
export const DEMO_ADMIN_PASSWORD = "demo-admin-password";

export async function ensureDemoOrganization(db: Db): Promise<string> {
  const org = await db.organization.upsert({
    where: { slug: DEMO_ORG_SLUG },
    update: {},
    create: { id: newId("organization"), name: "Demo Fintech", slug: DEMO_ORG_SLUG },
    select: { id: true },
  });
  return org.id;
}

/** Publishes the India workflows in a project unless a workflow of that name exists. */
export async function ensureIndiaWorkflows(db: Db, projectId: string): Promise<{ kyc: string; kyb: string }> {
  const ids: Record<string, string> = {};
  for (const w of INDIA_WORKFLOWS) {
    const existing = await db.workflow.findUnique({ where: { projectId_name: { projectId, name: w.name } }, select: { id: true, currentVersionId: true } });
    const id = existing?.id ?? (await createWorkflow(db, { projectId, ...w })).id;
    if (!existing?.currentVersionId) await publishWorkflow(db, { projectId, workflowId: id, publishedBy: "seed" });
    ids[w.type] = id;
  }
  return { kyc: ids.kyc!, kyb: ids.kyb! };
}

export async function seedDemo(db: Db) {
  const organizationId = await ensureDemoOrganization(db);
  const project = await ensureProject(db, { organizationId, slug: "demo", name: "Demo" });
  const existingUser = await db.user.findUnique({ where: { email: DEMO_ADMIN_EMAIL }, select: { id: true } });
  const userId =
    existingUser?.id ??
    (await db.user.create({ data: { id: newId("user"), email: DEMO_ADMIN_EMAIL, name: "Demo Admin", passwordHash: await hashPassword(DEMO_ADMIN_PASSWORD) }, select: { id: true } })).id;
  await db.membership.upsert({
    where: { userId_organizationId: { userId, organizationId } },
    update: {},
    create: { id: newId("membership"), userId, organizationId, role: "owner" },
  });
  const workflows = await ensureIndiaWorkflows(db, project.id);
  return { organizationId, projectId: project.id, adminEmail: DEMO_ADMIN_EMAIL, adminPassword: DEMO_ADMIN_PASSWORD, workflows };
}
