/**
 * The demo tenant `npm run demo` starts with (idempotent: running it again reuses every
 * row): organization "Demo Fintech", project `demo`, an owner admin user, one user for each
 * other role (DEMO_ROLE_USERS, for trying the dashboard's permissions and for tests), and the
 * two India workflows published as version 1.
 */
import type { Db } from "../db";
import type { Role } from "../generated/prisma/enums";
import { newId } from "../ids";
import { ensureProject } from "../projects/ensure-project";
import { hashPassword } from "../users/passwords";
import { INDIA_WORKFLOWS } from "../workflows/india-workflows";
import { createWorkflow, publishWorkflow } from "../workflows/publish-workflow";

export const DEMO_ORG_SLUG = "demo";
export const DEMO_ADMIN_EMAIL = "admin@demo.test";
export const DEMO_ADMIN_PASSWORD = "demo-admin-password";

/**
 * One demo user per role besides the owner (admin@demo.test); password `demo-<role>-password`.
 * Their bcrypt hashes (cost 12) are precomputed: hashing on every seed would slow each test file
 * that seeds by seconds.
 */
export const DEMO_ROLE_USERS = (
  [
    ["admin", "manager@demo.test", "$2b$12$Me80/vtyi9ZlAjJVd7ZFUOcCALGRKtGrZVr/ukQDnVRdp3IQfzy5K"],
    ["developer", "developer@demo.test", "$2b$12$DpsVttH0Nlwi4WnLNNwPte.R..asLu/i1nP9SCR7Q2h3HWjNwEKUm"],
    ["reviewer", "reviewer@demo.test", "$2b$12$qjj0hbem.rT64vO6KDtEuOgsrnjQNH8vX9eZsxgyxtXNOt25stn8u"],
    ["viewer", "viewer@demo.test", "$2b$12$S49JC3qZl/1T77Mm9j1yJOaUMT31SdpZj7SSByH3DKIgjT3y7Y68y"],
  ] as const satisfies readonly (readonly [Role, string, string])[]
).map(([role, email, passwordHash]) => ({
  role,
  email,
  password: `demo-${role}-password`,
  passwordHash,
  name: role === "admin" ? "Demo Manager" : `Demo ${role[0]!.toUpperCase()}${role.slice(1)}`,
}));

/** A user with `role` in the organization (created when the email is new; an existing membership keeps its role). */
async function ensureMember(
  db: Db,
  organizationId: string,
  u: { email: string; name: string; role: Role } & ({ password: string } | { passwordHash: string }),
): Promise<string> {
  const existing = await db.user.findUnique({ where: { email: u.email }, select: { id: true } });
  const passwordHash = async () => ("passwordHash" in u ? u.passwordHash : hashPassword(u.password));
  const userId =
    existing?.id ??
    (await db.user.create({ data: { id: newId("user"), email: u.email, name: u.name, passwordHash: await passwordHash() }, select: { id: true } })).id;
  await db.membership.upsert({
    where: { userId_organizationId: { userId, organizationId } },
    update: {},
    create: { id: newId("membership"), userId, organizationId, role: u.role },
  });
  return userId;
}

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
    if (ids[w.type]) continue; // the first workflow of each type is the one returned (India KYC, India KYB)
    ids[w.type] = id;
  }
  return { kyc: ids.kyc!, kyb: ids.kyb! };
}

export async function seedDemo(db: Db) {
  const organizationId = await ensureDemoOrganization(db);
  const project = await ensureProject(db, { organizationId, slug: "demo", name: "Demo" });
  await ensureMember(db, organizationId, { email: DEMO_ADMIN_EMAIL, name: "Demo Admin", password: DEMO_ADMIN_PASSWORD, role: "owner" });
  for (const { role, email, name, passwordHash } of DEMO_ROLE_USERS) await ensureMember(db, organizationId, { role, email, name, passwordHash });
  const workflows = await ensureIndiaWorkflows(db, project.id);
  return {
    organizationId,
    projectId: project.id,
    adminEmail: DEMO_ADMIN_EMAIL,
    adminPassword: DEMO_ADMIN_PASSWORD,
    users: DEMO_ROLE_USERS.map(({ role, email, password }) => ({ role, email, password })),
    workflows,
  };
}
