/** Projects of an organization (decisions.md "Tenancy and modes"). */
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import { newId } from "../ids";
import { originOf } from "../sessions/create-session";

export const ZProjectSlug = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Returns the project with this slug in the organization, creating it if missing. */
export async function ensureProject(db: Db, input: { organizationId: string; slug: string; name?: string }): Promise<{ id: string; slug: string }> {
  if (!ZProjectSlug.test(input.slug)) throw new DomainError("parameter_invalid", "Project slugs are lower-case letters, digits and '-'.", { param: "project" });
  return db.project.upsert({
    where: { organizationId_slug: { organizationId: input.organizationId, slug: input.slug } },
    update: {},
    create: { id: newId("project"), organizationId: input.organizationId, slug: input.slug, name: input.name ?? input.slug },
    select: { id: true, slug: true },
  });
}

/**
 * Adds an allowed redirect origin (`scheme://host[:port]`, exact match) to a project.
 * @returns the project's allowed origins after the change.
 * @throws DomainError parameter_invalid when `origin` is not an http(s) origin.
 */
export async function allowOrigin(db: Db, input: { projectId: string; origin: string }): Promise<string[]> {
  let origin: string;
  try {
    origin = originOf(input.origin);
  } catch {
    origin = "null";
  }
  if (!/^https?:\/\//.test(origin) || origin !== input.origin.replace(/\/$/, "")) {
    throw new DomainError("parameter_invalid", `'${input.origin}' is not an origin like https://app.example.com (scheme, host and optional port only).`, {
      param: "origin",
    });
  }
  const p = await db.project.findUnique({ where: { id: input.projectId }, select: { allowedOrigins: true } });
  if (!p) throw notFound("project", input.projectId);
  if (p.allowedOrigins.includes(origin)) return p.allowedOrigins;
  const updated = await db.project.update({ where: { id: input.projectId }, data: { allowedOrigins: { push: origin } }, select: { allowedOrigins: true } });
  return updated.allowedOrigins;
}
