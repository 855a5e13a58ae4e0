/**
 * The dashboard builder's reads: workflows with their draft state, the published version
 * history and the definitions a diff compares. Preview snapshots (`preview = true`) are never
 * read here: they are not versions anyone published.
 */
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import { diffDefinitions, sameDefinition } from "./workflow-diff";
import { readDefinition } from "./workflow-definition";
import type { TWorkflowDiff, TWorkflowForBuilder, TWorkflowSummary, TWorkflowVersionRow } from "./workflow-builder.schemas";

const select = {
  id: true,
  name: true,
  type: true,
  country: true,
  updatedAt: true,
  archivedAt: true,
  draft: true,
  currentVersion: { select: { version: true, definition: true, publishedAt: true } },
} as const;

function summary(row: {
  id: string;
  name: string;
  type: "kyc" | "kyb";
  country: string;
  updatedAt: Date;
  archivedAt: Date | null;
  draft: unknown;
  currentVersion: { version: number; definition: unknown } | null;
}): TWorkflowSummary {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    country: row.country,
    version: row.currentVersion?.version ?? null,
    draftChanges: !row.currentVersion || (row.draft !== null && !sameDefinition(readDefinition(row.draft), readDefinition(row.currentVersion.definition))),
    archived: row.archivedAt !== null,
    updatedAt: row.updatedAt,
  };
}

/** The project's workflows, most recently changed first (drafts included: this is the builder, not the API). */
export async function listWorkflowSummaries(db: Db, projectId: string): Promise<TWorkflowSummary[]> {
  const rows = await db.workflow.findMany({ where: { projectId }, orderBy: [{ updatedAt: "desc" }, { id: "desc" }], select });
  return rows.map(summary);
}

/** @throws DomainError resource_missing (unknown or another project's id). */
export async function getWorkflowForBuilder(db: Db, projectId: string, id: string): Promise<TWorkflowForBuilder> {
  const row = await db.workflow.findFirst({ where: { id, projectId }, select });
  if (!row) throw notFound("workflow", id);
  return {
    ...summary(row),
    draft: readDefinition(row.draft ?? row.currentVersion?.definition),
    publishedAt: row.currentVersion?.publishedAt ?? null,
  };
}

/** Published versions, newest first, with who published them. @throws DomainError resource_missing. */
export async function listWorkflowVersions(db: Db, projectId: string, id: string): Promise<TWorkflowVersionRow[]> {
  const wf = await db.workflow.findFirst({
    where: { id, projectId },
    select: {
      currentVersionId: true,
      versions: { where: { preview: false }, orderBy: { version: "desc" }, select: { id: true, version: true, publishedAt: true, publishedBy: true } },
    },
  });
  if (!wf) throw notFound("workflow", id);
  const userIds = [...new Set(wf.versions.map((v) => v.publishedBy).filter((u): u is string => !!u && u !== "seed"))];
  const users = new Map(
    (await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } })).map((u) => [u.id, u.name || u.email]),
  );
  return wf.versions.map((v) => ({
    version: v.version,
    publishedAt: v.publishedAt,
    publishedBy: v.publishedBy === "seed" ? "System" : v.publishedBy ? (users.get(v.publishedBy) ?? "A removed user") : null,
    current: v.id === wf.currentVersionId,
  }));
}

/**
 * `version` against its predecessor (version 1 against nothing), or `"draft"` against the
 * current version. @throws DomainError resource_missing (workflow or version).
 */
export async function diffWorkflowVersions(db: Db, projectId: string, id: string, version: number | "draft"): Promise<TWorkflowDiff> {
  const wf = await db.workflow.findFirst({
    where: { id, projectId },
    select: { draft: true, currentVersion: { select: { version: true, definition: true } } },
  });
  if (!wf) throw notFound("workflow", id);
  const published = async (n: number) => {
    const v = await db.workflowVersion.findFirst({ where: { workflowId: id, preview: false, version: n }, select: { definition: true } });
    return v ? readDefinition(v.definition) : null;
  };
  if (version === "draft") {
    const current = wf.currentVersion;
    const draft = readDefinition(wf.draft ?? current?.definition);
    return {
      after: "Draft",
      before: current ? `Version ${current.version} (current)` : "Nothing published yet",
      ...diffDefinitions(current ? readDefinition(current.definition) : null, draft),
    };
  }
  const after = await published(version);
  if (!after) throw new DomainError("resource_missing", `No version ${version} of workflow '${id}'.`, { param: "version" });
  const before = version > 1 ? await published(version - 1) : null;
  return { after: `Version ${version}`, before: before ? `Version ${version - 1}` : "Nothing (first version)", ...diffDefinitions(before, after) };
}
