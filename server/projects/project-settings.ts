/** A project's settings in the dashboard: name, data retention, hosted-flow branding, allowed origins. */
import { type Actor, writeAudit } from "../audit/write-audit";
import type { Db } from "../db";
import { notFound } from "../errors";
import { projectBranding } from "./branding";
import type { TProjectSettings, ZProjectSettingsRequest } from "./project-settings.schemas";
import type { z } from "zod";

const select = { id: true, name: true, slug: true, retentionDays: true, brandColor: true, logoKey: true, allowedOrigins: true } as const;

function toDto(p: {
  id: string;
  name: string;
  slug: string;
  retentionDays: number;
  brandColor: string | null;
  logoKey: string | null;
  allowedOrigins: string[];
}): TProjectSettings {
  return { id: p.id, name: p.name, slug: p.slug, retentionDays: p.retentionDays, branding: projectBranding(p), allowedOrigins: p.allowedOrigins };
}

/** @throws DomainError resource_missing for an unknown project. */
export async function getProjectSettings(db: Db, projectId: string): Promise<TProjectSettings> {
  const p = await db.project.findUnique({ where: { id: projectId }, select });
  if (!p) throw notFound("project", projectId);
  return toDto(p);
}

/** Saves name, retention and brand colour (input parsed with ZProjectSettingsRequest); audited with the changed fields. */
export async function updateProjectSettings(
  db: Db,
  projectId: string,
  input: z.output<typeof ZProjectSettingsRequest>,
  actor: Actor,
): Promise<TProjectSettings> {
  return db.$transaction(async (tx) => {
    const before = await tx.project.findUnique({ where: { id: projectId }, select });
    if (!before) throw notFound("project", projectId);
    const after = await tx.project.update({
      where: { id: projectId },
      data: { name: input.name, retentionDays: input.retentionDays, brandColor: input.brandColor },
      select,
    });
    const changed = (["name", "retentionDays", "brandColor"] as const).filter((k) => before[k] !== after[k]);
    if (changed.length) {
      await writeAudit(tx, {
        actor,
        action: "project.settings_changed",
        objectType: "project",
        objectId: projectId,
        projectId,
        data: Object.fromEntries(changed.map((k) => [k, { from: before[k], to: after[k] }])),
      });
    }
    return toDto(after);
  });
}
