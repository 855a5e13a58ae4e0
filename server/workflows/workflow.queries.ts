/**
 * Reads of published workflows (the API never sees drafts: decisions.md "Workflow object").
 * They go through `current_version_id`, which never points at a preview snapshot of a draft
 * (`WorkflowVersion.preview`, server/workflows/preview-workflow.ts), so previews are never listed.
 */
import type { Db, Tx } from "../db";
import { DomainError, notFound } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { keysetList, NEWEST_FIRST, type ListQuery } from "../pagination";
import { sql, type Sql } from "../sql";
import type { PublishedWorkflow } from "./published-workflow";
import { toWorkflowDto } from "./workflow.dto";
import { ZWorkflowDefinition, type TWorkflowDefinition } from "./workflow.schemas";

/** The workflow's own columns of a PublishedWorkflow (a Prisma `select`). */
export const WORKFLOW_COLUMNS = { id: true, projectId: true, name: true, type: true, country: true, createdAt: true } as const;

const select = {
  ...WORKFLOW_COLUMNS,
  currentVersion: { select: { id: true, version: true, publishedAt: true, definition: true } },
} as const;

type Row = Prisma.WorkflowGetPayload<{ select: typeof select }>;

/** A workflow (its WORKFLOW_COLUMNS) with one of its versions and that version's parsed definition. */
export function asPublishedWorkflow(
  wf: Prisma.WorkflowGetPayload<{ select: typeof WORKFLOW_COLUMNS }>,
  version: { id: string; version: number; publishedAt: Date },
  definition: TWorkflowDefinition,
): PublishedWorkflow {
  return {
    id: wf.id,
    projectId: wf.projectId,
    name: wf.name,
    type: wf.type,
    country: wf.country,
    createdAt: wf.createdAt,
    versionId: version.id,
    version: version.version,
    publishedAt: version.publishedAt,
    definition,
  };
}

function toPublished(row: Row): PublishedWorkflow | null {
  if (!row.currentVersion) return null;
  return asPublishedWorkflow(row, row.currentVersion, ZWorkflowDefinition.parse(row.currentVersion.definition));
}

/** Bounded process cache: entries are checked against the database by the statement that uses them. */
const PUBLISHED_CACHE_MAX = 1000;
const publishedCache = new Map<string, PublishedWorkflow>();
const cacheKey = (projectId: string, id: string) => `${projectId}:${id}`;

/**
 * `getPublishedWorkflow` served from a per-process cache. Only for a writer that re-checks,
 * in its own statement, that the version is still current (`workflowIsCurrentSql`) and on a
 * miss calls `forgetPublishedWorkflow` and tries again: another instance may have published.
 * @throws DomainError as `getPublishedWorkflow` (errors are never cached).
 */
export async function cachedPublishedWorkflow(db: Db | Tx, projectId: string, id: string, param = "id"): Promise<PublishedWorkflow> {
  const hit = publishedCache.get(cacheKey(projectId, id));
  if (hit) return hit;
  const wf = await getPublishedWorkflow(db, projectId, id, param);
  if (publishedCache.size >= PUBLISHED_CACHE_MAX) publishedCache.delete(publishedCache.keys().next().value!);
  publishedCache.set(cacheKey(projectId, id), wf);
  return wf;
}

export function forgetPublishedWorkflow(projectId: string, id: string): void {
  publishedCache.delete(cacheKey(projectId, id));
}

/** SQL condition: `wf` is still the workflow's current published version, and not archived. */
export function workflowIsCurrentSql(wf: PublishedWorkflow): Sql {
  return sql`EXISTS (SELECT 1 FROM workflows WHERE id = ${wf.id} AND project_id = ${wf.projectId} AND current_version_id = ${wf.versionId} AND archived_at IS NULL)`;
}

/**
 * The current published version of a project's workflow. An archived workflow is refused
 * unless `opts.archived` is `allow` (GET /v1/workflows/{id} still shows it).
 * @throws DomainError resource_missing (unknown or foreign id), workflow_archived, workflow_not_published.
 */
export async function getPublishedWorkflow(
  db: Db | Tx,
  projectId: string,
  id: string,
  param = "id",
  opts: { archived?: "allow" | "refuse" } = {},
): Promise<PublishedWorkflow> {
  const row = await db.workflow.findFirst({ where: { id, projectId }, select: { ...select, archivedAt: true } });
  if (!row) throw notFound("workflow", id, param);
  if (row.archivedAt && opts.archived !== "allow") {
    throw new DomainError("workflow_archived", `Workflow '${id}' is archived: it takes no new sessions.`, { param });
  }
  const wf = toPublished(row);
  if (!wf) throw new DomainError("workflow_not_published", `Workflow '${id}' has no published version.`, { param });
  return wf;
}

/** GET /v1/workflows: the project's published workflows that are not archived, newest first, paginated. */
export async function listWorkflows(db: Db, projectId: string, q: ListQuery) {
  const where = { projectId, currentVersionId: { not: null }, archivedAt: null };
  return keysetList(
    "workflow",
    q,
    (id) => db.workflow.findFirst({ where: { id, ...where }, select: { id: true, createdAt: true } }),
    (after, take) => db.workflow.findMany({ where: { ...where, ...after }, orderBy: NEWEST_FIRST, take, select }),
    (row) => toWorkflowDto(toPublished(row)!),
  );
}

/** The definition of one specific version (sessions keep the version they started on). */
export async function getWorkflowVersionDefinition(db: Db | Tx, versionId: string): Promise<TWorkflowDefinition> {
  const v = await db.workflowVersion.findUniqueOrThrow({ where: { id: versionId }, select: { definition: true } });
  return ZWorkflowDefinition.parse(v.definition);
}
