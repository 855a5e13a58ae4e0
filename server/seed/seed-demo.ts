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
import { ensureSandboxList } from "../screening/sandbox-list";
import { hashPassword } from "../users/passwords";
import { INDIA_WORKFLOWS } from "../workflows/india-workflows";
import { createWorkflow, publishWorkflow } from "../workflows/publish-workflow";

export const DEMO_ORG_SLUG = "demo";
export const DEMO_ADMIN_EMAIL = "admin@demo.test";
export const DEMO_ADMIN_PASSWORD = "demo-admin-password";

/**
 * One demo user per role besides the owner (admin@demo.test); password `demo-<role>-password`.
 * Their argon2id hashes (users/passwords.ts parameters) are precomputed: hashing on every seed
 * would slow each test file that seeds.
 */
export const DEMO_ROLE_USERS = (
  [
    ["admin", "manager@demo.test", "$argon2id$v=19$m=19456,t=2,p=1$PxSdotCTGUktj/XRZBuotw$HlewsvhIqIXoSjy90vmmc3EuBIzrhyx2/zd9uwtYq3A"],
    ["developer", "developer@demo.test", "$argon2id$v=19$m=19456,t=2,p=1$OQBtgs9d1MQomU38BtG1xA$F/W7CB41llyTUPcnNEXv4TXIi/PsSk2Dxg6Wd9i5s4U"],
    ["reviewer", "reviewer@demo.test", "$argon2id$v=19$m=19456,t=2,p=1$jcfK3KXMJAmsUxACkU51GA$Dmf5DjtPZRFdx75EVXpigzagTpdNth0WlgOLYg2HfWw"],
    ["viewer", "viewer@demo.test", "$argon2id$v=19$m=19456,t=2,p=1$xjARNHAgu6wOUryS2t6zUg$1dOi6gwMDm2DsqvTOI1qoL4saDc8oLF8vraw7edXmEY"],
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

/**
 * Publishes the India workflows in a project unless a workflow of that name exists.
 * @returns their ids: `kyc` "India KYC", `kyb` "India KYB", `kycFull` "India KYC (full)".
 */
export async function ensureIndiaWorkflows(db: Db, projectId: string): Promise<{ kyc: string; kyb: string; kycFull: string }> {
  const ids = new Map<string, string>();
  for (const w of INDIA_WORKFLOWS) {
    const existing = await db.workflow.findUnique({ where: { projectId_name: { projectId, name: w.name } }, select: { id: true, currentVersionId: true } });
    const id = existing?.id ?? (await createWorkflow(db, { projectId, ...w })).id;
    if (!existing?.currentVersionId) await publishWorkflow(db, { projectId, workflowId: id, publishedBy: "seed" });
    ids.set(w.name, id);
  }
  return { kyc: ids.get("India KYC")!, kyb: ids.get("India KYB")!, kycFull: ids.get("India KYC (full)")! };
}

export async function seedDemo(db: Db) {
  const organizationId = await ensureDemoOrganization(db);
  const project = await ensureProject(db, { organizationId, slug: "demo", name: "Demo" });
  await ensureMember(db, organizationId, { email: DEMO_ADMIN_EMAIL, name: "Demo Admin", password: DEMO_ADMIN_PASSWORD, role: "owner" });
  for (const { role, email, name, passwordHash } of DEMO_ROLE_USERS) await ensureMember(db, organizationId, { role, email, name, passwordHash });
  const workflows = await ensureIndiaWorkflows(db, project.id);
  // the test-mode screening list with its magic subjects (server/screening/sandbox-list.ts)
  await ensureSandboxList(db);
  return {
    organizationId,
    projectId: project.id,
    adminEmail: DEMO_ADMIN_EMAIL,
    adminPassword: DEMO_ADMIN_PASSWORD,
    users: DEMO_ROLE_USERS.map(({ role, email, password }) => ({ role, email, password })),
    workflows,
  };
}
