import { beforeAll, describe, expect, it } from "vitest";
import { type Db, getDb, getSql } from "../db";
import { applyMigrations } from "../db/migrate";
import { verifyPassword } from "../users/passwords";
import { INDIA_WORKFLOWS } from "../workflows/india-workflows";
import { addMember, createOrganization, createProject, createUser, needsFirstRunSetup, setupFirstOrganization } from "./create-organization";
import { slugify } from "./organization.schemas";

let db: Db;
const cli = { type: "system" as const, id: "cli" };

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
});

describe("first-run setup and the operator's commands", () => {
  it("sets up the first organization once: owner, Default project with the India workflows, audited; two concurrent setups make one", async () => {
    expect(await needsFirstRunSetup(db)).toBe(true);
    const input = (n: number) => ({ organizationName: `Acme Finance ${n}`, email: `Owner${n}@Acme.test`, password: "correct horse battery" });
    const results = await Promise.allSettled([setupFirstOrganization(db, input(1)), setupFirstOrganization(db, input(2))]);
    const done = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: "setup_already_done", status: 409 });
    expect(await db.organization.count()).toBe(1);
    expect(await needsFirstRunSetup(db)).toBe(false);

    const setup = (done[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof setupFirstOrganization>>>).value;
    expect(setup.organization.slug).toMatch(/^acme-finance-[12]$/);
    expect(setup.project).toMatchObject({ name: "Default", slug: "default" });
    const owner = await db.user.findUniqueOrThrow({
      where: { email: setup.email },
      select: { id: true, passwordHash: true, memberships: { select: { role: true, organizationId: true } } },
    });
    expect(setup.email).toMatch(/^owner[12]@acme\.test$/);
    expect(await verifyPassword("correct horse battery", owner.passwordHash)).toBe(true);
    expect(owner.memberships).toEqual([{ role: "owner", organizationId: setup.organization.id }]);
    const workflows = await db.workflow.findMany({ where: { projectId: setup.project.id }, select: { name: true, currentVersionId: true } });
    expect(workflows.map((w) => w.name).sort()).toEqual(INDIA_WORKFLOWS.map((w) => w.name).sort());
    expect(workflows.every((w) => w.currentVersionId)).toBe(true);
    const actions = await db.auditLog.findMany({ where: { actorId: "setup" }, select: { action: true, organizationId: true }, orderBy: { createdAt: "asc" } });
    expect(actions.map((a) => a.action)).toEqual(["organization.created", "user.created", "member.added", "project.created"]);

    await expect(setupFirstOrganization(db, input(3))).rejects.toMatchObject({ code: "setup_already_done" });
    expect(await db.user.count({ where: { email: "owner3@acme.test" } })).toBe(0);
  });

  it("creates organizations, users, projects and memberships from the CLI, each audited", async () => {
    const org = await createOrganization(db, { name: "Beta Lending" }, cli);
    expect(org.slug).toBe("beta-lending");
    expect((await createOrganization(db, { name: "Beta Lending" }, cli)).slug).toBe("beta-lending-2");
    await expect(createOrganization(db, { name: "Other", slug: "beta-lending" }, cli)).rejects.toMatchObject({ code: "parameter_invalid", param: "slug" });

    const user = await createUser(db, { email: "Dev@Beta.test", password: "another long password" }, cli);
    expect(user.email).toBe("dev@beta.test");
    await expect(createUser(db, { email: "dev@beta.test", password: "another long password" }, cli)).rejects.toMatchObject({ code: "user_exists" });

    const project = await createProject(db, { organizationSlug: "beta-lending", name: "Payments App" }, cli);
    expect(project).toMatchObject({ slug: "payments-app", organizationId: org.id });
    expect(await db.workflow.count({ where: { projectId: project.id } })).toBe(INDIA_WORKFLOWS.length);
    await expect(createProject(db, { organizationSlug: "nope", name: "X" }, cli)).rejects.toMatchObject({ code: "resource_missing", param: "org" });

    await addMember(db, { organizationSlug: "beta-lending", email: "dev@beta.test", role: "developer" }, cli);
    expect(await db.membership.findFirst({ where: { organizationId: org.id, userId: user.id }, select: { role: true } })).toEqual({ role: "developer" });
    await expect(addMember(db, { organizationSlug: "beta-lending", email: "dev@beta.test", role: "admin" }, cli)).rejects.toMatchObject({
      code: "already_member",
    });
    await expect(addMember(db, { organizationSlug: "beta-lending", email: "ghost@beta.test", role: "admin" }, cli)).rejects.toMatchObject({
      code: "resource_missing",
    });

    const audit = await db.auditLog.findMany({ where: { actorId: "cli" }, select: { action: true } });
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["organization.created", "user.created", "project.created", "member.added"]));
  });

  it("derives slugs from names", () => {
    expect(slugify("Acme Finance Pvt. Ltd.", "org")).toBe("acme-finance-pvt-ltd");
    expect(slugify("  Café  ", "org")).toBe("cafe");
    expect(slugify("भारत", "org")).toBe("org");
  });
});
