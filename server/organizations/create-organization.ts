/**
 * Organizations, their first owner and their projects, as an operator creates them (issue 17):
 * the first-run setup page (setupFirstOrganization) and the CLI (server/cli/admin-commands.ts).
 * Every change is audited in the transaction that makes it.
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db, Tx } from "../db";
import { DomainError, notFound } from "../errors";
import type { Role } from "../generated/prisma/enums";
import { newId } from "../ids";
import { ensureIndiaWorkflows } from "../seed/seed-demo";
import { hashPassword } from "../users/passwords";
import { slugify } from "./organization.schemas";

/** The advisory lock key of the first-run setup (pg_advisory_xact_lock(hashtext(key))). */
const SETUP_LOCK = "kyc:first_run_setup";

/** Whether the first-run setup is still open: no organization exists yet. */
export async function needsFirstRunSetup(db: Db): Promise<boolean> {
  return (await db.organization.count()) === 0;
}

/** A free slug: `base`, else `base-2`, `base-3`... (`explicit` slugs are taken as they are or refused). */
async function freeSlug(taken: (slug: string) => Promise<boolean>, base: string, explicit: boolean, what: string): Promise<string> {
  if (!(await taken(base))) return base;
  if (explicit) throw new DomainError("parameter_invalid", `The ${what} slug '${base}' is taken.`, { param: "slug" });
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, 36)}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
}

async function insertOrganization(tx: Tx, input: { name: string; slug?: string }, actor: Actor) {
  const slug = await freeSlug(
    async (s) => !!(await tx.organization.findUnique({ where: { slug: s }, select: { id: true } })),
    input.slug ?? slugify(input.name, "org"),
    !!input.slug,
    "organization",
  );
  const org = await tx.organization.create({ data: { id: newId("organization"), name: input.name, slug }, select: { id: true, name: true, slug: true } });
  await writeAudit(tx, {
    actor,
    action: "organization.created",
    objectType: "organization",
    objectId: org.id,
    organizationId: org.id,
    data: { name: org.name, slug },
  });
  return org;
}

async function insertProject(tx: Tx, input: { organizationId: string; name: string; slug?: string }, actor: Actor) {
  const slug = await freeSlug(
    async (s) => !!(await tx.project.findUnique({ where: { organizationId_slug: { organizationId: input.organizationId, slug: s } }, select: { id: true } })),
    input.slug ?? slugify(input.name, "project"),
    !!input.slug,
    "project",
  );
  const project = await tx.project.create({
    data: { id: newId("project"), organizationId: input.organizationId, name: input.name, slug },
    select: { id: true, name: true, slug: true, organizationId: true },
  });
  await writeAudit(tx, {
    actor,
    action: "project.created",
    objectType: "project",
    objectId: project.id,
    projectId: project.id,
    organizationId: input.organizationId,
    data: { name: project.name, slug },
  });
  return project;
}

async function insertUser(tx: Tx, input: { email: string; passwordHash: string; name?: string }, actor: Actor) {
  const email = input.email.trim().toLowerCase();
  if (await tx.user.findUnique({ where: { email }, select: { id: true } }))
    throw new DomainError("user_exists", `A user with the email ${email} exists.`, { param: "email" });
  const user = await tx.user.create({
    data: { id: newId("user"), email, name: input.name ?? "", passwordHash: input.passwordHash },
    select: { id: true, email: true },
  });
  await writeAudit(tx, { actor, action: "user.created", objectType: "user", objectId: user.id, data: { email } });
  return user;
}

async function insertMembership(tx: Tx, input: { organizationId: string; userId: string; role: Role }, actor: Actor) {
  const existing = await tx.membership.findUnique({
    where: { userId_organizationId: { userId: input.userId, organizationId: input.organizationId } },
    select: { id: true },
  });
  if (existing) throw new DomainError("already_member", "This user is already a member of the organization.", { param: "email" });
  const membership = await tx.membership.create({ data: { id: newId("membership"), ...input }, select: { id: true } });
  await writeAudit(tx, {
    actor,
    action: "member.added",
    objectType: "user",
    objectId: input.userId,
    organizationId: input.organizationId,
    data: { role: input.role },
  });
  return membership;
}

