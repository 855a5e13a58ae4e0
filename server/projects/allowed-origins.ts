/**
 * The dashboard's allowed-origins editor: the exact origins a session's `redirect_url` may
 * point to (decisions.md "Client tokens and the hosted flow"). Changes are audited.
 */
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import { sql } from "../sql";
import { normalizeOrigin } from "./project-settings.schemas";

async function update(db: Db, projectId: string, actor: Actor, action: string, origin: string, change: (current: string[]) => string[]): Promise<string[]> {
  return db.$transaction(async (tx) => {
    // the row lock serializes concurrent edits (read-modify-write of one array column)
    await tx.$queryRaw(sql`SELECT id FROM projects WHERE id = ${projectId} FOR UPDATE`);
    const p = await tx.project.findUnique({ where: { id: projectId }, select: { allowedOrigins: true } });
    if (!p) throw notFound("project", projectId);
    const next = change(p.allowedOrigins);
    if (next.length === p.allowedOrigins.length && next.every((o, i) => o === p.allowedOrigins[i])) return next;
    await tx.project.update({ where: { id: projectId }, data: { allowedOrigins: next } });
    await writeAudit(tx, { actor, action, objectType: "project", objectId: projectId, projectId, data: { origin } });
    return next;
  });
}

/**
 * Adds an origin (no-op when present).
 * @returns the project's allowed origins after the change.
 * @throws DomainError parameter_invalid when `origin` is not an http(s) origin.
 */
export async function addAllowedOrigin(db: Db, projectId: string, origin: string, actor: Actor): Promise<string[]> {
  const o = normalizeOrigin(origin);
  if (!o) throw new DomainError("parameter_invalid", `'${origin}' is not an origin like https://app.example.com.`, { param: "origin" });
  return update(db, projectId, actor, "project.origin_added", o, (current) => (current.includes(o) ? current : [...current, o]));
}

/** Removes an origin (no-op when absent). @returns the allowed origins after the change. */
export async function removeAllowedOrigin(db: Db, projectId: string, origin: string, actor: Actor): Promise<string[]> {
  return update(db, projectId, actor, "project.origin_removed", origin, (current) => current.filter((o) => o !== origin));
}