/**
 * The first-run setup (the dashboard's /setup page): the first organization, its owner and a
 * first project "Default" with the India workflows. Race-safe: one transaction holding a
 * PostgreSQL advisory lock checks that no organization exists and creates everything, so of two
 * concurrent setups exactly one succeeds.
 * @returns the organization, the project and the owner's user id.
 * @throws DomainError `setup_already_done` (409) once any organization exists; `user_exists` (409).
 */
export async function setupFirstOrganization(db: Db, input: { organizationName: string; email: string; password: string; name?: string }, ip?: string | null) {
  const passwordHash = await hashPassword(input.password);
  const result = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${SETUP_LOCK}))`;
    if ((await tx.organization.count()) > 0)
      throw new DomainError("setup_already_done", "This service is already set up. Sign in, or ask an owner of your organization to invite you.");
    const setupActor: Actor = { type: "system", id: "setup", ip };
    const organization = await insertOrganization(tx, { name: input.organizationName }, setupActor);
    const user = await insertUser(tx, { email: input.email, passwordHash, name: input.name }, setupActor);
    await insertMembership(tx, { organizationId: organization.id, userId: user.id, role: "owner" }, setupActor);
    const project = await insertProject(tx, { organizationId: organization.id, name: "Default", slug: "default" }, setupActor);
    return { organization, project, userId: user.id, email: user.email };
  });
  await ensureIndiaWorkflows(db, result.project.id);
  return result;
}

/**
 * A new organization (CLI `org create`). The slug comes from the name unless given; a derived
 * one that is taken gets a number (`acme-2`), a given one that is taken is refused.
 * @throws DomainError parameter_invalid (slug taken).
 */
export function createOrganization(db: Db, input: { name: string; slug?: string }, actor: Actor) {
  return db.$transaction((tx) => insertOrganization(tx, input, actor));
}

/**
 * A new dashboard user with a password (CLI `user create`); no membership yet (`member add`).
 * @throws DomainError user_exists (409) when the email has an account.
 */
export async function createUser(db: Db, input: { email: string; password: string; name?: string }, actor: Actor) {
  const passwordHash = await hashPassword(input.password);
  return db.$transaction((tx) => insertUser(tx, { email: input.email, passwordHash, name: input.name }, actor));
}

/**
 * A new project of the organization `organizationSlug` (CLI `project create`), with the India
 * workflows published, like every project the demo and the setup create.
 * @throws DomainError resource_missing (no such organization), parameter_invalid (slug taken).
 */
export async function createProject(db: Db, input: { organizationSlug: string; name: string; slug?: string }, actor: Actor) {
  const org = await db.organization.findUnique({ where: { slug: input.organizationSlug }, select: { id: true } });
  if (!org) throw notFound("organization", input.organizationSlug, "org");
  return createProjectIn(db, { organizationId: org.id, name: input.name, slug: input.slug }, actor);
}

/**
 * A new project of the organization `organizationId` (the dashboard's "New project"; the CLI
 * through createProject), with the India workflows published.
 * @throws DomainError parameter_invalid (a given slug is taken).
 */
export async function createProjectIn(db: Db, input: { organizationId: string; name: string; slug?: string }, actor: Actor) {
  const project = await db.$transaction((tx) => insertProject(tx, input, actor));
  await ensureIndiaWorkflows(db, project.id);
  return project;
}

/**
 * Makes the existing user `email` a member of the organization `organizationSlug` with `role`
 * (CLI `member add`).
 * @throws DomainError resource_missing (no such organization or user), already_member (409).
 */
export async function addMember(db: Db, input: { organizationSlug: string; email: string; role: Role }, actor: Actor) {
  const org = await db.organization.findUnique({ where: { slug: input.organizationSlug }, select: { id: true, slug: true } });
  if (!org) throw notFound("organization", input.organizationSlug, "org");
  const email = input.email.trim().toLowerCase();
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) throw new DomainError("resource_missing", `No user has the email ${email}: create one with \`user create\` first.`, { param: "email" });
  return db.$transaction((tx) => insertMembership(tx, { organizationId: org.id, userId: user.id, role: input.role }, actor));
}
